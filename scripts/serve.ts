/**
 * `npm run serve`: serves dist/ on 127.0.0.1 (PORT or 4173) with clean URLs and 404.html answered
 * with status 404, through `serve-handler` (the handler of the `serve` package), gzip-compressed
 * like any real static host (`compression`, as `serve` itself does): the bench and Lighthouse
 * measure transfer sizes a reader would get.
 * `startServer({ port: 0 })` starts it on an ephemeral port for the tests.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import handler from 'serve-handler';
import { CACHE_CONTROL, patternMatches } from '../renderer/prerender/cache-headers.ts';
import { parseHeadersFile, type HeaderRules } from '../renderer/prerender/security-headers.ts';

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
  // The headers prerender wrote for static hosts (renderer/prerender/security-headers.ts), sent here too.
  const headersFile = resolve(publicDir, '_headers');
  const rules: HeaderRules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : new Map();
  const server: Server = createServer((req, res) => {
    setHeaders(res, rules.get('/*'));
    const path = answerablePath(req, res);
    if (path === null) return;
    // Another language's unknown URL gets that language's 404 page, as static hosts do.
    const notFound = nestedNotFoundPage(publicDir, path);
    // A page's own policy; any other path (an unknown URL answers a 404 page) gets that page's.
    const page = rules.get(notFound ?? pageRule(path));
    setHeaders(res, page?.['Content-Security-Policy'] ? page : rules.get('/404.html'));
    // The caching rules that match the path (hashed assets, data, public files), as a host reads
    // them from the same file; what none names is revalidated, as Cloudflare Pages does.
    for (const [pattern, headers] of rules) if (pattern !== '/*' && !headers['Content-Security-Policy'] && patternMatches(pattern, path)) setHeaders(res, headers);
    if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', CACHE_CONTROL.revalidate);
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
      if (notFound) {
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(req.method === 'HEAD' ? undefined : readFileSync(join(publicDir, notFound)));
        return;
      }
      void handler(req, res, {
        public: publicDir,
        cleanUrls: true,
        directoryListing: false,
        // Caching comes from dist/_headers (renderer/prerender/cache-headers.ts), set above.
      });
    });
  });
  await new Promise<void>((resolveListen) => server.listen(opts.port ?? 4173, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    // Every connection ends with the server: a browser keeps a socket open that has sent no
    // request yet (a speculative connection), and Node closes only idle ones, so close() waited
    // for that socket's headers timeout (60 s: an end-to-end test's afterAll timed out).
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/**
 * Answers by itself what the file handler should not: 405 for a method a static site has no use
 * for, 414 for an overlong URL, 400 for a malformed one (a bad escape, a control character),
 * 404 for the headers file and for a path segment longer than any file name. Returns the
 * decoded path when the file handler should answer, else null.
 */
function answerablePath(req: IncomingMessage, res: ServerResponse): string | null {
  const refuse = (status: number, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    res.end(req.method === 'HEAD' ? undefined : `${status}\n`);
    return null;
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(405, { Allow: 'GET, HEAD' });
  const url = req.url ?? '/';
  if (url.length > MAX_URL_LENGTH) return refuse(414);
  let path = url.split(/[?#]/)[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    return refuse(400); // a malformed escape, such as /%E0%A4%A
  }
  // A control character (/a%00b) names no file: the file handler would fail on it (500).
  if (/[\u0000-\u001f\u007f]/.test(path)) return refuse(400);
  // No file name is longer than 255 bytes: serve-handler would fail on such a name (500).
  if (path === '/_headers' || path.split('/').some((segment) => Buffer.byteLength(segment) > 255)) return refuse(404);
  return path;
}

function setHeaders(res: ServerResponse, headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
}

/** The rule key of the page a path shows: /a/b.html and /a/b → /a/b, /a/index → /a/. */
function pageRule(path: string): string {
  return path.replace(/\.html$/, '').replace(/\/index$/, '/');
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/**
 * For a path no file answers, the 404.html of its nearest folder below the root (`zh/404.html`
 * for `/zh/nope`), as Cloudflare Pages and similar hosts pick it; null when a file answers the
 * path or only the root's 404.html applies (serve-handler answers those itself).
 */
export function nestedNotFoundPage(publicDir: string, path: string): string | null {
  const relative = normalize(path).replace(/^[\\/]+/, '');
  const base = join(publicDir, relative);
  if (!base.startsWith(publicDir)) return null;
  const candidates = path.endsWith('/') ? [join(base, 'index.html')] : [base, `${base}.html`, join(base, 'index.html')];
  if (candidates.some(isFile)) return null;
  for (let dir = dirname(relative); dir !== '.' && dir !== '/' && dir !== ''; dir = dirname(dir)) {
    const page = join(dir, '404.html');
    if (isFile(join(publicDir, page))) return `/${page.split(sep).join('/')}`;
  }
  return null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const running = await startServer({ port: Number(process.env.PORT ?? 4173) });
  console.log(`Serving dist/ at ${running.url}`);
}
