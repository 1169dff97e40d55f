import { useRouter } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { PageRecord } from '../../schemas/page.ts';
import { useApp } from '../app/app-context.tsx';
import { usePartCache } from '../hooks/usePartCache.ts';
import type { PartValue } from '../app/lazy-parts.ts';
import { MAIN_ID } from './SkipLink.tsx';

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
    const apply = (applyPageHead: PartValue<'head'>) => applyPageHead(site, record, lang);
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
