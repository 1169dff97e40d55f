/**
 * The embedded index as a search source. Part of the lazy search chunk: nothing here is in the
 * first-load bundle. `search/<lang>.json` comes through the data source's `json` (renderer/app/data.ts:
 * the search button may have started the download already); it is either the whole index or, for
 * a large site, the manifest of a split index whose parts are fetched as queries need them
 * (split-engine.ts). `search/synonyms.json`, the synonym sets, is fetched beside it.
 */
import { SEARCH_SYNONYMS_DATA_PATH } from '../../../schemas/paths.ts';
import { createLocalEngine, DEFAULT_TUNING } from './engine.ts';
import { indexReaders, type IndexReaders } from './index-readers.ts';
import { createSplitEngine } from './split-engine.ts';
import type { SearchResponse, SearchSource } from './types.ts';

/** Either kind of local engine, as the source uses it. */
export interface LoadedEngine {
  search(query: string, options: { limit: number; snippetWords: number }): SearchResponse | Promise<SearchResponse>;
  topLevelHeadings(): string[];
}

/** Reads a file of dist-data/ by its data path (DataSource.json). */
export type ReadJson = (dataPath: string) => Promise<unknown>;

/** The data path of a split index's part, from the manifest's path and the part's relative `file`. */
export function partPath(manifestPath: string, file: string): string {
  return manifestPath.slice(0, manifestPath.lastIndexOf('/') + 1) + file;
}

/** Loads an index with the synonym sets of its language, its files read by `readers` (see index-readers.ts). */
export async function loadEngine(dataPath: string, readJson: ReadJson, readers: Promise<IndexReaders> = indexReaders()): Promise<LoadedEngine> {
  const [json, synonymsJson, read] = await Promise.all([readJson(dataPath), readJson(SEARCH_SYNONYMS_DATA_PATH), readers]);
  const entry = read.entry(json);
  const synonyms = read.synonyms(synonymsJson)[entry.lang];
  if ('layout' in entry) return createSplitEngine(entry, (file) => readJson(partPath(dataPath, file)), read, DEFAULT_TUNING, synonyms);
  return createLocalEngine(entry, DEFAULT_TUNING, synonyms);
}

/** A source that loads its engine once (a failed load is forgotten, so a later try loads again). */
export function createLocalSource(dataPath: string, indexName: string, readJson: ReadJson): SearchSource & { preload(): void } {
  let engine: Promise<LoadedEngine> | null = null;
  const loaded = () => {
    if (!engine) {
      engine = loadEngine(dataPath, readJson);
      engine.catch(() => (engine = null));
    }
    return engine;
  };
  return {
    indexName,
    preload() {
      loaded().catch(() => undefined);
    },
    async search({ query, limit, snippetWords }) {
      return (await loaded()).search(query, { limit, snippetWords });
    },
    async topLevelHeadings() {
      return (await loaded()).topLevelHeadings();
    },
  };
}
