/**
 * A cold build's search indexes, built in a worker thread while the record writer goes on: the
 * writer hands over each page's search records as it produces them, and the worker analyzes them
 * as they arrive, so the two share the machine's cores instead of taking turns. Same functions
 * as the in-process build, so the same files. Warm builds patch the index in-process (it is
 * quick), and small sites build it in-process too: a worker's start-up would cost more.
 */
import type { Lang } from '../../schemas/lang.ts';
import type { SearchLayoutOptions } from '../search/layout.ts';
import type { SearchIndexBase, SearchPage } from '../search/index-patch.ts';
import { startWorker } from './worker.ts';

/** Below this many pages, the index is built in-process. */
export const SEARCH_WORKER_MIN_PAGES = 1000;

/** A language's index files (path in dist-data → JSON text) and its base for the next run. */
export interface BuiltSearchIndex {
  files: Array<[string, string]>;
  base: SearchIndexBase;
}

export type SearchJobMessage = { type: 'page'; lang: Lang; page: Omit<SearchPage, 'previous'> } | { type: 'finish' };

export interface SearchIndexJob {
  add(lang: Lang, page: Omit<SearchPage, 'previous'>): void;
  /** Every language that had pages, built. */
  finish(): Promise<Partial<Record<Lang, BuiltSearchIndex>>>;
  cancel(): void;
}

/** `layout`: how the worker lays each index out (as layoutSearchIndex takes it). */
export function startSearchIndexJob(layout: SearchLayoutOptions = {}): SearchIndexJob {
  const worker = startWorker(new URL('./search-worker.ts', import.meta.url), layout);
  const post = (message: SearchJobMessage) => worker.postMessage(message);
  const built = new Promise<Partial<Record<Lang, BuiltSearchIndex>>>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`search index worker exited with code ${code} before it finished`)));
  });
  built.catch(() => undefined); // reported by finish(); a cancelled job's rejection is expected
  return {
    add: (lang, page) => post({ type: 'page', lang, page }),
    finish: () => {
      post({ type: 'finish' });
      return built;
    },
    cancel: () => void worker.terminate(),
  };
}
