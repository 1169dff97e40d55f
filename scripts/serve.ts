/**
 * `npm run serve`: serves dist/ on 127.0.0.1 (PORT or 4173) with clean URLs and 404.html answered
 * with status 404, through `serve-handler` (the handler of the `serve` package), gzip-compressed
 * like any real static host (`compression`, as `serve` itself does): the bench and Lighthouse
 * measure transfer sizes a reader would get.
 * `startServer({ port: 0 })` starts it on an ephemeral port for the tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import handler from 'serve-handler';
import { parseHeadersFile, type HeaderRules } from '../renderer/security-headers.ts';

/** Longer request targets answer 414: serve-handler would fail on the file name (500). */
export const MAX_URL_LENGTH = 2048;

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(opts: { port?: number; dir?: string } = {}): Promise<RunningServer> {
  const publicDir = opts.dir ?? resolve(import.meta.dirname, '..', 'dist');
  const compress = compression();
  // The headers prerender wrote for static hosts (renderer/security-headers.ts), sent here too.
  const headersFile = resolve(publicDir, '_headers');
  const rules: HeaderRules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : new Map();
  const server: Server = createServer((req, res) => {
    if (!answerable(req, res, rules)) return;
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () =>
      handler(req, res, {
        public: publicDir,
        cleanUrls: true,
        directoryListing: false,
        headers: [
          // Hashed assets never change; HTML and data are revalidated.
          { source: '_assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
        ],
      }),
    );
  });
  await new Promise<void>((resolveListen) => server.listen(opts.port ?? 4173, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Sets the response's headers from the rules, or answers by itself: 405 for a method a static
 * site has no use for, 414 for an overlong URL, 404 for the headers file. Returns whether the
 * file handler should answer.
 */
function answerable(req: IncomingMessage, res: ServerResponse, rules: HeaderRules): boolean {
  for (const [name, value] of Object.entries(rules.get('/*') ?? {})) res.setHeader(name, value);
  const refuse = (status: number, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    res.end(req.method === 'HEAD' ? undefined : `${status}\n`);
    return false;
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(405, { Allow: 'GET, HEAD' });
  const url = req.url ?? '/';
  if (url.length > MAX_URL_LENGTH) return refuse(414);
  let path = url.split(/[?#]/)[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    return refuse(400);
  }
  // No file name is longer than 255 bytes: serve-handler would fail on such a name (500).
  if (path === '/_headers' || path.split('/').some((segment) => Buffer.byteLength(segment) > 255)) return refuse(404);
  // A page's own policy; any other path (an unknown URL answers 404.html) gets the 404 page's.
  const page = rules.get(path.replace(/\.html$/, '').replace(/\/index$/, '/')) ?? rules.get('/404.html');
  for (const [name, value] of Object.entries(page ?? {})) res.setHeader(name, value);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const running = await startServer({ port: Number(process.env.PORT ?? 4173) });
  console.log(`Serving dist/ at ${running.url}`);
}
