/**
 * `npm run dev`: the pipeline in watch mode plus the renderer's Vite dev server.
 * Saving a page or content/site.json rebuilds dist-data/ (only changed pages are recompiled, via
 * the pipeline's cache) and tells the open browser to reload its data in place; content errors
 * go to the terminal and to an in-page overlay, and clear when fixed.
 * `startDev({ root, port: 0 })` runs it on any content root for the tests.
 */
import { watch, type FSWatcher } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { build, saveBuildMemory } from '../pipeline/build.ts';
import { formatDiagnostic, type Diagnostic } from '../pipeline/diagnostics.ts';
import { warmUp } from '../pipeline/compile/compile-page.ts';
import { createHighlighter } from '../pipeline/compile/highlight.ts';
import { emptyMemory } from '../pipeline/memo/build-memory.ts';

const projectDir = path.resolve(import.meta.dirname, '..');

export interface DevServer {
  url: string;
  /** Resolves after the rebuild that follows the latest change has been announced. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How long edits must pause before the pipeline's cache is written to disk. Writing it takes
 * a while on a large site (about half a second at 10,000 pages per language), and the browser
 * fetches the rebuilt page right after a rebuild: it must not wait behind that write.
 */
const SAVE_AFTER_MS = 2000;

const TYPES: Record<string, string> = { '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8', '.md': 'text/markdown; charset=utf-8' };

export async function startDev(options: { root?: string; port?: number; quiet?: boolean } = {}): Promise<DevServer> {
  const root = path.resolve(options.root ?? projectDir);
  const log = options.quiet ? () => {} : (line: string) => console.log(line);
  const highlighter = await createHighlighter();  // every language: a dev session may use any of them
  // The pipeline's cache stays in memory between rebuilds; it goes to disk once edits pause.
  const memory = emptyMemory();
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => saveBuildMemory({ root }, memory);
  let errors: Diagnostic[] = [];

  // Paths under content/ the watcher reported since the last rebuild; null: look at everything.
  let changed: Set<string> | null = null;
  const rebuild = async (prime = false) => {
    const started = performance.now();
    const since = changed;
    changed = new Set();
    // force: keep previewing the last good records while a page is broken.
    const result = await build({ root, highlighter, force: true, memory, changed: since ?? undefined, prime });
    errors = result.diagnostics.filter((d) => d.severity === 'error');
    for (const d of result.diagnostics) log(formatDiagnostic(d));
    log(`${result.ok ? '✔' : '✖'} rebuilt in ${Math.round(performance.now() - started)} ms (${result.compiled} page(s) compiled)`);
    clearTimeout(saveTimer);
    saveTimer = setTimeout(save, SAVE_AFTER_MS);
  };
  await rebuild(true);
  // Before the first save: the compiler has not run in this thread yet (the cache had every page).
  warmUp(highlighter);
  let running: Promise<void> = Promise.resolve();

  const vite: ViteDevServer = await createServer({
    configFile: path.join(projectDir, 'renderer/vite.config.ts'),
    root: projectDir,
    appType: 'custom',
    server: { host: '127.0.0.1', port: options.port ?? Number(process.env.PORT ?? 5173), strictPort: options.port !== 0, watch: { ignored: ['**/content/**', '**/dist-data/**', '**/dist/**', '**/.cache/**'] } },
    logLevel: options.quiet ? 'silent' : 'info',
  });

  // Data and public files first, then an HTML shell for every other GET.
  vite.middlewares.use(async (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const data = url.pathname.startsWith('/_data/') || url.pathname.endsWith('.md');
    // A rebuild moves its files into dist-data/ one by one (pipeline/stages/emit.ts): data is served
    // between rebuilds, so that a page never meets a record newer or older than its neighbours.
    if (data) await running.catch(() => undefined);
    const file = url.pathname.startsWith('/_data/')
      ? path.join(root, 'dist-data', decodeURIComponent(url.pathname.slice('/_data/'.length)))
      : url.pathname.endsWith('.md') // a page's markdown twin, beside its HTML as in the built site
        ? path.join(root, 'dist-data', 'markdown', decodeURIComponent(url.pathname))
        : path.join(root, 'content', 'public', decodeURIComponent(url.pathname));
    const inside = file.startsWith(path.join(root, 'dist-data') + path.sep) || file.startsWith(path.join(root, 'content', 'public') + path.sep);
    if (inside && (await stat(file).catch(() => null))?.isFile()) {
      res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
      res.setHeader('cache-control', 'no-store');
      res.end(await readFile(file));
      return;
    }
    if (url.pathname.startsWith('/_data/')) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    const accept = req.headers.accept ?? '';
    if (req.method !== 'GET' || !accept.includes('text/html')) return next();
    const shell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Rslib docs (dev)</title></head><body><div id="app"></div><script type="module" src="/renderer/app/entry-client.tsx"></script></body></html>`;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(await vite.transformIndexHtml(url.pathname, shell));
  });
  await vite.listen();
  const { port } = vite.httpServer!.address() as AddressInfo;

  // Rebuilds run one at a time; changes during a rebuild queue exactly one more.
  let queued = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (queued) return;
      queued = true;
      running = running.then(async () => {
        queued = false;
        await rebuild();
        vite.ws.send({ type: 'custom', event: 'docs:update', data: { errors } });
      });
    }, 40);
  };
  const watcher: FSWatcher = watch(path.join(root, 'content'), { recursive: true }, (_event, file) => {
    // An event without a name (the watcher overflowed): the next rebuild looks at everything.
    if (file === null) changed = null;
    else changed?.add(file);
    schedule();
  });
  // The page asks for the current state when it connects (an error may predate it).
  vite.ws.on('docs:hello', (_data, client) => client.send('docs:update', { errors }));

  return {
    url: `http://127.0.0.1:${port}`,
    settled: async () => {
      await new Promise((r) => setTimeout(r, 60));
      await running;
    },
    close: async () => {
      watcher.close();
      clearTimeout(timer);
      await running;
      clearTimeout(saveTimer);
      save();
      await vite.close();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dev = await startDev();
  console.log(`\n  Docs dev server: ${dev.url}\n`);
  // Ctrl+C: write the pipeline's cache first, so that the next build starts warm.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void dev.close().finally(() => process.exit(0)));
  }
}
