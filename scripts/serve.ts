/**
 * `npm run serve`: serves dist/ on 127.0.0.1 (PORT or 4173) with clean URLs and 404.html answered
 * with status 404, through `serve-handler` (the handler of the `serve` package), gzip-compressed
 * like any real static host (`compression`, as `serve` itself does): the bench and Lighthouse
 * measure transfer sizes a reader would get.
 * `startServer({ port: 0 })` starts it on an ephemeral port for the tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import handler from 'serve-handler';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(opts: { port?: number; dir?: string } = {}): Promise<RunningServer> {
  const publicDir = opts.dir ?? resolve(import.meta.dirname, '..', 'dist');
  const compress = compression();
  const server: Server = createServer((req, res) =>
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => handler(req, res, {
      public: publicDir,
      cleanUrls: true,
      directoryListing: false,
      headers: [
        // Hashed assets never change; HTML and data are revalidated.
        { source: '_assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
      ],
    })),
  );
  await new Promise<void>((resolveListen) => server.listen(opts.port ?? 4173, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const running = await startServer({ port: Number(process.env.PORT ?? 4173) });
  console.log(`Serving dist/ at ${running.url}`);
}
