/**
 * The page's <head> after a client navigation (prerender wrote the first page's): the `head`
 * lazy part, loaded by the navigation's loader, so no page's first load carries it.
 */
import type { Lang } from '../../schemas/lang.ts';
import type { PageRecord } from '../../schemas/page.ts';
import type { SiteShell } from '../../schemas/site.ts';
import { pageHead, type HeadTag } from './head.ts';

const signature = (tag: string, attrs: Iterable<[string, string]>) =>
  [tag, ...[...attrs].filter(([name]) => name !== 'data-page-head').sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, value]) => `${name}=${value}`)].join('\n');

/**
 * Swaps the page-specific <head> tags for the next page's. A tag both pages share stays in
 * place: re-adding the icon link would make the browser fetch the icon again on every navigation.
 */
function applyTags(tags: HeadTag[]) {
  const head = document.head;
  const current = new Map<string, Element>();
  head.querySelectorAll('[data-page-head]').forEach((el) => current.set(signature(el.tagName.toLowerCase(), [...el.attributes].map((a) => [a.name, a.value])), el));
  for (const { tag, attrs } of tags) {
    if (tag !== 'meta' && tag !== 'link') continue;
    const key = signature(tag, Object.entries(attrs));
    if (current.delete(key)) continue;
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    el.setAttribute('data-page-head', '');
    head.appendChild(el);
  }
  current.forEach((el) => el.remove());
}

/** The title, language and meta tags of a page, in place of the last page's. */
export function applyPageHead(site: SiteShell, record: PageRecord | null, lang: Lang): void {
  const head = pageHead(site, record, lang);
  document.title = head.title;
  document.documentElement.lang = head.lang;
  applyTags(head.tags);
}
