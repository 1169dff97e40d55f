/**
 * The URIs of pages as MCP resources: `rslib-docs://{lang}/{+path}`, the route without its
 * language prefix (`rslib-docs://en/guide/start/quick-start`, `rslib-docs://zh/guide/start/`).
 * The home page is `rslib-docs://en/index`: a template's `{+path}` matches one character or more,
 * and `index` is the name its twin has (index.md).
 */
import type { Lang } from '../../../schemas/lang.ts';
import { langOfRoute } from '../../../schemas/paths.ts';

export const URI_SCHEME = 'rslib-docs';
export const PAGE_URI_TEMPLATE = `${URI_SCHEME}://{lang}/{+path}`;
export const LLMS_TXT_URI = `${URI_SCHEME}://llms.txt`;

/** A route's path below its language: `/zh/guide/start/` → `guide/start/`, `/` → `index`. */
export function pathInLang(route: string): string {
  return (langOfRoute(route) === 'zh' ? route.slice('/zh'.length) : route).replace(/^\//, '') || 'index';
}

export function pageUri(route: string): string {
  return `${URI_SCHEME}://${langOfRoute(route)}/${pathInLang(route)}`;
}

/** The route a resource URI's variables name: `en`, `guide/start/` → `/guide/start/` (`index` is left to resolvePage's normalizing). */
export function routeOfUri(lang: Lang, path: string): string {
  return `${lang === 'zh' ? '/zh' : ''}/${path}`;
}
