/**
 * The route tree and the `createAppRouter()` factory shared by the browser entry and prerender.
 * There is no table of pages: one splat route loads the record of whatever path is asked for
 * (its data URL comes from the path via `dataPathForRoute`), so the bundle does not grow with
 * the number of pages.
 */
import { createRootRouteWithContext, createRoute, createRouter } from '@tanstack/react-router';
import type { PageRecord } from '../../schemas/page.ts';
import type { ResolvedSidebarItem } from '../../schemas/sidebar.ts';
import type { DataSource } from './data.ts';
import { langOfRoute } from '../../schemas/paths.ts';
import { createPartCache, partsOf, stringsPart, type PartCache } from './lazy-parts.ts';
import { createLoadedPage, type LoadedPage } from './loaded-page.ts';
import { createTabsStore, type TabsStore } from '../lib/tabs-store.ts';
import { packPageData } from './page-data.ts';
import { keepScrollOnHydration } from '../lib/early-scroll.ts';
import { packData } from '../lib/packed.ts';
import { withPart } from '../lib/sidebar.ts';
import { LoadErrorView, NotFoundView, PageView, RootView } from './views.tsx';

export interface RouterContext {
  data: DataSource;
  /** Components only some pages need, loaded with the page (renderer/app/lazy-parts.ts). */
  parts: PartCache;
  /** The reader's tab choices (lib/tabs-store.ts). */
  tabs: TabsStore;
  /** Whether the page the document was loaded with is still the one shown (loaded-page.ts). */
  loadedPage: LoadedPage;
}

async function loadSidebar(data: DataSource, files: NonNullable<PageRecord['sidebarFiles']>): Promise<ResolvedSidebarItem[]> {
  const [file, part] = await Promise.all([data.sidebar(files.data), files.part ? data.sidebar(files.part) : null]);
  return withPart(file.items, part);
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  // The URL's strings too: if site.json fails, the error view still speaks the reader's language.
  loader: async ({ context, location }) => {
    const [site] = await Promise.all([context.data.site(), context.parts.load([stringsPart(langOfRoute(location.pathname))])]);
    return packData(site);
  },
  component: RootView,
  notFoundComponent: NotFoundView,
  errorComponent: LoadErrorView,
});

const pageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  loader: async ({ context, location }) => {
    // A missing page is data, not an error: the 404 view then renders inside the same match tree
    // on the server and in the browser (throwing notFound() renders it one boundary higher on the
    // server than in the browser, which breaks hydration of 404.html).
    // The URL's strings first: the 404 view needs them, and an error view can use them.
    const strings = context.parts.load([stringsPart(langOfRoute(location.pathname))]);
    const record = await context.data.page(location.pathname);
    // A client navigation updates the head as its view renders (PageEffects), with the code
    // loaded here; the server writes the head into the HTML, and 404.html's own first load (the
    // loader runs before it hydrates) has it already.
    const head = import.meta.env.SSR || context.loadedPage.shown() ? [] : (['head'] as const);
    if (!record) {
      await Promise.all([strings, context.parts.load(['not-found', ...head])]);
      return null;
    }
    const parts = [...partsOf(record), ...head];
    const [sidebar] = await Promise.all([record.sidebarFiles ? loadSidebar(context.data, record.sidebarFiles) : null, context.parts.load(parts), strings]);
    return packPageData({ record, sidebar });
  },
  component: PageView,
  notFoundComponent: NotFoundView,
  // A record that fails to load or validate (no framework error text for readers).
  errorComponent: LoadErrorView,
});

const routeTree = rootRoute.addChildren([pageRoute]);

export function createAppRouter(data: DataSource) {
  return createRouter({
    routeTree,
    context: { data, parts: createPartCache(), tabs: createTabsStore(), loadedPage: createLoadedPage() },
    // Hover or focus on a link loads its record; a click then renders at once.
    defaultPreload: 'intent',
    defaultPreloadDelay: 0,
    // Records are static for the lifetime of a deployment.
    defaultStaleTime: Infinity,
    defaultPreloadStaleTime: Infinity,
    defaultGcTime: 5 * 60_000,
    // `/zh/` and `/guide/start/` keep their slash: prerender and the browser must agree.
    trailingSlash: 'preserve',
    // Not on hydration when the reader has scrolled already (lib/early-scroll.ts).
    scrollRestoration: keepScrollOnHydration(),
    // Hash scrolling happens 100 ms after navigation in renderer/components/HashScroll.
    defaultHashScrollIntoView: false,
    // No spinner: the old page stays until the new one is ready; the progress bar shows.
    defaultPendingMs: Number.POSITIVE_INFINITY,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
export { rootRoute, pageRoute };

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
