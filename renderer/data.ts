/**
 * The only place that fetches dist-data/ in the browser. Records are typed by the shared schemas
 * and validated at build time; the dev server validates them again (see loadValidators).
 */
import type { PageRecord } from '../schemas/page.ts';
import { dataPathForRoute, SHELL_DATA_PATH } from '../schemas/paths.ts';
import type { SidebarFile } from '../schemas/sidebar-file.ts';
import type { SiteShell } from '../schemas/site.ts';
import { promiseCache } from './lib/promise-cache.ts';

/** Where dist-data/ is copied inside dist/ (and so its URL on the site). */
export const DATA_BASE = '/_data/';

/** What the route loaders read. The browser fetches; prerender reads the files (renderer/prerender.ts). */
export interface DataSource {
  /** The site without its sidebars (shell.json). */
  site(): Promise<SiteShell>;
  /** The record of a route, or null when no page exists there. */
  page(routePath: string): Promise<PageRecord | null>;
  /** A sidebar file or part, by its data path (PageRecord.sidebarFiles, a group's `part`). */
  sidebar(dataPath: string): Promise<SidebarFile>;
}

/** Record paths to try for a URL: as given, then as a folder index (`/guide/start` → `/guide/start/`). */
export function recordCandidates(pathname: string): string[] {
  const first = dataPathForRoute(pathname);
  const clean = pathname.split(/[?#]/)[0]!;
  if (clean.endsWith('/') || clean.endsWith('.html')) return [first];
  const second = dataPathForRoute(`${clean}/`);
  return second === first ? [first] : [first, second];
}

type Validators = typeof import('./validate.ts');

/**
 * Readers get no zod. Every record was validated where it was made (the pipeline checks each one
 * against the schemas before emit, and prerender parses them again), and the browser only ever
 * reads files of the same build, so parsing them again cost 30 KB gzip of JavaScript on a reader's
 * first navigation and proved nothing new. The dev server, whose records change under a running
 * page, still validates: a schema drift shows while writing.
 */
const trusted: Validators = {
  parsePage: (json) => json as PageRecord,
  parseShell: (json) => json as SiteShell,
  parseSidebar: (json) => json as SidebarFile,
};

let schemas: Promise<Validators> | undefined;
export function loadValidators(): Promise<Validators> {
  if (!import.meta.env.DEV) return Promise.resolve(trusted);
  schemas ??= import('./validate.ts');
  return schemas;
}

async function getJson(url: string, signal?: AbortSignal): Promise<unknown | null> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  // serve answers unknown paths with 404.html; a non-JSON answer means "no such record".
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null;
  return response.json();
}

/**
 * Fetches go through a promise cache keyed by route: a hover, a pointer-down or the click itself
 * can start a record's fetch before the router asks for it, and the loader then awaits the same
 * request. Failed fetches are dropped from the cache so a retry fetches again.
 * `missing` lists routes known to have no record (the URL a 404 page answers).
 */
export function createFetchDataSource(base = DATA_BASE, opts: { cache?: boolean; missing?: string[] } = {}): DataSource {
  // The dev server changes records under a running page (router.invalidate()): no cache there.
  const cache = opts.cache ?? true;
  const pages = promiseCache<PageRecord | null>(cache);
  // Routes known to have no record (the URL a 404 page answers): no request that must fail.
  for (const route of opts.missing ?? []) void pages.get(route, async () => null);
  const sidebars = promiseCache<SidebarFile>(cache);
  const source: DataSource = {
    async site() {
      const [json, v] = await Promise.all([getJson(base + SHELL_DATA_PATH), loadValidators()]);
      if (!json) throw new Error(`${SHELL_DATA_PATH} is missing`);
      return v.parseShell(json);
    },
    sidebar(dataPath) {
      return sidebars.get(dataPath, async () => {
        const [json, v] = await Promise.all([getJson(base + dataPath), loadValidators()]);
        if (!json) throw new Error(`${dataPath} is missing`);
        return v.parseSidebar(json);
      });
    },
    page(routePath) {
      const key = routePath.split(/[?#]/)[0]!;
      return pages.get(key, () => fetchPage(base, key));
    },
  };
  return source;
}

async function fetchPage(base: string, routePath: string): Promise<PageRecord | null> {
  const v = loadValidators();
  for (const path of recordCandidates(routePath)) {
    const json = await getJson(base + path);
    if (json) return (await v).parsePage(json);
  }
  return null;
}
