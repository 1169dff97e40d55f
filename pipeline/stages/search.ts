/**
 * Stage 5, search: each language's search index, from the pages' search records (gathered as
 * the records stage writes the pages: addSearchPage). A language whose pages' search hashes are
 * those its index in dist-data/ was built from keeps that index's files as they are, and its
 * records are never read; a cold build of a large site analyzes records in a worker as they
 * come; otherwise the memo's analyzed index is patched for the changed pages (search/index-patch.ts)
 * and laid out again (search/layout.ts), parts the current bundle has carried over.
 */
import type { Lang } from '../../schemas/lang.ts';
import { searchDataPath } from '../../schemas/paths.ts';
import { DEFAULT_CJK_MODE, PostingPartFile, RecordPartFile } from '../../schemas/search-index.ts';
import { partFiles } from '../../schemas/search-format/codec.ts';
import { hashOf, type SearchCache } from '../memo/incremental.ts';
import type { NarrowMemo } from '../memo/narrow.ts';
import type { RunMemo } from '../memo/run-memo.ts';
import { LANGS } from '../routes.ts';
import type { Run } from '../run.ts';
import { pageDocsOf, searchIndexFileOf } from '../search/index.ts';
import { patchBase, updateSearchIndex, type SearchPage } from '../search/index-patch.ts';
import { emptySearchIndexMemo, layoutSearchIndex, patchSplitLayout } from '../search/layout.ts';
import { searchRecordsOf } from '../search/records.ts';
import type { PageContent } from '../types.ts';
import { SEARCH_SPLIT_MIN_PAGES, SEARCH_WORKER_MIN_PAGES, startSearchIndexJob, type BuiltSearchIndex, type SearchIndexJob } from '../workers/search-pool.ts';
import type { DerivedPage } from './derive.ts';
import type { Output } from './emit.ts';

/** What each language's index is built from, gathered while the records are written. */
export interface SearchRun {
  /** Languages whose index files in dist-data/ are carried over as they are. */
  carried: Map<Lang, string[]>;
  /** Each language's search records by route as the memo has them; null for a carried language. */
  previous: Record<Lang, SearchCache | null>;
  /** Each language's pages with their records, but for the languages of `job`. */
  pages: Record<Lang, SearchPage[]>;
  /** A cold build's analysis in a worker, when the site is large. */
  job: SearchIndexJob | null;
  /** Of each language of `job`, its pages' search hashes: the job's workers have their records. */
  jobHashes: Record<Lang, string[]>;
  /** Files of the current bundle's indexes that the new one does not have (parts a narrow run replaced). */
  dropped: Set<string>;
}

export function startSearch(run: Run, memo: RunMemo, pages: readonly DerivedPage[], langs: readonly Lang[]): SearchRun {
  const { previous, remembered, narrow } = memo;
  if (narrow) return heldSearch(narrow, pages);
  const { kept, options, reads } = run;
  // A new process reads a language's search records (tens of megabytes at 10,000 pages) only
  // when its index is built again: when its pages' search hashes are not those the index in
  // dist-data/ was built from. Otherwise the index's files are carried over as they are.
  const carried = new Map<Lang, string[]>();
  for (const lang of previous && !remembered && !options.prime ? langs : []) {
    const hash = hashOf(...pages.filter((page) => page.head.lang === lang).map((page) => page.searchHash));
    const files = previous!.searchIndex[lang] === hash ? reads.searchIndexFiles(lang) : null;
    if (files) carried.set(lang, files);
  }
  const cacheOf = (lang: Lang): SearchCache | null => (carried.has(lang) ? null : previous ? (remembered && kept!.search[lang]) || reads.searchCache(lang) : {});
  // A cold build of a large site analyzes its search records in workers as they are produced;
  // of a middling one, the languages after the first (the first is built here meanwhile).
  const workerFrom = options.searchWorkerFrom ?? SEARCH_WORKER_MIN_PAGES;
  const jobLangs = previous ? [] : pages.length >= workerFrom ? langs : pages.length >= (options.searchSplitFrom ?? SEARCH_SPLIT_MIN_PAGES) ? langs.slice(1) : [];
  const job = jobLangs.length > 0 ? startSearchIndexJob(jobLangs, options.searchLayout) : null;
  return { carried, previous: Object.fromEntries(LANGS.map((lang) => [lang, cacheOf(lang)])) as Record<Lang, SearchCache | null>, pages: { en: [], zh: [] }, job, jobHashes: { en: [], zh: [] }, dropped: new Set() };
}

