/**
 * Rendering routes to HTML files: what each prerender worker does with its share of the routes
 * (renderer/prerender/prerender.ts hands the shares out). Records are read from dist-data/ on disk.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { PageRecord } from '../../schemas/page.ts';
import { dataPathForRoute, SHELL_DATA_PATH } from '../../schemas/paths.ts';
import type { RouteEntry } from '../../schemas/route.ts';
import { SidebarFile } from '../../schemas/sidebar-file.ts';
import { SiteShell } from '../../schemas/site.ts';
import type { DataSource } from '../app/data.ts';
import { PART_SOURCES, type PartName } from '../app/lazy-parts.ts';
import { headTagsToHtml, pageHead, escapeHtml } from '../lib/head.ts';
import { promiseCache } from '../lib/promise-cache.ts';
import { bootScript } from '../lib/theme.ts';
import { inlineScriptHashes } from './security-headers.ts';

export interface Assets {
  js: string;
  css: string[];
  preload: string[];
  /** Per lazy part, the chunks it adds to the entry's (its own and any it alone imports). */
  parts: Record<PartName, string[]>;
}

type Manifest = Record<string, { file: string; css?: string[]; isEntry?: boolean; imports?: string[] }>;

/** A chunk and everything it imports statically, as manifest keys. */
function withImports(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) withImports(manifest, imported, seen);
  return seen;
}

/** What a worker needs to render its routes: plain values, so they can cross to a worker thread. */
export interface RenderJob {
  dataDir: string;
  outDir: string;
  ssrDir: string;
  assets: Assets;
}

/** `/` → index.html, `/zh/` → zh/index.html, `/guide/start/quick-start` → guide/start/quick-start.html. */
export function htmlFileForRoute(routePath: string): string {
  const path = routePath.replace(/^\/+/, '');
  if (path === '' || path.endsWith('/')) return `${path}index.html`;
  return `${path}.html`;
}

