/**
 * `npm run build`'s last step (scripts/build-site.ts, NODE_ENV=production): renders every route of
 * dist-data/routes.json to dist/<route>.html (clean URLs as `serve` maps them) across worker
 * threads, or with a state file only the routes whose inputs changed (reuse.ts), writes
 * dist/404.html, and publishes the data (dist/_data/), each page's markdown twin beside its HTML,
 * feeds, sitemap, llms.txt, llms-full.txt and content/public/ in dist/.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { RouteManifest, type RouteEntry } from '../../schemas/route.ts';
import { tuneV8ForLongRun } from '../../runtime/v8-flags.mjs';
import { pageHead } from '../lib/head.ts';
import { diskDataSource, documentHtml, htmlFileForRoute, loadServerEntry, readAssets, renderRoutes, writeHtml, type RenderedRoute, type RenderJob } from './pages.ts';
import { linkFile, linkTree } from './link-tree.ts';
import { fileDigests, readState, renderKey, reusable, routeKey, sweep, writeState, type PrerenderState } from './reuse.ts';
import { CACHE_CONTROL, CACHE_RULES, publicCacheRules } from './cache-headers.ts';
import { COMMON_HEADERS, contentSecurityPolicy, formatHeadersFile, inlineScriptHashes, routeOfHtmlFile, type HeaderRules } from './security-headers.ts';

export { htmlFileForRoute } from './pages.ts';

const root = resolve(import.meta.dirname, '../..');

export interface PrerenderOptions {
  /** dist-data/ to render (default <root>/dist-data). */
  dataDir?: string;
  /** The client build to write pages into (default <root>/dist, with its manifest.json). */
  outDir?: string;
  /** The server build (default <root>/dist-ssr). */
  ssrDir?: string;
  /** Files copied to the site root (default <root>/content/public). */
  publicDir?: string;
  /**
   * Where to keep what each route's HTML was made from (reuse.ts): given, a route
   * whose inputs did not change since the run that wrote the file keeps its HTML. Without it,
   * every route is rendered.
   */
  stateFile?: string;
  quiet?: boolean;
  /** Upper bound on worker threads (default: the machine's cores, at most 4). */
  maxWorkers?: number;
  /** Workers started ahead (startRenderWorkers): prerender renders on as many as it needs and stops the others. */
  workers?: RenderWorker[];
}

export interface PrerenderResult {
  /** Routes of the site (404 pages not counted). */
  pages: number;
  /** Routes rendered by this run; the others kept their HTML. */
  rendered: number;
  /** Files removed from outDir that the site no longer has (pages, data, public files). */
  removed: number;
}

/**
 * Below this many routes per worker, a worker's start-up (about 50 ms to load the server build)
 * costs more than it saves. The 140 routes of content/ took 1.22-1.27 s on this thread and 1.11-1.14 s
 * on two workers, in a cold `npm run build` with nothing else running by then (three runs each).
 */
const ROUTES_PER_WORKER_MIN = 60;

/** A worker thread of prerender, its server build loaded or loading, waiting for its routes. */
export interface RenderWorker {
  /** Renders these routes and writes their files; resolves with what each render read. One share at a time, all of one job. */
  render(routes: Pick<RouteEntry, 'path' | 'lang'>[], job: RenderJob): Promise<RenderedRoute[]>;
  /** Stops the worker (one not needed, or one whose last share is rendered), a share under way failing; resolves once its thread has ended. */
  stop(): Promise<void>;
}

/**
 * Routes a worker is given at once, at most: each takes the next share when it has rendered its
 * last, so that they end together. Given half the routes each, the worker with the English half
 * (the longer pages) ended 0.3 s after the other of 1,000+1,000 pages, of 6.1 s, and 0.03-0.11 s
 * after it of content/'s 0.6-0.7 s. In shares of 64 they ended 0.17 s apart (a share's time);
 * a share costs a message each way, a fraction of a millisecond.
 */
const SHARE_MAX = 16;

/** The worker threads prerender starts on this machine: its cores, at most 4. */
const defaultWorkers = () => Math.min(os.availableParallelism(), 4);

/**
 * Prerender's workers, started before the routes they render are known: each loads the server
 * build (about 0.2 s of a cold build's last step) and waits. `npm run build` starts them while
 * the data step ends (scripts/build-site.ts), when it leaves a core idle.
 */
export function startRenderWorkers(ssrDir: string, count = defaultWorkers()): RenderWorker[] {
  // As compile workers (pipeline/workers/compile-pool.ts): rendering is hot code, and the build's
  // last step: nothing after it profits from the build commands' larger tiering budget.
  tuneV8ForLongRun();
  return Array.from({ length: count }, () => startRenderWorker(ssrDir));
}

