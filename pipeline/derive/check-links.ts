/**
 * Check every internal link and anchor once all pages are compiled: a link must reach a page of
 * the site (or a public asset) and its #anchor must be an id on the target page.
 */
import type { Diagnostics } from '../diagnostics.ts';
import type { LinkRef } from '../markdown/links.ts';

export interface LinkTarget {
  ids: ReadonlySet<string>;
}

export function checkLinks(
  file: string,
  ownRoute: string,
  links: readonly LinkRef[],
  pages: ReadonlyMap<string, LinkTarget>,
  publicFiles: ReadonlySet<string>,
  diagnostics: Diagnostics,
): void {
  for (const link of links) {
    if (link.asset) {
      if (!publicFiles.has(link.route)) diagnostics.error(file, link.place, `Unknown asset ${link.written} (not in content/public)`, 'dead-link');
      continue;
    }
    const route = link.route || ownRoute;
    const target = pages.get(route) ?? pages.get(route.endsWith('/') ? route.slice(0, -1) : `${route}/`);
    if (!target) {
      diagnostics.error(file, link.place, `Unknown link target ${link.written}${link.route && link.route !== link.written ? ` (${link.route})` : ''}`, 'dead-link');
      continue;
    }
    if (link.anchor && !target.ids.has(link.anchor)) {
      diagnostics.error(file, link.place, `Unknown anchor #${link.anchor} on ${route}`, 'dead-anchor');
    }
  }
}
