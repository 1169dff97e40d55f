/** Pure helpers that turn content file paths into routes (docs/writing.md, "Where pages live"). */
import type { Lang } from '../schemas/lang.ts';

export const LANGS: readonly Lang[] = ['en', 'zh'];

/** Route prefix of a language: the default language is unprefixed. */
export function langPrefix(lang: Lang, defaultLang: Lang = 'en'): string {
  return lang === defaultLang ? '' : `/${lang}`;
}

/** `guide/start/index.md` → `/guide/start/`; `index.md` → `/`; `blog/a.md` → `/blog/a`. */
export function routeOfFile(relPath: string): string {
  const withoutExt = relPath.replace(/\.md$/, '');
  const route = withoutExt === 'index' ? '' : withoutExt.replace(/(^|\/)index$/, '$1');
  return `/${route}`;
}

/** A route with its language prefix: `/guide/` in zh → `/zh/guide/`. */
export function localizeRoute(route: string, lang: Lang, defaultLang: Lang = 'en'): string {
  return `${langPrefix(lang, defaultLang)}${route}`;
}

/** Shared fragments are included, never routed. */
export function isSharedPath(relPath: string): boolean {
  // A segment named `shared`, without splitting (asked of every page, several times a run).
  return relPath === 'shared' || relPath.startsWith('shared/') || relPath.endsWith('/shared') || relPath.includes('/shared/');
}

/** Key for detecting routes that collide (`/a` and `/a/`, or case differences). */
export function routeIdentity(route: string): string {
  return route.toLowerCase().replace(/\/$/, '') || '/';
}
