/**
 * The embedded index as a search source. Part of the lazy search chunk: nothing here is in the
 * first-load bundle. The index file is fetched once per language and page life, on first open or
 * when the browser is idle, whichever comes first.
 */
import { SearchIndexFile } from '../../schemas/search-index.ts';
import { createLocalEngine, type LocalEngine } from './engine.ts';
import type { SearchSource } from './types.ts';

const engines = new Map<string, Promise<LocalEngine>>();

/** Loads (once) and validates an index file. A failed load is forgotten so a later try refetches. */
export function loadEngine(url: string, fetchImpl: typeof fetch = fetch): Promise<LocalEngine> {
  let engine = engines.get(url);
  if (!engine) {
    engine = (async () => {
      const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
      return createLocalEngine(SearchIndexFile.parse(await response.json()));
    })();
    engines.set(url, engine);
    engine.catch(() => engines.delete(url));
  }
  return engine;
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
