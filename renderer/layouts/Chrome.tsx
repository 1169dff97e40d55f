import { useEffect, type ReactNode } from 'react';
import type { PageRecord } from '../../schemas/page.ts';
import { useApp } from '../app/app-context.tsx';
import { NavBar } from '../components/NavBar.tsx';
import { ScrollToTop } from '../components/ScrollToTop.tsx';
import { SkipLink } from '../components/SkipLink.tsx';
import type { PageParts } from '../lib/flags.ts';

/**
 * <html data-hydrated>, which tests and the bench wait for: set once the page is interactive,
 * after the effects of everything around it (React runs a parent's effects after its children's,
 * so it goes last among its siblings). Not by the root: React hydrates the route's content
 * (inside the router's Suspense boundary) in a pass after the root's, and the root's mark came 60
 * to 130 ms before the nav bar's effects.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

/** What every layout shares: skip link, nav bar (unless hidden), scroll-to-top, and the hydration mark. */
export function Chrome({ record, parts, landing, children }: { record: PageRecord | null; parts: PageParts; landing?: boolean; children: ReactNode }) {
  const { site } = useApp();
  return (
    <>
      <SkipLink />
      {parts.navbar && <NavBar translations={record?.translations ?? []} landing={landing} />}
      {children}
      {site.themeConfig.enableScrollToTop && <ScrollToTop />}
      <HydrationMark />
    </>
  );
}
