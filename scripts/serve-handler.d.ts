declare module 'serve-handler' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface Options {
    public?: string;
    cleanUrls?: boolean | string[];
    trailingSlash?: boolean;
    directoryListing?: boolean | string[];
    headers?: { source: string; headers: { key: string; value: string }[] }[];
    [key: string]: unknown;
  }
  export default function handler(req: IncomingMessage, res: ServerResponse, options?: Options): Promise<void>;
}
