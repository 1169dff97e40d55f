import type { Lang } from '../../schemas/lang.ts';
import { langOfRoute } from '../../schemas/paths.ts';

/**
 * "Take me home" goes to the site root, prefixed by the language segment when the
 * current language differs from the site language (no versions exist on this site).
 */
export function notFoundHomeHref(pathname: string, siteLang: Lang): string {
  const lang = langOfRoute(pathname);
  return lang === siteLang ? '/' : `/${lang}/`;
}

/**
 * The redirect rule: a path that starts with the site language's own segment (`/en/…`, which
 * never exists because the default language is unprefixed) goes to the same path without it.
 */
export function notFoundRedirect(pathname: string, siteLang: Lang): string | null {
  const segment = `/${siteLang}`;
  if (pathname === segment || pathname.startsWith(`${segment}/`)) {
    const rest = pathname.slice(segment.length);
    return rest === '' ? '/' : rest;
  }
  return null;
}
