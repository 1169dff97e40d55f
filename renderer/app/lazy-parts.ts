/**
 * Code only some pages need, in chunks of their own so that no page's first load carries the
 * rest: the home page's sections, tabs, image zoom, the overview grid, the 404 page's body, the
 * interface strings of each language, and search.
 *
 * A page's parts are loaded by the page route's loader (prerender, client navigation, 404) or,
 * for a prerendered page, by the client entry before it hydrates, and prerender links their
 * chunks as modulepreloads. So they are always in the cache when a component renders: read
 * synchronously, never through React.lazy, which would suspend hydration once even for a module
 * already loaded.
 */
import type { HastChild } from '../../schemas/hast.ts';
import type { Lang } from '../../schemas/lang.ts';
import type { PageRecord } from '../../schemas/page.ts';
import type { UiStrings } from '../strings.ts';

const LOADERS = {
  home: () => import('../layouts/HomeLayout.tsx').then((m) => m.HomeLayout),
  tabs: () => import('../components/Tabs.tsx').then((m) => m.Tabs),
  zoom: () => import('../components/ZoomImage.tsx').then((m) => m.ZoomImage),
  overview: () => import('../components/Overview.tsx').then((m) => m.Overview),
  'not-found': () => import('../components/NotFound.tsx').then((m) => m.NotFound),
  // Only after a client navigation: prerender wrote the first page's head.
  head: () => import('../lib/apply-head.ts').then((m) => m.applyPageHead),
  'strings-en': () => import('../strings/en.ts').then((m) => m.en),
  'strings-zh': () => import('../strings/zh.ts').then((m) => m.zh),
  // The search dialog with what search keeps for the page's life (never a page's part: loaded
  // when the reader reaches for search, or when the browser is idle). Never on the server, whose
  // build then leaves the dialog, the engine and the hosted search's client out.
  search: () => (import.meta.env.SSR ? Promise.reject(new Error('search runs in the browser only')) : import('../search/session.ts').then((m) => m.createSearchSession())),
};
// Every language has its strings part.
LOADERS satisfies Record<`strings-${Lang}`, () => Promise<UiStrings>>;

export type PartName = keyof typeof LOADERS;
export type PartValue<N extends PartName> = Awaited<ReturnType<(typeof LOADERS)[N]>>;

/** The part holding a language's interface strings. */
export const stringsPart = (lang: Lang) => `strings-${lang}` as const;

/** Each part's module, as Vite's manifest names it: prerender looks its chunks up by this key. */
export const PART_SOURCES: Record<PartName, string> = {
  home: 'renderer/layouts/HomeLayout.tsx',
  tabs: 'renderer/components/Tabs.tsx',
  zoom: 'renderer/components/ZoomImage.tsx',
  overview: 'renderer/components/Overview.tsx',
  'not-found': 'renderer/components/NotFound.tsx',
  head: 'renderer/lib/apply-head.ts',
  'strings-en': 'renderer/strings/en.ts',
  'strings-zh': 'renderer/strings/zh.ts',
  search: 'renderer/search/session.ts',
};

export interface PartCache {
  /** Loads the parts not loaded yet; resolves once all of them are in. */
  load(names: readonly PartName[]): Promise<void>;
  /** A loaded part. Throws for one nobody loaded: a page's parts are loaded before it renders. */
  get<N extends PartName>(name: N): PartValue<N>;
  /** A part if it is loaded. */
  peek<N extends PartName>(name: N): PartValue<N> | undefined;
  /**
   * A language's strings, or, while they are not loaded yet (a progress bar or an error shown on
   * the way to a page in the other language), those of a language that is.
   */
  strings(lang: Lang): UiStrings;
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
  const get = <N extends PartName>(name: N) => {
    const value = modules.get(name);
    if (!value) throw new Error(`lazy part "${name}" rendered before it was loaded`);
    return value as PartValue<N>;
  };
  return {
    load: async (names) => {
      await Promise.all(names.map(loadOne));
    },
    peek: <N extends PartName>(name: N) => modules.get(name) as PartValue<N> | undefined,
    get,
    // Another language's strings while the page's own load (a language switch); an error when none.
    strings: (lang) => (modules.get(stringsPart(lang)) ?? modules.get('strings-en') ?? get('strings-zh')) as UiStrings,
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

/** The parts a page renders: its language's strings, its layout's, and its body elements'. */
export function partsOf(record: PageRecord): PartName[] {
  const found = new Set<string>();
  bodyHas(record.body.children, BODY_TAGS, found);
  const names = new Set<PartName>([stringsPart(record.lang), ...[...found].map((tag) => BODY_PARTS[tag]!)]);
  if (record.pageType === 'home') names.add('home');
  if (record.pageType === '404') names.add('not-found');
  if (record.overview) names.add('overview');
  return (Object.keys(LOADERS) as PartName[]).filter((name) => names.has(name));
}
