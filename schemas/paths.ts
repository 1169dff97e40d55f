/**
 * Where a route's record lives in dist-data/. Part of the contract: the renderer derives a
 * record's URL from the route alone, so the reader's bundle never carries a table of routes.
 */
import type { Lang } from './lang.ts';

/** Route lookup as the spec's 2.1 asks: decode, drop `.html`, drop a trailing `/index`. */
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
