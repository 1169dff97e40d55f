/**
 * A cold build's search indexes, built in worker threads while the record writer goes on: the
 * writer hands over each page's search records as it produces them, and its language's worker
 * analyzes them as they arrive, so they share the machine's cores instead of taking turns. Same
 * functions as the in-process build, so the same files. Warm builds patch the index in-process (it is
 * quick), and small sites build it in-process too: a worker's start-up would cost more.
 */
import type { Lang } from '../../schemas/lang.ts';
import type { SearchLayoutOptions } from '../search/layout.ts';
import type { SearchIndexBase, SearchPage } from '../search/index-patch.ts';
import { startWorker } from './worker.ts';

/** Below this many pages, the index is built in-process. */
export const SEARCH_WORKER_MIN_PAGES = 1000;

/**
 * From this many pages (and below SEARCH_WORKER_MIN_PAGES), a cold build indexes its first
 * language in-process and the others in workers meanwhile: the main thread has nothing else to
 * do by then, and one language's index of content/ takes half a second, a worker's start-up a
 * fraction of it. Fewer pages: a worker would not pay for itself.
 */
export const SEARCH_SPLIT_MIN_PAGES = 100;

/** A language's index files (path in dist-data → JSON text) and its base for the next run. */
export interface BuiltSearchIndex {
  files: Array<[string, string]>;
  base: SearchIndexBase;
}

/** What a language's worker is started with. */
export interface SearchWorkerData {
  lang: Lang;
  layout: SearchLayoutOptions;
}

/** Parent → worker: a page of its language, or the end (the worker then answers with its index, or null without pages). */
export type SearchJobMessage = { type: 'page'; page: Omit<SearchPage, 'previous'> } | { type: 'finish' };

export interface SearchIndexJob {
  /** The languages the job's workers index. */
  langs: readonly Lang[];
  /** A page of a language; one the job does not index is left out. */
  add(lang: Lang, page: Omit<SearchPage, 'previous'>): void;
  /** Every language that had pages, built. */
  finish(): Promise<Partial<Record<Lang, BuiltSearchIndex>>>;
  cancel(): void;
}

/**
 * One worker per language of `langs`, each started now, so that it has loaded before its
 * language's first page comes. The languages' indexes are independent, and the main thread is
 * mostly waiting on them by the end, so two languages take the time of the larger one.
 * `layout`: how the workers lay each index out (as layoutSearchIndex takes it).
 */
export function startSearchIndexJob(langs: readonly Lang[], layout: SearchLayoutOptions = {}): SearchIndexJob {
  const workers = new Map(
    langs.map((lang) => {
      // V8's own young generation: what a search worker makes it mostly keeps to the end (the
      // records, the term counts), and the compile workers' 128 MB only added to the data step's
      // peak, which the two search workers make at 10,000 pages per language. Both workers' jobs
      // replayed on that corpus's records: the process's maxRSS 1,027-1,032 MiB with 128 MB,
      // 839-884 with V8's own, in as long (two runs each).
      const worker = startWorker(new URL('./search-worker.ts', import.meta.url), { lang, layout } satisfies SearchWorkerData, { youngGeneration: 'v8' });
      const built = new Promise<BuiltSearchIndex | null>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`search index worker exited with code ${code} before it finished`)));
      });
      built.catch(() => undefined); // reported by finish(); a cancelled job's rejection is expected
      return [lang, { worker, built }] as const;
    }),
  );
  const post = (lang: Lang, message: SearchJobMessage) => workers.get(lang)?.worker.postMessage(message);
  return {
    langs,
    add: (lang, page) => post(lang, { type: 'page', page }),
    finish: async () => {
      for (const lang of workers.keys()) post(lang, { type: 'finish' });
      const built: Partial<Record<Lang, BuiltSearchIndex>> = {};
      for (const [lang, { built: index }] of workers) {
        const ready = await index;
        if (ready) built[lang] = ready;
      }
      return built;
    },
    cancel: () => {
      for (const { worker } of workers.values()) void worker.terminate();
    },
  };
}
