import { useRouter } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { PageRecord } from '../../schemas/page.ts';
import { useApp } from '../app/app-context.tsx';
import { usePartCache } from '../hooks/usePartCache.ts';
import type { PartValue } from '../app/lazy-parts.ts';
import type { HeadTag } from '../lib/head.ts';
import { MAIN_ID } from './SkipLink.tsx';

const signature = (tag: string, attrs: Iterable<[string, string]>) =>
  [tag, ...[...attrs].filter(([name]) => name !== 'data-page-head').sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, value]) => `${name}=${value}`)].join('\n');

/**
 * Swaps the page-specific <head> tags for the next page's after a client navigation (prerender
 * wrote the first ones). A tag both pages share stays in place: re-adding the icon link would
 * make the browser fetch the icon again on every navigation.
 */
function applyHead(tags: HeadTag[]) {
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

/** Set on the first visit (Rspress's key: a reader who visited the old site is not redirected). */
const VISITED_KEY = 'rspress-visited';

export function PageEffects({ record }: { record: PageRecord | null }) {
  const { site, lang } = useApp();
  const router = useRouter();
  const parts = usePartCache();
  /** This view is the page the document was loaded with (set by the layout effect before each focus effect). */
  const first = useRef(false);

  // Title, lang and meta follow client navigations; the loaded page's are already in the HTML.
  // Before paint, with the route's content: the title and language a screen reader announces,
  // or a script reads, are never the last page's. The head code is a lazy part: the navigation's
  // loader loaded it, or (404.html switching to the URL's language) it loads now.
  useLayoutEffect(() => {
    const { loadedPage } = router.options.context;
    first.current = loadedPage.shown();
    if (first.current) {
      loadedPage.leave();
      return;
    }
    const apply = (pageHead: PartValue<'head'>) => {
      const head = pageHead(site, record, lang);
      document.title = head.title;
      document.documentElement.lang = head.lang;
      applyHead(head.tags);
    };
    const loaded = parts.peek('head');
    if (loaded) apply(loaded);
    else void parts.load(['head']).then(() => apply(parts.get('head')));
  }, [site, record, lang, parts, router]);

  // Focus goes to the new page, as after a page load: a screen reader reads on from its start,
  // and Tab does not continue from the link that led here. The scroll position is the router's.
  // Not from a reader who went on meanwhile (search opened again, typing in a field).
  useEffect(() => {
    if (first.current) return;
    const active = document.activeElement;
    if (active?.closest('[role="dialog"]') || active?.matches('input, textarea, select, [contenteditable="true"]')) return;
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [site, record, lang, parts]);

  // Locale redirect on the first visit only, never for bots, off with `never`.
  useEffect(() => {
    let visited = true;
    try {
      visited = localStorage.getItem(VISITED_KEY) !== null;
      localStorage.setItem(VISITED_KEY, '1');
    } catch {
      return; // no storage: no way to know it is the first visit, so never redirect
    }
    // Only a first visit may redirect: its rules load then, not with every page.
    if (visited || !record) return;
    void import('../lib/locale-redirect.ts').then(({ localeRedirectTarget }) => {
      const target = localeRedirectTarget({
        setting: site.themeConfig.localeRedirect,
        visited,
        userAgent: navigator.userAgent,
        languages: navigator.languages?.length ? navigator.languages : [navigator.language],
        currentLang: record.lang,
        translations: record.translations,
      });
      if (target) void router.navigate({ href: target + window.location.hash, replace: true });
    });
    // Only the page the visitor lands on decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