/** A narrow run's search: the changed pages' records before, made from their old heads and contents; other languages' indexes are carried over. */
function heldSearch(narrow: NarrowMemo, pages: readonly DerivedPage[]): SearchRun {
  const previous: Record<Lang, SearchCache | null> = { en: null, zh: null };
  for (const { route, head } of pages) {
    const { oldHead, oldSections, known } = narrow.held.get(route)!;
    (previous[head.lang] ??= {})[route] = { hash: known.searchHash, records: searchRecordsOf(oldHead, oldSections, known.group) };
  }
  return { carried: new Map(), previous, pages: { en: [], zh: [] }, job: null, jobHashes: { en: [], zh: [] }, dropped: new Set() };
}

/** A page's search records, made from its new content or kept from the memo, for its language's index. */
export function addSearchPage(search: SearchRun, memo: RunMemo, page: DerivedPage, content: Pick<PageContent, 'sections'> | null): void {
  const { route, head, searchHash, group } = page;
  const cache = search.previous[head.lang];
  if (!cache) return; // its language's index is carried over
  const cached = cache[route];
  const records = content ? searchRecordsOf(head, content.sections, group) : cached!.records;
  const entry = content ? { hash: searchHash, records } : cached!;
  const stream = memo.searchStreams[head.lang];
  if (stream) stream.add(route, entry);
  else (memo.searchCaches[head.lang] ??= {})[route] = entry;
  if (search.job?.langs.includes(head.lang)) {
    search.job.add(head.lang, { route, hash: searchHash, records });
    search.jobHashes[head.lang].push(searchHash);
  } else search.pages[head.lang].push({ route, hash: searchHash, records, previous: cached });
}

/**
 * Each language's index files written to the new bundle (or carried over), and its hash kept in
 * the new state. `meanwhile`: what this thread may do while the job's workers finish.
 */
export async function buildSearchIndexes(run: Run, memo: RunMemo, search: SearchRun, langs: readonly Lang[], output: Output, meanwhile?: () => void): Promise<void> {
  const { narrow } = memo;
  if (narrow) return patchSearchIndexes(run, memo, narrow, search, output);
  const inJob = new Set(search.job?.langs);
  // When the workers build every language, this thread lets go before they pack: packing is
  // where a worker holds the most (the file, its parts and their JSON beside the analysis), and
  // at 10,000 pages per language the peak was the Chinese worker packing while this thread still
  // held the records stage's gigabyte. Otherwise the workers finish while this thread builds the
  // other languages, and it lets go after.
  const alone = search.job !== null && langs.every((lang) => inJob.has(lang));
  if (alone) {
    try {
      meanwhile?.();
    } catch (error) {
      // Workers never asked to finish would keep the process alive.
      search.job!.cancel();
      throw error;
    }
  }
  const finishing = search.job?.finish();
  for (const lang of langs) if (!inJob.has(lang)) writeLanguageIndex(run, memo, search, lang, undefined, output);
  if (finishing && !alone) meanwhile?.();
  const built = (await finishing) ?? {};
  for (const lang of langs) if (inJob.has(lang)) writeLanguageIndex(run, memo, search, lang, built[lang], output, hashOf(...search.jobHashes[lang]));
}

/** The hash of a language's pages' search records, which its index is built from. */
const searchHashOf = (pages: readonly SearchPage[]): string => hashOf(...pages.map((page) => page.hash));

/**
 * A language's index files written to the new bundle (`ready`: as a worker built them, from pages
 * whose search hash is `hash`), or carried over; its hash kept in the new state.
 */
