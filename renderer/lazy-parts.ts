/**
 * Components only some pages need (the home page's sections, tabs, image zoom, the overview
 * grid), in chunks of their own so that a doc page's first load carries none of them.
 *
 * A page's parts are loaded by the page route's loader (prerender, client navigation, 404) or,
 * for a prerendered page, by the client entry before it hydrates, and prerender links their
 * chunks as modulepreloads. So they are always in the cache when a component renders: read
 * synchronously, never through React.lazy, which would suspend hydration once even for a module
 * already loaded.
 */
import type { HastChild } from '../schemas/hast.ts';
import type { PageRecord } from '../schemas/page.ts';

const LOADERS = {
  home: () => import('./layouts/HomeLayout.tsx').then((m) => m.HomeLayout),
  tabs: () => import('./components/Tabs.tsx').then((m) => m.Tabs),
  zoom: () => import('./components/ZoomImage.tsx').then((m) => m.ZoomImage),
  overview: () => import('./components/Overview.tsx').then((m) => m.Overview),
};

export type PartName = keyof typeof LOADERS;
export type PartComponent<N extends PartName> = Awaited<ReturnType<(typeof LOADERS)[N]>>;

/** Each part's module, as Vite's manifest names it: prerender looks its chunks up by this key. */
export const PART_SOURCES: Record<PartName, string> = {
  home: 'renderer/layouts/HomeLayout.tsx',
  tabs: 'renderer/components/Tabs.tsx',
  zoom: 'renderer/components/ZoomImage.tsx',
  overview: 'renderer/components/Overview.tsx',
};

export interface PartCache {
  /** Loads the parts not loaded yet; resolves once all of them are in. */
  load(names: readonly PartName[]): Promise<void>;
  /** A loaded part. Throws for one nobody loaded: a page's parts are loaded before it renders. */
  get<N extends PartName>(name: N): PartComponent<N>;
  /** The parts loaded so far, in a stable order. */
  loaded(): PartName[];
}

/** One cache per router: what a render reads is what that router's loaders loaded. */
export function createPartCache(): PartCache {
  const modules = new Map<PartName, unknown>();
  const pending = new Map<PartName, Promise<void>>();
  const loadOne = (name: PartName) => {
    if (modules.has(name)) return undefined;
    let promise = pending.get(name);
    if (!promise) {
      promise = LOADERS[name]().then(
        (component) => {
          modules.set(name, component);
          pending.delete(name);
        },
        (error: unknown) => {
          // A failed chunk (offline, new deploy) may be retried by the next navigation.
          pending.delete(name);
          throw error;
        },
      );
      pending.set(name, promise);
    }
    return promise;
  };
  return {
    load: async (names) => {
      await Promise.all(names.map(loadOne));
    },
    get: <N extends PartName>(name: N) => {
      const component = modules.get(name);
      if (!component) throw new Error(`lazy part "${name}" rendered before it was loaded`);
      return component as PartComponent<N>;
    },
    loaded: () => (Object.keys(LOADERS) as PartName[]).filter((name) => modules.has(name)),
  };
}

function bodyHas(children: readonly HastChild[], tags: Set<string>, found: Set<string>): void {
  for (const child of children) {
    if (child.type !== 'element') continue;
    if (tags.has(child.tagName)) found.add(child.tagName);
    bodyHas(child.children, tags, found);
  }
}

const BODY_PARTS: Record<string, PartName> = { tabs: 'tabs', img: 'zoom' };
const BODY_TAGS = new Set(Object.keys(BODY_PARTS));

/** The parts a page renders: its layout's and those of the elements in its body. */
export function partsOf(record: PageRecord): PartName[] {
  const found = new Set<string>();
  bodyHas(record.body.children, BODY_TAGS, found);
  const names = new Set<PartName>([...found].map((tag) => BODY_PARTS[tag]!));
  if (record.pageType === 'home') names.add('home');
  if (record.overview) names.add('overview');
  return (Object.keys(LOADERS) as PartName[]).filter((name) => names.has(name));
}