function startRenderWorker(ssrDir: string): RenderWorker {
  // The worker body comes bundled with the server build (see vite.config.ts): plain JavaScript.
  // Without the parent's flags: under tsx they would load its loader into the worker too (see
  // pipeline/workers/worker.ts, startWorker).
  const worker = new Worker(pathToFileURL(join(ssrDir, 'prerender-worker.js')), { workerData: { ssrDir }, execArgv: [] });
  let share: { resolve: (rendered: RenderedRoute[]) => void; reject: (error: Error) => void } | null = null;
  let failed: Error | null = null;
  const fail = (error: Error) => {
    failed ??= error;
    share?.reject(failed);
    share = null;
  };
  worker.on('message', (rendered: RenderedRoute[]) => {
    share?.resolve(rendered);
    share = null;
  });
  worker.on('error', fail);
  let stopping = false;
  worker.on('exit', (code) => {
    if (!stopping) fail(new Error(`prerender worker exited with code ${code}`));
  });
  return {
    render(routes, job) {
      if (failed) return Promise.reject(failed);
      return new Promise((resolve, reject) => {
        share = { resolve, reject };
        worker.postMessage({ routes, job });
      });
    },
    async stop() {
      stopping = true;
      share?.reject(new Error('prerender worker stopped'));
      share = null;
      await worker.terminate();
    },
  };
}

/**
 * The workers render the routes and write their files themselves, each taking the next share of
 * them as it finishes one (SHARE_MAX); `started` are used first, and those not needed stopped.
 * What each render read comes back in the routes' order.
 */
async function renderAcrossWorkers(routes: Pick<RouteEntry, 'path' | 'lang'>[], job: RenderJob, maxWorkers: number | undefined, started: RenderWorker[]): Promise<RenderedRoute[]> {
  const count = Math.min(maxWorkers ?? defaultWorkers(), Math.floor(routes.length / ROUTES_PER_WORKER_MIN));
  const workers = count > 1 ? started.slice(0, count) : [];
  for (const unused of started.slice(workers.length)) void unused.stop();
  if (count <= 1) return renderRoutes(routes, job);
  if (workers.length < count) workers.push(...startRenderWorkers(job.ssrDir, count - workers.length));
  // A few shares a worker at least, so that one finishing early finds more.
  const size = Math.min(SHARE_MAX, Math.ceil(routes.length / (count * 8)));
  const shares = Array.from({ length: Math.ceil(routes.length / size) }, (_, i) => routes.slice(i * size, (i + 1) * size));
  const rendered: RenderedRoute[][] = [];
  let next = 0;
  const failures: unknown[] = [];
  const stopAll = () => Promise.all(workers.map((worker) => worker.stop()));
  await Promise.all(
    workers.map(async (worker) => {
      try {
        while (next < shares.length && failures.length === 0) {
          const at = next++;
          rendered[at] = await worker.render(shares[at]!, job);
        }
      } catch (error) {
        // The first failure stops every worker before prerender fails, so that none goes on
        // writing after it: the others' shares under way fail with it.
        if (failures.push(error) === 1) await stopAll();
      }
    }),
  );
  await stopAll();
  if (failures.length > 0) throw failures[0];
  return rendered.flat();
}

/** What the client build wrote into outDir, which prerender leaves to it. */
const isClientBuildFile = (rel: string) => rel === 'manifest.json' || rel.startsWith('_assets/');

