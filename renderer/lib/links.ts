/** Link classification and click filtering. Pure: no DOM access beyond the event fields. */

const EXTERNAL = /^(https?:|mailto:|tel:|\/\/)/i;

/** http, https, mailto, tel (and protocol-relative) leave the site and open in a new tab. */
export function isExternalHref(href: string): boolean {
  return EXTERNAL.test(href);
}

/** A hash-only link stays on the page and is left to the browser. */
export function isHashHref(href: string): boolean {
  return href.startsWith('#');
}

export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether the app should take over a click on an internal link: a plain left click with no
 * modifier, not already handled, and a link that does not target another window.
 */
export function shouldNavigateClientSide(event: ClickLike, target: string | null | undefined): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  return !target || target === '_self';
}

/** Trailing-slash-insensitive form used to compare routes (`/guide/start/` ~ `/guide/start`). */
export function comparablePath(path: string): string {
  const noHash = path.split('#')[0]!.split('?')[0]!;
  return noHash.length > 1 ? noHash.replace(/\/+$/, '') : noHash;
}

export function samePath(a: string, b: string): boolean {
  return comparablePath(a) === comparablePath(b);
}
