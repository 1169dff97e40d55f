/**
 * The embedded index as a search source. Part of the lazy search chunk: nothing here is in the
 * first-load bundle. `search/<lang>.json` is fetched once per language and page life (see
 * fetch-json.ts: the search button may have started it already); it is either the whole index
 * or, for a large site, the manifest of a split index whose parts are fetched as queries need
 * them (split-engine.ts).
 */
import { promiseCache } from '../lib/promise-cache.ts';
import { parseSearchEntry } from '../../schemas/search-index.ts';
import { createLocalEngine } from './engine.ts';
import { fetchJson } from './fetch-json.ts';
import { createSplitEngine } from './split-engine.ts';
import type { SearchResponse, SearchSource } from './types.ts';

/** Either kind of local engine, as the source uses it. */
export interface LoadedEngine {
  search(query: string, options: { limit: number; snippetWords: number }): SearchResponse | Promise<SearchResponse>;
  topLevelHeadings(): string[];
}

const engines = promiseCache<LoadedEngine>();

/** The URL of a split index's part, from the manifest's URL and the part's relative `file`. */
export function partUrl(manifestUrl: string, file: string): string {
  return manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1) + file;
}

/** Loads (once) and validates an index. A failed load is forgotten so a later try refetches. */
export function loadEngine(url: string, fetchImpl?: typeof fetch): Promise<LoadedEngine> {
  return engines.get(url, async (): Promise<LoadedEngine> => {
    const entry = parseSearchEntry(await fetchJson(url, fetchImpl));
    if ('layout' in entry) return createSplitEngine(entry, (file) => fetchJson(partUrl(url, file), fetchImpl));
    return createLocalEngine(entry);
  });
}

export function createLocalSource(url: string, indexName: string, fetchImpl?: typeof fetch): SearchSource & { preload(): void } {
  return {
    indexName,
    preload() {
      loadEngine(url, fetchImpl).catch(() => undefined);
    },
    async search({ query, limit, snippetWords }) {
      const engine = await loadEngine(url, fetchImpl);
      return engine.search(query, { limit, snippetWords });
    },
    async topLevelHeadings() {
      return (await loadEngine(url, fetchImpl)).topLevelHeadings();
    },
  };
}