export async function prerender(options: PrerenderOptions = {}): Promise<PrerenderResult> {
  const started = performance.now();
  const dataDir = options.dataDir ?? join(root, 'dist-data');
  const outDir = options.outDir ?? join(root, 'dist');
  const ssrDir = options.ssrDir ?? join(root, 'dist-ssr');
  const manifest = RouteManifest.parse(JSON.parse(await readFile(join(dataDir, 'routes.json'), 'utf8')));
  const job: RenderJob = { dataDir, outDir, ssrDir, assets: await readAssets(outDir) };

  // Routes whose HTML can stay, and the state they keep; the others are rendered.
  const previous = readState(options.stateFile);
  const render = renderKey(ssrDir, job.assets);
  const digestOf = fileDigests(dataDir, manifest.routes.map((route) => [route.data, route.hash] as const));
  const state: PrerenderState = { version: previous.version, routes: {} };
  const toRender: Pick<RouteEntry, 'path' | 'lang'>[] = [];
  for (const { path, lang } of manifest.routes) {
    const kept = reusable(previous.routes[path], (reads) => routeKey(render, { path, lang }, reads, digestOf), join(outDir, htmlFileForRoute(path)));
    if (kept) state.routes[path] = kept;
    else toRender.push({ path, lang });
  }
  // Before any file is written: a run killed half-way must not leave entries of routes it rewrote.
  if (options.stateFile && toRender.length) writeState(options.stateFile, state);

  const langOf = new Map(toRender.map(({ path, lang }) => [path, lang]));
  for (const route of await renderAcrossWorkers(toRender, job, options.maxWorkers, options.workers ?? [])) {
    const lang = langOf.get(route.path)!;
    const size = statSync(join(outDir, htmlFileForRoute(route.path))).size;
    state.routes[route.path] = { key: routeKey(render, { path: route.path, lang }, route.reads, digestOf), reads: route.reads, size, scriptHashes: route.scriptHashes };
  }

  const ssr = await loadServerEntry(ssrDir);
  const data = diskDataSource(dataDir);
  const site = await data.site();
  const { assets } = job;
  /** Inline script hashes by HTML file, for `_headers`. */
  const scripts = new Map(Object.entries(state.routes).map(([path, route]) => [htmlFileForRoute(path), route.scriptHashes]));

  // Any path without a record renders the 404 view, one file per language (404.html, zh/404.html):
  // hosts answer an unknown URL with the 404.html nearest to it (scripts/serve.ts does the same).
  // Always rendered: two pages, and what they show depends on no record.
  for (const { lang, prefix } of site.locales) {
    const path = `${prefix}/404`;
    const notFound = await ssr.renderUrl(path, data);
    if (notFound.status !== 200 || (await data.page(path))) throw new Error(`prerender ${path}: status ${notFound.status}, or a page exists there`);
    const html = documentHtml({ head: pageHead(site, null, lang), app: notFound.html, parts: notFound.parts, assets, darkMode: site.themeConfig.darkMode, dehydrate: false });
    writeHtml(join(outDir, `${path}.html`), html);
    scripts.set(`${path.slice(1)}.html`, inlineScriptHashes(html));
  }

  // Data for client navigation, and the files other tools read from the site root: among them
  // the plain-markdown twin of each page, beside its HTML (guide/start/index.md by index.html).
  const published = new Set<string>(['_headers', ...scripts.keys()]);
  const made = (target: string) => published.add(relative(outDir, target).split(sep).join('/'));
  linkTree(dataDir, join(outDir, '_data'), made);
  linkTree(join(dataDir, 'markdown'), outDir, made);
  linkTree(join(dataDir, 'feeds'), join(outDir, 'feeds'), made); // none on a site without blog posts
  for (const file of ['sitemap.xml', 'llms.txt', 'llms-full.txt']) {
    if (!existsSync(join(dataDir, file))) continue;
    linkFile(join(dataDir, file), join(outDir, file));
    made(join(outDir, file));
  }
  const publicDir = options.publicDir ?? join(root, 'content', 'public');
  await cp(publicDir, outDir, { recursive: true });
  if (existsSync(publicDir)) for (const rel of readdirSync(publicDir, { recursive: true }) as string[]) made(join(outDir, rel));

  // An earlier build into the same folder may have left what this site no longer has: a
  // deleted page's HTML, twin and record, a removed public file.
  const removed = sweep(outDir, (rel) => isClientBuildFile(rel) || published.has(rel));

  await writeHeadersFile(outDir, scripts, publicDir);
  if (options.stateFile) writeState(options.stateFile, state);

  const ms = Math.round(performance.now() - started);
  const reused = manifest.routes.length - toRender.length;
  if (!options.quiet) console.log(`prerendered ${toRender.length} routes (${reused} unchanged) + ${site.locales.length} 404 pages in ${ms} ms`);
  return { pages: manifest.routes.length, rendered: toRender.length, removed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `--data <dir> --out <dir> --ssr <dir> --public <dir>`: render another dist-data/ (benchmarks, fixtures).
  // `--state <file>`: keep unchanged routes' HTML (see PrerenderOptions.stateFile).
  const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' }, ssr: { type: 'string' }, public: { type: 'string' }, state: { type: 'string' } } });
  const dir = (value: string | undefined) => value && resolve(value);
  await prerender({ dataDir: dir(values.data), outDir: dir(values.out), ssrDir: dir(values.ssr), publicDir: dir(values.public), stateFile: dir(values.state) });
}

/**
 * dist/_headers: the common headers for every path, the caching of assets, data and public files
 * (renderer/prerender/cache-headers.ts), then each page's Content-Security-Policy and caching. `known` has
 * the inline script hashes of the pages rendered or kept; any other HTML file (one of
 * content/public/) is read.
 */
async function writeHeadersFile(outDir: string, known: ReadonlyMap<string, string[]>, publicDir: string): Promise<void> {
  const htmlFiles = (await readdir(outDir, { recursive: true })).map((file) => file.split(sep).join('/')).filter((file) => file.endsWith('.html')).sort();
  const rules: HeaderRules = new Map([['/*', { ...COMMON_HEADERS }]]);
  for (const [pattern, cacheControl] of [...CACHE_RULES, ...publicCacheRules(publicDir)]) rules.set(pattern, { 'Cache-Control': cacheControl });
  for (const file of htmlFiles) {
    const hashes = known.get(file) ?? inlineScriptHashes(await readFile(join(outDir, file), 'utf8'));
    rules.set(routeOfHtmlFile(file), { 'Content-Security-Policy': contentSecurityPolicy(hashes), 'Cache-Control': CACHE_CONTROL.revalidate });
  }
  await writeFile(join(outDir, '_headers'), formatHeadersFile(rules));
}
