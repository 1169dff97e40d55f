/**
 * Where a route's record lives in dist-data/. Part of the contract: the renderer derives a
 * record's URL from the route alone, so the reader's bundle never carries a table of routes.
 */
import type { Lang } from './lang.ts';

/** Route lookup: decode, drop `.html`, drop a trailing `/index`. */
export function normalizeRoutePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape is looked up as written; it will simply not be found.
  }
  path = path.replace(/\.html$/, '').replace(/\/index$/, '/');
  if (!path.startsWith('/')) path = `/${path}`;
  return path.replace(/\/{2,}/g, '/');
}

/** Language of a route: Chinese under /zh, English everywhere else. */
export function langOfRoute(routePath: string): Lang {
  return routePath === '/zh' || routePath.startsWith('/zh/') ? 'zh' : 'en';
}

/** `/zh/guide/start/` → `pages/zh/guide/start/index.json`; `/blog/introducing-rslib` → `pages/en/blog/introducing-rslib.json`. */
export function dataPathForRoute(routePath: string): string {
  const path = normalizeRoutePath(routePath);
  const lang = langOfRoute(path);
  let rest = lang === 'zh' ? path.slice(3) : path;
  if (rest === '' || rest.endsWith('/')) rest += 'index';
  return `pages/${lang}${rest.startsWith('/') ? rest : `/${rest}`}.json`;
}

/** Search index file of a language, relative to dist-data/. */
export function searchDataPath(lang: Lang): string {
  return `search/${lang}.json`;
}

/**
 * dist-data/search/synonyms.json: the search synonym sets of both languages, validated from
 * content/search-synonyms.json (empty lists when the site has none). Loaded with an index.
 */
export const SEARCH_SYNONYMS_DATA_PATH = 'search/synonyms.json';

/** dist-data/shell.json: the site config without sidebars (what every page loads). */
export const SHELL_DATA_PATH = 'shell.json';

/** Each translation's state against its source page (schemas/translations.ts). */
export const TRANSLATIONS_DATA_PATH = 'translations.json';

/** `/guide/` → `guide`; `/` → `_root`; `/config/rsbuild/` → `config/rsbuild`. */
function sidebarSlug(key: string): string {
  return key.replace(/^\/+|\/+$/g, '') || '_root';
}

/** Sidebar file of a language's sidebar, relative to dist-data/. */
export function sidebarDataPath(lang: Lang, key: string): string {
  return `sidebars/${lang}/${sidebarSlug(key)}.json`;
}

/** Part of a large sidebar holding the items of its top-level group `index`. */
export function sidebarPartPath(lang: Lang, key: string, index: number): string {
  return `sidebars/${lang}/${sidebarSlug(key)}/${index}.json`;
}

/** Every documented name of the package, with its declaration and pages (schemas/names.ts). */
export const NAMES_DATA_PATH = 'names.json';