export async function readAssets(outDir: string): Promise<Assets> {
  const manifest = JSON.parse(await readFile(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('dist/manifest.json has no entry chunk');
  const entry = manifest[entryKey]!;
  const preload = (entry.imports ?? []).map((key) => `/${manifest[key]!.file}`);
  const firstLoad = withImports(manifest, entryKey);
  const parts = Object.fromEntries(
    Object.entries(PART_SOURCES).map(([name, source]) => {
      if (!manifest[source]) throw new Error(`dist/manifest.json has no chunk for the lazy part ${name} (${source})`);
      const own = [...withImports(manifest, source)].filter((key) => !firstLoad.has(key));
      return [name, own.map((key) => `/${manifest[key]!.file}`)];
    }),
  ) as Record<PartName, string[]>;
  // With cssCodeSplit off the one stylesheet is its own manifest entry, not attached to the chunk.
  const css = [...new Set([...(entry.css ?? []), ...Object.values(manifest).filter((c) => c.file.endsWith('.css')).map((c) => c.file)])];
  return { js: `/${entry.file}`, css: css.map((file) => `/${file}`), preload, parts };
}

/**
 * A record's body was validated by the pipeline when its page was compiled (a HAST check costs
 * more than rendering it); everything around the body is checked here like the browser checks a
 * fetched record.
 */
const PrerenderRecord = PageRecord.extend({ body: z.object({ type: z.literal('root'), children: z.array(z.unknown()) }) });

/**
 * Reads dist-data/ on disk. A record is read once per route although both the loader and the
 * page head ask for it (`forget` drops it when the route is written). The reads are synchronous:
 * a worker has nothing to do while its route's record is read, and `fs/promises`' readFile, with
 * its separate open, stat, read and close, cost 0.25 ms a file where readFileSync costs 0.03.
 */
export function diskDataSource(dataDir: string): DataSource & { forget(routePath: string): void } {
  let site: Promise<SiteShell> | undefined;
  const sidebars = promiseCache<SidebarFile>();
  const pages = promiseCache<PageRecord | null>();
  const readPage = async (routePath: string): Promise<PageRecord | null> => {
    try {
      const text = readFileSync(join(dataDir, dataPathForRoute(routePath)), 'utf8');
      return PrerenderRecord.parse(JSON.parse(text)) as PageRecord;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  return {
    site() {
      // Async like the other reads: a missing or broken shell rejects, as the data source promises, rather than throwing.
      site ??= (async () => SiteShell.parse(JSON.parse(readFileSync(join(dataDir, SHELL_DATA_PATH), 'utf8'))))();
      return site;
    },
    sidebar(dataPath) {
      return sidebars.get(dataPath, async () => SidebarFile.parse(JSON.parse(readFileSync(join(dataDir, dataPath), 'utf8'))));
    },
    page(routePath) {
      return pages.get(routePath, () => readPage(routePath));
    },
    async json(dataPath) {
      return JSON.parse(readFileSync(join(dataDir, dataPath), 'utf8')) as unknown;
    },
    forget(routePath) {
      pages.delete(routePath);
    },
  };
}

export function documentHtml(opts: { head: ReturnType<typeof pageHead>; app: string; parts: readonly PartName[]; assets: Assets; darkMode: boolean; dehydrate: boolean }): string {
  const { head, assets } = opts;
  const partChunks = [...new Set(opts.parts.flatMap((name) => assets.parts[name]))];
  const { hoisted, app } = splitHoistedLinks(opts.app);
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
    // The page reads without its scripts (they hydrate what is there): fetched at low priority,
    // they leave the first bytes of the connection to the stylesheet and the logo.
    ...[assets.js, ...assets.preload, ...partChunks].map((href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`),
    '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">',
    '<meta name="theme-color" content="#121214" media="(prefers-color-scheme: dark)">',
    headTagsToHtml(head.tags),
    ...hoisted,
    '</head>',
    '<body>',
    `<div id="app">${body}</div>`,
    `<script type="module" src="${assets.js}" fetchpriority="low"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}

/**
 * The scripts a page's HTML (documentHtml) has the browser load before hydration, each once, in
 * the order written: the entry, then its modulepreloads. What the tests and the renderer bench
 * count as a page's first load.
 */
export function pageScripts(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g), (match) => match[1]!))];
}

/**
 * React's renderToString puts the resources it hoists (a preload of the first images, such as the
 * logo) at the start of the markup, where it has no <head> to put them in. They belong in the head:
 * the browser starts them as early, and #app then holds only what the app renders.
 */
export function splitHoistedLinks(markup: string): { hoisted: string[]; app: string } {
  const hoisted: string[] = [];
  let rest = markup;
  for (let link = /^<link [^>]*\/?>/.exec(rest); link; link = /^<link [^>]*\/?>/.exec(rest)) {
    hoisted.push(link[0]);
    rest = rest.slice(link[0].length);
  }
  return { hoisted, app: rest };
}

/**
 * Writes an HTML file, making its folder first unless `made` says this writer made it already.
 * Synchronous, as the reads of diskDataSource: 0.11 ms a page where `fs/promises` took 0.36.
 */
export function writeHtml(file: string, content: string, made = new Set<string>()): void {
  const dir = dirname(file);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  writeFileSync(file, content);
}

export async function loadServerEntry(ssrDir: string): Promise<typeof import('../app/entry-server.tsx')> {
  return (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as typeof import('../app/entry-server.tsx');
}

/** What rendering a route found out: what its HTML was made from, and what its CSP must allow. */
export interface RenderedRoute {
  path: string;
  /** The dist-data/ files the render asked for (shell, record, sidebar files), sorted. */
  reads: string[];
  /** The page's inline scripts, as CSP source expressions (security-headers.ts). */
  scriptHashes: string[];
}

/**
 * `data` as one render sees it, noting each file it asks for. The data source is the renderer's
 * only way to data (renderer/app/data.ts), so what a route's loaders and head ask of it is all its
 * HTML depends on besides the code and the client's assets: prerender re-renders a route only
 * when one of those files changed (reuse.ts). Noted per render, not per file read: the
 * source shares one read of the shell and of each sidebar among all routes.
 */
export function recordingDataSource(data: DataSource, reads: Set<string>): DataSource {
  return {
    site() {
      reads.add(SHELL_DATA_PATH);
      return data.site();
    },
    sidebar(dataPath) {
      reads.add(dataPath);
      return data.sidebar(dataPath);
    },
    page(routePath) {
      reads.add(dataPathForRoute(routePath));
      return data.page(routePath);
    },
    json(dataPath) {
      reads.add(dataPath);
      return data.json(dataPath);
    },
  };
}

/** Renders routes to their HTML files. */
export function renderRoutes(routes: readonly Pick<RouteEntry, 'path' | 'lang'>[], job: RenderJob): Promise<RenderedRoute[]> {
  return routeRenderer(job)(routes);
}

/**
 * Renders routes of one job to their HTML files, a share at a time (a prerender worker is given
 * shares as it finishes them: prerender.ts, renderAcrossWorkers), keeping what the shares have in
 * common: the shell and sidebars read, the folders made.
 */
export function routeRenderer(job: RenderJob): (routes: readonly Pick<RouteEntry, 'path' | 'lang'>[]) => Promise<RenderedRoute[]> {
  const shared = diskDataSource(job.dataDir);
  // Routes share folders (a thousand pages in one at most): each is made once, not once a page.
  const madeDirs = new Set<string>();
  return async (routes) => {
    const ssr = await loadServerEntry(job.ssrDir);
    const site = await shared.site();
    const rendered: RenderedRoute[] = [];
    for (const route of routes) {
      const reads = new Set<string>();
      const data = recordingDataSource(shared, reads);
      const { status, html, parts } = await ssr.renderUrl(route.path, data);
      if (status !== 200) throw new Error(`prerender ${route.path}: status ${status}`);
      const head = pageHead(await data.site(), await data.page(route.path), route.lang);
      shared.forget(route.path);
      const document = documentHtml({ head, app: html, parts, assets: job.assets, darkMode: site.themeConfig.darkMode, dehydrate: true });
      writeHtml(join(job.outDir, htmlFileForRoute(route.path)), document, madeDirs);
      rendered.push({ path: route.path, reads: [...reads].sort(), scriptHashes: inlineScriptHashes(document) });
    }
    return rendered;
  };
}
