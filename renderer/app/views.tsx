/**
 * Route components: the root (progress bar, hydration scripts, global effects) and the page view
 * that picks a layout from the record's page type. Loader data is read by route id, not by
 * importing the routes, so router.tsx can import this file.
 */
import { Outlet, Scripts, useLoaderData, useLocation, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { PageRecord } from '../../schemas/page.ts';
import type { ResolvedSidebarItem } from '../../schemas/sidebar.ts';
import { langOfRoute } from '../../schemas/paths.ts';
import type { SiteShell } from '../../schemas/site.ts';
import { AppContext, makeAppState } from './app-context.tsx';
import { HashScroll } from '../components/HashScroll.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { PageEffects } from '../components/PageEffects.tsx';
import { NavigationProgress } from '../components/NavigationProgress.tsx';
import { MAIN_ID } from '../components/SkipLink.tsx';
import { useHydrated } from '../hooks/useHydrated.ts';
import { usePartCache } from '../hooks/usePartCache.ts';
import { useSystemTheme } from '../hooks/useSystemTheme.ts';
import { Chrome, HydrationMark } from '../layouts/Chrome.tsx';
import { CustomLayout } from '../layouts/CustomLayout.tsx';
import { DocLayout } from '../layouts/DocLayout.tsx';
import { unpackData, type Packed } from '../lib/packed.ts';
import { unpackPageData } from './page-data.ts';
import { hiddenByQuery, visibleParts, type PageParts } from '../lib/flags.ts';
import { notFoundHomeHref } from '../lib/not-found.ts';

export function RootView() {
  useSystemTheme(useLoaderData({ from: '__root__', select: (packed) => unpackData<SiteShell>(packed).themeConfig.darkMode }));
  return (
    <>
      <NavigationProgress />
      <HashScroll />
      <Outlet />
      {/* The router's state scripts, written by prerender; they remove themselves before hydration,
          so the browser renders nothing here (and its bundle leaves this code out). */}
      {import.meta.env.SSR && <Scripts />}
    </>
  );
}

/** Query switches (`?navbar=0`) apply after hydration; before it the boot script's CSS hides those parts. */
function useParts(record: PageRecord): PageParts {
  const hydrated = useHydrated();
  const search = useLocation({ select: (l) => l.searchStr });
  return useMemo(() => visibleParts(record.frontmatter, record.pageType, hydrated ? hiddenByQuery(search) : new Set()), [record, hydrated, search]);
}

function Page({ record, sidebar }: { record: PageRecord; sidebar: ResolvedSidebarItem[] | null }) {
  const parts = useParts(record);
  const lazyParts = usePartCache();
  switch (record.pageType) {
    case 'home': {
      const HomeLayout = lazyParts.get('home');
      return (
        <Chrome record={record} parts={parts} landing>
          <HomeLayout record={record} parts={parts} />
        </Chrome>
      );
    }
    case 'custom':
    case 'blank':
      return (
        <Chrome record={record} parts={parts}>
          <CustomLayout record={record} parts={parts} />
        </Chrome>
      );
    case '404': {
      const NotFound = lazyParts.get('not-found');
      return (
        <Chrome record={record} parts={parts}>
          <main id={MAIN_ID} tabIndex={-1}>
            <NotFound />
          </main>
        </Chrome>
      );
    }
    default:
      // doc, and any type this renderer does not know.
      return (
        <Chrome record={record} parts={parts}>
          <DocLayout record={record} sidebar={sidebar} parts={parts} />
        </Chrome>
      );
  }
}

export function PageView() {
  const site = unpackData<SiteShell>(useLoaderData({ from: '__root__' }));
  const packed = useLoaderData({ from: '/$' });
  if (!packed) return <NotFoundView />;
  const { record, sidebar } = unpackPageData(packed);
  // The record's own path, not the location's: a navigation changes the location before the next
  // record is in (a view of the old record at the new path was a whole render for nothing, with
  // the next page marked in the sidebar), and the route match drops a trailing slash (/config).
  return <RecordView site={site} record={record} sidebar={sidebar} pathname={record.routePath} />;
}

function RecordView({ site, record, sidebar, pathname }: { site: SiteShell; record: PageRecord; sidebar: ResolvedSidebarItem[] | null; pathname: string }) {
  const strings = usePartCache().strings(record.lang);
  const state = useMemo(() => makeAppState(site, record.lang, strings, pathname), [site, record.lang, strings, pathname]);
  return (
    <AppContext.Provider value={state}>
      <PageEffects record={record} />
      <Page record={record} sidebar={sidebar} />
    </AppContext.Provider>
  );
}

const NOT_FOUND_PARTS: PageParts = { navbar: true, sidebar: false, outline: false, footer: false, globalUIComponents: true };

/**
 * The 404 view. Each language has one 404 file, prerendered at its root (/404, /zh/404) and served
 * for every unknown URL under it; after hydration the view follows the real URL.
 */
export function NotFoundView() {
  const packed = useRouterState({ select: (s) => s.matches[0]?.loaderData }) as Packed<SiteShell> | undefined;
  const site = packed ? unpackData(packed) : undefined;
  const hydrated = useHydrated();
  const location = useLocation({ select: (l) => l.pathname });
  // Until hydration is over, render what the file holds: its language is the URL's where the host
  // picks the nearest 404 file, the site's where a host answers every URL with the root one.
  const fileLang = import.meta.env.SSR ? langOfRoute(location) : langOfRoute(`/${document.documentElement.lang.split('-')[0]}/`);
  const lang = hydrated ? langOfRoute(location) : fileLang;
  const pathname = hydrated ? location : `${lang === site?.lang ? '' : `/${lang}`}/404`;
  const parts = usePartCache();
  const strings = parts.strings(lang);
  // Loaded with the missing page (router.tsx); the root's own not-found case has no loader.
  const NotFound = parts.peek('not-found');
  const state = useMemo(() => (site ? makeAppState(site, lang, strings, pathname) : null), [site, lang, strings, pathname]);
  if (!state) return null;
  return (
    <AppContext.Provider value={state}>
      <PageEffects record={null} />
      <Chrome record={null} parts={NOT_FOUND_PARTS}>
        <main id={MAIN_ID} tabIndex={-1}>
          {NotFound && <NotFound />}
        </main>
      </Chrome>
    </AppContext.Provider>
  );
}

/**
 * A record (or site.json) that failed to load or to validate: a short message in the URL's
 * language with "Try again" (a full reload) and a link home, inside the site's chrome when
 * site.json is there.
 */
export function LoadErrorView() {
  const packed = useRouterState({ select: (s) => s.matches[0]?.loaderData }) as Packed<SiteShell> | undefined;
  const site = packed ? unpackData(packed) : undefined;
  const location = useLocation();
  const lang = langOfRoute(location.pathname);
  const strings = usePartCache().strings(lang);
  const state = useMemo(() => (site ? makeAppState(site, lang, strings, location.pathname) : null), [site, lang, strings, location.pathname]);
  const error = (
    <main id={MAIN_ID} tabIndex={-1}>
      <LoadError strings={strings} retryHref={location.href} homeHref={notFoundHomeHref(location.pathname, site?.lang ?? 'en')} />
    </main>
  );
  // Without the shell there is no chrome to carry the hydration mark: the bare view sets it.
  if (!state)
    return (
      <>
        {error}
        <HydrationMark />
      </>
    );
  return (
    <AppContext.Provider value={state}>
      <PageEffects record={null} />
      <Chrome record={null} parts={NOT_FOUND_PARTS}>
        {error}
      </Chrome>
    </AppContext.Provider>
  );
}
