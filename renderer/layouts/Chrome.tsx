import type { ReactNode } from 'react';
import type { PageRecord } from '../../schemas/page.ts';
import { useApp } from '../app-context.tsx';
import { NavBar } from '../components/NavBar.tsx';
import { ScrollToTop } from '../components/ScrollToTop.tsx';
import { SkipLink } from '../components/SkipLink.tsx';
import type { PageParts } from '../lib/flags.ts';

/** What every layout shares: skip link, nav bar (unless hidden), scroll-to-top. */
export function Chrome({ record, parts, landing, children }: { record: PageRecord | null; parts: PageParts; landing?: boolean; children: ReactNode }) {
  const { site } = useApp();
  return (
    <>
      <SkipLink />
      {parts.navbar && <NavBar translations={record?.translations ?? []} landing={landing} />}
      {children}
      {site.themeConfig.enableScrollToTop && <ScrollToTop />}
    </>
  );
}
