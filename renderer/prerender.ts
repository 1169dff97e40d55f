/**
 * `build:site` last step (NODE_ENV=production): renders every route of dist-data/routes.json to
 * dist/<route>.html (clean URLs as `serve` maps them) across worker threads, writes
 * dist/404.html, and publishes the data (dist/_data/), each page's markdown twin beside its HTML,
 * feeds, sitemap, llms.txt, llms-full.txt and content/public/ in dist/.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { RouteManifest, type RouteEntry } from '../schemas/route.ts';
import { pageHead } from './lib/head.ts';
import { diskDataSource, documentHtml, loadServerEntry, readAssets, renderRoutes, writeHtml, type RenderJob } from './prerender-pages.ts';
import { COMMON_HEADERS, contentSecurityPolicy, formatHeadersFile, inlineScriptHashes, routeOfHtmlFile, type HeaderRules } from './security-headers.ts';

export { htmlFileForRoute } from './prerender-pages.ts';

const root = resolve(import.meta.dirname, '..');

export interface PrerenderOptions {
  /** dist-data/ to render (default <root>/dist-data). */
  dataDir?: string;
  /** The client build to write pages into (default <root>/dist, with its manifest.json). */
  outDir?: string;
  /** The server build (default <root>/dist-ssr). */
  ssrDir?: string;
  /** Files copied to the site root (default <root>/content/public). */
  publicDir?: string;
  quiet?: boolean;
  /** Upper bound on worker threads (default: the machine's cores, at most 4). */
  maxWorkers?: number;
}

/** Below this many routes per worker, a worker's start-up costs more than it saves. */
const ROUTES_PER_WORKER_MIN = 200;

/** Each worker renders a contiguous share of the routes and writes their files itself. */
async function renderAcrossWorkers(routes: Pick<RouteEntry, 'path' | 'lang'>[], job: RenderJob, maxWorkers?: number): Promise<void> {
  const cores = maxWorkers ?? Math.min(os.availableParallelism(), 4);
  const workers = Math.min(cores, Math.floor(routes.length / ROUTES_PER_WORKER_MIN));
  if (workers <= 1) return renderRoutes(routes, job);
  const share = Math.ceil(routes.length / workers);
  // The worker body comes bundled with the server build (see vite.config.ts): plain JavaScript.
  const workerFile = pathToFileURL(join(job.ssrDir, 'prerender-worker.js'));
  await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const workerData = { routes: routes.slice(w * share, (w + 1) * share), job };
      const worker = new Worker(workerFile, { workerData });
      return new Promise<void>((done, fail) => {
        worker.on('error', fail);
        worker.on('exit', (code) => (code === 0 ? done() : fail(new Error(`prerender worker exited with code ${code}`))));
      });
    }),
  );
}

/**
 * Every file under `from` at the same place under `to`, hard-linked: the pipeline never writes
 * into an existing file of dist-data/ (it swaps in a new folder, or in a dev session renames new
 * files over old ones), so the site may share the files (tens of thousands at scale, where
 * copying them took seconds). Copied when the two folders are on different file systems.
 */
function linkTree(from: string, to: string): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      linkTree(source, target);
      continue;
    }
    linkFile(source, target);
  }
}

function linkFile(source: string, target: string): void {
  rmSync(target, { force: true });
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}

export async function prerender(options: PrerenderOptions = {}): Promise<{ pages: number }> {
  const started = performance.now();
  const dataDir = options.dataDir ?? join(root, 'dist-data');
  const outDir = options.outDir ?? join(root, 'dist');
  const ssrDir = options.ssrDir ?? join(root, 'dist-ssr');
  const manifest = RouteManifest.parse(JSON.parse(await readFile(join(dataDir, 'routes.json'), 'utf8')));
  const job: RenderJob = { dataDir, outDir, ssrDir, assets: await readAssets(outDir) };
  await renderAcrossWorkers(manifest.routes.map(({ path, lang }) => ({ path, lang })), job, options.maxWorkers);

  const ssr = await loadServerEntry(ssrDir);
  const data = diskDataSource(dataDir);
  const site = await data.site();
  const { assets } = job;

  // Any path without a record renders the 404 view, one file per language (404.html, zh/404.html):
  // hosts answer an unknown URL with the 404.html nearest to it (scripts/serve.ts does the same).
  for (const { lang, prefix } of site.locales) {
    const path = `${prefix}/404`;
    const notFound = await ssr.renderUrl(path, data);
    if (notFound.status !== 200 || (await data.page(path))) throw new Error(`prerender ${path}: status ${notFound.status}, or a page exists there`);
    await writeHtml(
      join(outDir, `${path}.html`),
      documentHtml({ head: pageHead(site, null, lang), app: notFound.html, parts: notFound.parts, assets, darkMode: site.themeConfig.darkMode, dehydrate: false }),
    );
  }

  // Data for client navigation, and the files other tools read from the site root: among them
  // the plain-markdown twin of each page, beside its HTML (guide/start/index.md by index.html).
  linkTree(dataDir, join(outDir, '_data'));
  linkTree(join(dataDir, 'markdown'), outDir);
  linkTree(join(dataDir, 'feeds'), join(outDir, 'feeds')); // none on a site without blog posts
  for (const file of ['sitemap.xml', 'llms.txt', 'llms-full.txt']) if (existsSync(join(dataDir, file))) linkFile(join(dataDir, file), join(outDir, file));
  await cp(options.publicDir ?? join(root, 'content', 'public'), outDir, { recursive: true });

  await writeSecurityHeaders(outDir);

  const ms = Math.round(performance.now() - started);
  if (!options.quiet) console.log(`prerendered ${manifest.routes.length} routes + ${site.locales.length} 404 pages in ${ms} ms`);
  return { pages: manifest.routes.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `--data <dir> --out <dir> --ssr <dir> --public <dir>`: render another dist-data/ (benchmarks, fixtures).
  const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' }, ssr: { type: 'string' }, public: { type: 'string' } } });
  const dir = (value: string | undefined) => value && resolve(value);
  await prerender({ dataDir: dir(values.data), outDir: dir(values.out), ssrDir: dir(values.ssr), publicDir: dir(values.public) });
}

/** dist/_headers: the common headers for every path, then each page's Content-Security-Policy. */
async function writeSecurityHeaders(outDir: string): Promise<void> {
  const htmlFiles = (await readdir(outDir, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
  const rules: HeaderRules = new Map([['/*', { ...COMMON_HEADERS }]]);
  for (const file of htmlFiles) {
    const html = await readFile(join(outDir, file), 'utf8');
    rules.set(routeOfHtmlFile(file), { 'Content-Security-Policy': contentSecurityPolicy(inlineScriptHashes(html)) });
  }
  await writeFile(join(outDir, '_headers'), formatHeadersFile(rules));
}