function writeLanguageIndex(run: Run, memo: RunMemo, search: SearchRun, lang: Lang, ready: BuiltSearchIndex | undefined, output: Output, hash = searchHashOf(search.pages[lang])): void {
  const { previous, state } = memo;
  const carried = search.carried.get(lang);
  if (carried) {
    // Found complete before the records were written; gone since only if something else deleted them.
    if (!carried.every((file) => output.reuse(file))) {
      output.abort();
      throw new Error(`The search index files of ${lang} left dist-data/ during the build`);
    }
    state.searchIndex[lang] = previous!.searchIndex[lang]!;
    return;
  }
  // Every file of the language's index (one, or a split index's manifest and parts) or none.
  const reusable = previous?.searchIndex[lang] === hash && !run.options.prime ? run.reads.searchIndexFiles(lang) : null;
  if (ready) {
    memo.searchBases[lang] = ready.base;
    for (const [name, json] of ready.files) output.write(name, json);
  } else if (!reusable?.every((file) => output.reuse(file))) {
    writeSearchIndex(run, memo, lang, search.pages[lang], output);
  }
  state.searchIndex[lang] = hash;
}

/** A language's index from the memo's analyzed index patched for the changed pages, laid out into its files. */
function writeSearchIndex(run: Run, memo: RunMemo, lang: Lang, pages: readonly SearchPage[], output: Output): void {
  const { kept } = run;
  const base = memo.previous ? (memo.remembered && kept!.bases[lang]) || run.reads.searchBase(lang) : null;
  const updated = updateSearchIndex(pages, base, DEFAULT_CJK_MODE);
  memo.searchBases[lang] = updated.base;
  // A run without a dev session's memo has one of its own: the layout then takes the index as it was packed.
  const layoutMemo = kept ? (kept.searchIndexes[lang] ??= emptySearchIndexMemo()) : emptySearchIndexMemo();
  // Records carried over from the cache made documents that the run which cached them checked.
  const checked = new Set(pages.filter((page) => page.records === page.previous?.records).map((page) => page.records));
  const file = searchIndexFileOf(lang, pages.map((page) => page.records), updated.index, {}, layoutMemo, checked);
  // Parts are named by their content: one the old bundle has is carried over as it is.
  for (const [name, content] of layoutSearchIndex(file, run.options.searchLayout, layoutMemo)) if (name === searchDataPath(lang) || !output.reuse(name)) output.write(name, content as object);
}

/**
 * A narrow run's indexes: per language with changed pages, the analyzed index patched page by
 * page and the split layout in dist-data/ patched around each (the parts a later page's patch
 * replaced again not written); the parts the new layout no longer names dropped.
 */
function patchSearchIndexes(run: Run, memo: RunMemo, narrow: NarrowMemo, search: SearchRun, output: Output): void {
  for (const lang of LANGS) {
    const pages = search.pages[lang];
    if (pages.length === 0) continue;
    const { manifest: old } = narrow.search[lang]!;
    let { base } = narrow.search[lang]!;
    let manifest = old;
    const parts = new Map<string, unknown>();
    const readPart = (file: string) => (parts.get(file) as RecordPartFile | undefined) ?? (JSON.parse(run.reads.output(`search/${file}`)!.toString()) as RecordPartFile);
    for (const page of pages) {
      const before = page.previous!;
      // Never null: the compile stage checked that the base holds the page with these records.
      const patched = patchBase(base, page.route, { before: before.hash, after: page.hash }, before.records, page.records, DEFAULT_CJK_MODE)!;
      base = patched.base;
      // Its documents carry the same group and title as before (the outward digest holds the
      // title, the state the group): the manifest's list of groups stands.
      const { pages: docPages, docs } = pageDocsOf(page.records, manifest.contentLimit);
      const layout = patchSplitLayout(manifest, readPart, base.index, { first: patched.first, before: before.records.length, pages: docPages, docs }, run.options.searchLayout);
      for (const [name, value] of layout.parts) {
        // Checked, and kept as made: its name is a hash of these bytes.
        (name.includes('/r-') ? RecordPartFile : PostingPartFile).parse(value);
        parts.set(name, value);
      }
      manifest = layout.manifest;
    }
    const named = new Set(partFiles(manifest));
    output.write(searchDataPath(lang), manifest);
    for (const [name, value] of parts) if (named.has(name)) output.write(`search/${name}`, value as object);
    for (const file of partFiles(old)) if (!named.has(file)) search.dropped.add(`search/${file}`);
    memo.searchBases[lang] = base;
    memo.state.searchIndex[lang] = hashOf(...base.hashes);
  }
}
