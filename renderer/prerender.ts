/**
 * `build:site` last step (NODE_ENV=production): renders every route of dist-data/routes.json to
 * dist/<route>.html (clean URLs as `serve` maps them), writes dist/404.html, and copies the data
 * (dist/_data/), feeds, sitemap, llms.txt and content/public/ into dist/.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PageRecord } from '../schemas/page.ts';
import { parseArgs } from 'node:util';
import { dataPathForRoute, SHELL_DATA_PATH } from '../schemas/paths.ts';
import { RouteManifest } from '../schemas/route.ts';
import { SidebarFile } from '../schemas/sidebar-file.ts';
import { SiteShell } from '../schemas/site.ts';
import type { DataSource } from './data.ts';
import { headTagsToHtml, pageHead, escapeHtml } from './lib/head.ts';
import { bootScript } from './lib/theme.ts';

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
}

/** `/` → index.html, `/zh/` → zh/index.html, `/guide/start/quick-start` → guide/start/quick-start.html. */
export function htmlFileForRoute(routePath: string): string {
  const path = routePath.replace(/^\/+/, '');
  if (path === '' || path.endsWith('/')) return `${path}index.html`;
  return `${path}.html`;
}

interface Assets {
  js: string;
  css: string[];
  preload: string[];
}

async function readAssets(outDir: string): Promise<Assets> {
  const manifest = JSON.parse(await readFile(join(outDir, 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[]; isEntry?: boolean; imports?: string[] }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('dist/manifest.json has no entry chunk');
  const preload = (entry.imports ?? []).map((key) => `/${manifest[key]!.file}`);
  // With cssCodeSplit off the one stylesheet is its own manifest entry, not attached to the chunk.
  const css = [...new Set([...(entry.css ?? []), ...Object.values(manifest).filter((c) => c.file.endsWith('.css')).map((c) => c.file)])];
  return { js: `/${entry.file}`, css: css.map((file) => `/${file}`), preload };
}

/** Reads records from dist-data/ on disk, validated like the browser validates fetched ones. */
function diskDataSource(dataDir: string): DataSource {
  let site: Promise<SiteShell> | undefined;
  const sidebars = new Map<string, Promise<SidebarFile>>();
  return {
    site() {
      site ??= readFile(join(dataDir, SHELL_DATA_PATH), 'utf8').then((text) => SiteShell.parse(JSON.parse(text)));
      return site;
    },
    sidebar(dataPath) {
      let file = sidebars.get(dataPath);
      if (!file) {
        file = readFile(join(dataDir, dataPath), 'utf8').then((text) => SidebarFile.parse(JSON.parse(text)));
        sidebars.set(dataPath, file);
      }
      return file;
    },
    async page(routePath) {
      try {
        const text = await readFile(join(dataDir, dataPathForRoute(routePath)), 'utf8');
        return PageRecord.parse(JSON.parse(text));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

function documentHtml(opts: { head: ReturnType<typeof pageHead>; app: string; assets: Assets; darkMode: boolean; dehydrate: boolean }): string {
  const { head, app, assets } = opts;
  // 404.html hydrates without embedded state (its URL is not known at build time): drop the router's state scripts.
  const body = opts.dehydrate ? app : app.replace(/<script[^>]*data-tsr-stream-part[^>]*>[\s\S]*?<\/script>/g, '');
  return [
    '<!DOCTYPE html>',
    `<html lang="${head.lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    `<script>${bootScript(opts.darkMode)}</script>`,
    ...assets.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    `<link rel="modulepreload" href="${assets.js}">`,
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${href}">`),
    '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">',
    '<meta name="theme-color" content="#121214" media="(prefers-color-scheme: dark)">',
    headTagsToHtml(head.tags),
    '</head>',
    '<body>',
    `<div id="app">${body}</div>`,
    `<script type="module" src="${assets.js}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}

async function write(file: string, content: string) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

export async function prerender(options: PrerenderOptions = {}): Promise<{ pages: number }> {
  const started = performance.now();
  const dataDir = options.dataDir ?? join(root, 'dist-data');
  const outDir = options.outDir ?? join(root, 'dist');
  const ssrDir = options.ssrDir ?? join(root, 'dist-ssr');
  const ssr = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as typeof import('./entry-server.tsx');
  const manifest = RouteManifest.parse(JSON.parse(await readFile(join(dataDir, 'routes.json'), 'utf8')));
  const data = diskDataSource(dataDir);
  const site = await data.site();
  const assets = await readAssets(outDir);

  for (const route of manifest.routes) {
    const { status, html } = await ssr.renderUrl(route.path, data);
    if (status !== 200) throw new Error(`prerender ${route.path}: status ${status}`);
    const record = await data.page(route.path);
    const head = pageHead(site, record, route.lang);
    await write(join(outDir, htmlFileForRoute(route.path)), documentHtml({ head, app: html, assets, darkMode: site.themeConfig.darkMode, dehydrate: true }));
  }

  // Any path without a record renders the 404 view; this one is served for every unknown URL.
  const notFound = await ssr.renderUrl('/404', data);
  if (notFound.status !== 200 || (await data.page('/404'))) throw new Error(`prerender 404: status ${notFound.status}, or a page exists at /404`);
  await write(
    join(outDir, '404.html'),
    documentHtml({ head: pageHead(site, null, site.lang), app: notFound.html, assets, darkMode: site.themeConfig.darkMode, dehydrate: false }),
  );

  // Data for client navigation, and the files other tools read from the site root.
  await cp(dataDir, join(outDir, '_data'), { recursive: true });
  // A site without blog posts has no feeds.
  if (existsSync(join(dataDir, 'feeds'))) await cp(join(dataDir, 'feeds'), join(outDir, 'feeds'), { recursive: true });
  for (const file of ['sitemap.xml', 'llms.txt']) await cp(join(dataDir, file), join(outDir, file)).catch(() => undefined);
  await cp(options.publicDir ?? join(root, 'content', 'public'), outDir, { recursive: true });

  const ms = Math.round(performance.now() - started);
  if (!options.quiet) console.log(`prerendered ${manifest.routes.length} routes + 404.html in ${ms} ms`);
  return { pages: manifest.routes.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `--data <dir> --out <dir> --public <dir>`: render another dist-data/ (benchmarks, fixtures).
  const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' }, public: { type: 'string' } } });
  await prerender({ dataDir: values.data && resolve(values.data), outDir: values.out && resolve(values.out), publicDir: values.public && resolve(values.public) });
}
