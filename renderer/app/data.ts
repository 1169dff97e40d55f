/**
 * The only place that fetches dist-data/ in the browser. Records are typed by the shared schemas
 * and validated at build time; the dev server validates them again (see validatorsFor).
 */
import type { PageRecord } from '../../schemas/page.ts';
import { dataPathForRoute, SHELL_DATA_PATH } from '../../schemas/paths.ts';
import type { SidebarFile } from '../../schemas/sidebar-file.ts';
import type { SiteShell } from '../../schemas/site.ts';
import { promiseCache } from '../lib/promise-cache.ts';

/** Where dist-data/ is copied inside dist/ (and so its URL on the site). */
export const DATA_BASE = '/_data/';

/** What the route loaders read. The browser fetches; prerender reads the files (renderer/prerender/prerender.ts). */
export interface DataSource {
  /** The site without its sidebars (shell.json). */
  site(): Promise<SiteShell>;
  /** The record of a route, or null when no page exists there. */
  page(routePath: string): Promise<PageRecord | null>;
  /** A sidebar file or part, by its data path (PageRecord.sidebarFiles, a group's `part`). */
  sidebar(dataPath: string): Promise<SidebarFile>;
  /**
   * Any other file of dist-data/ as parsed JSON, by its data path, once per page life (the search
   * index and its parts: the search button starts the download, the lazy search chunk parses it).
   */
  json(dataPath: string): Promise<unknown>;
}

/** Record paths to try for a URL: as given, then as a folder index (`/guide/start` → `/guide/start/`). */
export function recordCandidates(pathname: string): string[] {
  const first = dataPathForRoute(pathname);
  const clean = pathname.split(/[?#]/)[0]!;
  if (clean.endsWith('/') || clean.endsWith('.html')) return [first];
  const second = dataPathForRoute(`${clean}/`);
  return second === first ? [first] : [first, second];
}

type Validators = Pick<typeof import('./validate.ts'), 'parsePage' | 'parseShell' | 'parseSidebar'>;

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

/**
 * The validators a data source parses with: the trusted casts, or the schemas in development.
 * Only a development build has the schemas (`import.meta.env.DEV` is false in a production build,
 * which then leaves zod out of the bundle rather than building a part no reader loads).
 */
function validatorsFor(dev: boolean): () => Promise<Validators> {
  if (!dev || !import.meta.env.DEV) return () => Promise.resolve(trusted);
  let schemas: Promise<Validators> | undefined;
  return () => (schemas ??= import('./validate.ts'));
}

/** GET a JSON file; null when there is none (404, or serve's 404.html answering an unknown path). */
async function getJson(fetchImpl: typeof fetch, url: string): Promise<unknown | null> {
  const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null;
  return response.json();
}

export interface FetchDataSourceOptions {
  /** false in the dev server, whose records change under a running page (router.invalidate()). */
  cache?: boolean;
  /** Routes known to have no record (the URL a 404 page answers): no request that must fail. */
  missing?: string[];
  /** Validate what arrives against the schemas (the dev server); default import.meta.env.DEV. */
  validate?: boolean;
  fetch?: typeof fetch;
}

/**
 * Fetches go through promise caches keyed by route or data path: a hover, a pointer-down or the
 * click itself can start a record's fetch before the router asks for it, and the loader then
 * awaits the same request; the search button starts the index download before the dialog's code
 * has arrived. Failed fetches are dropped from the cache so a retry fetches again.
 */
export function createFetchDataSource(base = DATA_BASE, opts: FetchDataSourceOptions = {}): DataSource {
  const cache = opts.cache ?? true;
  const fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
  const validators = validatorsFor(opts.validate ?? import.meta.env.DEV);
  const pages = promiseCache<PageRecord | null>(cache);
  for (const route of opts.missing ?? []) void pages.get(route, async () => null);
  const sidebars = promiseCache<SidebarFile>(cache);
  const files = promiseCache<unknown>(cache);
  const required = async (dataPath: string) => {
    const json = await getJson(fetchImpl, base + dataPath);
    if (json === null) throw new Error(`${dataPath} is missing`);
    return json;
  };
  const fetchPage = async (routePath: string): Promise<PageRecord | null> => {
    const v = validators();
    for (const path of recordCandidates(routePath)) {
      const json = await getJson(fetchImpl, base + path);
      if (json) return (await v).parsePage(json);
    }
    return null;
  };
  return {
    async site() {
      const [json, v] = await Promise.all([required(SHELL_DATA_PATH), validators()]);
      return v.parseShell(json);
    },
    sidebar(dataPath) {
      return sidebars.get(dataPath, async () => {
        const [json, v] = await Promise.all([required(dataPath), validators()]);
        return v.parseSidebar(json);
      });
    },
    page(routePath) {
      const key = routePath.split(/[?#]/)[0]!;
      return pages.get(key, () => fetchPage(key));
    },
    json(dataPath) {
      return files.get(dataPath, () => required(dataPath));
    },
  };
}
