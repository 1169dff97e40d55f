/**
 * A data bundle as the tools use it: each file read once, checked (validation.ts), parsed and
 * kept in memory; a read that failed is forgotten, so the next request tries again. Page records
 * are kept without their bodies: the tools answer from a page's head and its markdown twin. The
 * search index's files are the engine's to keep.
 */
import type { Lang } from '../../../schemas/lang.ts';
import type { NamesFile } from '../../../schemas/names.ts';
import type { PageRecord } from '../../../schemas/page.ts';
import { NAMES_DATA_PATH, searchDataPath, SHELL_DATA_PATH } from '../../../schemas/paths.ts';
import type { RouteEntry, RouteManifest } from '../../../schemas/route.ts';
import type { ResolvedSite, SiteShell } from '../../../schemas/site.ts';
import { trustedReaders } from '../../../renderer/search/engine/index-readers.ts';
import { loadEngine, type LoadedEngine } from '../../../renderer/search/engine/local-source.ts';
import { BundleError } from '../errors.ts';
import { twinFile } from './bundle-path.ts';
import type { BundleSource } from './source.ts';
import { bundleValidator } from './validation.ts';

/** What the tools need of a page record: all but the body. */
export type PageHead = Omit<PageRecord, 'body'>;

export interface DocsBundle {
  readonly source: BundleSource;
  /** routes.json's routes, and the same by path. */
  routes(): Promise<{ list: RouteEntry[]; byPath: Map<string, RouteEntry> }>;
  /** The base of the pages' absolute URLs, without a trailing slash: https://rslib.rs. */
  siteUrl(): Promise<string>;
  /** site.json: the resolved config, sidebars included. */
  site(): Promise<ResolvedSite>;
  page(route: RouteEntry): Promise<PageHead>;
  /** A page's markdown twin. */
  markdown(page: PageHead): Promise<string>;
  /** A text file at the bundle's root (llms.txt). */
  text(file: string): Promise<string>;
  names(): Promise<NamesFile>;
  /** The site's own search engine over a language's index, as the search dialog loads it. */
  engine(lang: Lang): Promise<LoadedEngine>;
}

export function openBundle(source: BundleSource): DocsBundle {
  const cache = new Map<string, Promise<unknown>>();
  /** `load` once per key; a failure is not kept. */
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let value = cache.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      value.catch(() => cache.delete(key));
      cache.set(key, value);
    }
    return value;
  };
  const parse = async (file: string): Promise<unknown> => {
    const text = await source.readText(file);
    try {
      return JSON.parse(text);
    } catch {
      throw new BundleError(file, 'not valid JSON');
    }
  };
  const validator = bundleValidator(parse);
  /** A JSON file, validated, read anew each time. */
  const checked = async (file: string): Promise<unknown> => {
    const value = await parse(file);
    await validator.check(file, value);
    return value;
  };
  /** A JSON file, validated. */
  const json = <T>(file: string): Promise<T> => kept<T, T>(file, (value) => value);
  /** A JSON file, validated, of which `keep` picks what stays in memory. */
  const kept = <T, K>(file: string, keep: (value: T) => K): Promise<K> =>
    once(`json:${file}`, async () => keep((await checked(file)) as T));

  const routes = () =>
    once('routes', async () => {
      const list = (await json<RouteManifest>('routes.json')).routes;
      return { list, byPath: new Map(list.map((route) => [route.path, route])) };
    });

  return {
    source,
    routes,
    async siteUrl() {
      return (source.siteUrl ?? (await json<SiteShell>(SHELL_DATA_PATH)).url).replace(/\/+$/, '');
    },
    site: () => json<ResolvedSite>('site.json'),
    page: (route) => kept(route.data, ({ body: _body, ...head }: PageRecord): PageHead => head),
    markdown: (page) => once(`text:${twinFile(page.markdownTwin)}`, () => source.readText(twinFile(page.markdownTwin))),
    text: (file) => once(`text:${file}`, () => source.readText(file)),
    names: () => json<NamesFile>(NAMES_DATA_PATH),
    // The engine asks for each file of its index once and keeps what it decoded: the parsed JSON
    // is not kept here too (a split index of 10,000 pages has thousands of parts).
    engine: (lang) => once(`engine:${lang}`, () => loadEngine(searchDataPath(lang), checked, Promise.resolve(trustedReaders))),
  };
}
