/**
 * What one run takes from the previous run (its state, when made with this run's inputs) and
 * leaves for the next: the new state, the search caches and analyzed bases it changed, and the
 * stamp of a clean run. A dev session keeps all of it in memory (build-memory.ts) and writes it
 * when edits pause; any other run writes it at its end, through emit.
 */
import type { Lang } from '../../schemas/lang.ts';
import type { SiteConfig } from '../../schemas/site.ts';
import { sortDiagnostics } from '../diagnostics.ts';
import type { BuildResult, Run } from '../run.ts';
import type { SearchIndexBase } from '../search/index-patch.ts';
import { openSearchAhead, pruneCache, writeAhead, writeCache, writeStamp, type AheadEntries } from '../stages/emit.ts';
import { sharedFragments } from '../compile/compile-page.ts';
import { collectGarbage } from '../../runtime/v8-flags.mjs';
import { remember } from './build-memory.ts';
import { keepNarrow, recallNarrow, type NarrowMemo } from './narrow.ts';
import { contextStampOf, emptyState, fingerprintOf, hashOf, searchCacheFile, type BuildState, type CacheContents, type SearchCache } from './incremental.ts';

export interface RunMemo {
  /** The previous run's state, when made with this run's inputs (code version, site language, URL and code-wrap settings). */
  previous: BuildState | null;
  /** Whether `previous` is the state a dev session holds (its bundle is then the one to patch). */
  remembered: boolean;
  /** The state this run leaves. */
  state: BuildState;
  /** Each language's search records by route, as this run left them (none of a language in searchStreams). */
  searchCaches: Partial<Record<Lang, SearchCache>>;
  /** The languages whose search records are written ahead as they are made (streamSearchAhead), rather than kept in searchCaches. */
  searchStreams: Partial<Record<Lang, AheadEntries<SearchCache[string]>>>;
  /** Each language's analyzed index, when this run built it. */
  searchBases: Partial<Record<Lang, SearchIndexBase>>;
  /** Languages whose pages' records this run wrote. */
  rewritten: Set<Lang>;
  /** Pages compiled in this run. */
  compiled: number;
  /** When the last clean run left everything and only a few pages changed: the memo of those pages alone (see narrow.ts), `previous` unread. */
  narrow: NarrowMemo | null;
  /** Each language's shared fragments and their hash (read when discovered), which every page's cache key includes. */
  fragments: ReturnType<typeof sharedFragments>;
  /** Parts of the cache written as JSON while the run waited for its search workers (letGoAhead): each one's file, by the cache's name for it. */
  ahead: Map<string, string>;
}

/** The previous state this run may reuse, and the empty state it fills. */
export function recallMemo(run: Run, site: SiteConfig): RunMemo {
  // What every page depends on; a change here makes the previous state useless.
  const inputs = hashOf(`v${run.found.codeVersion}`, site.lang, String(site.route.cleanUrls), String(site.markdown.defaultWrapCode));
  const { kept } = run;
  const remembered = kept?.state?.inputs === inputs ? kept.state : null;
  // Only a run that leaves a stamp may start from one.
  const fragments = sharedFragments(run.found.sources, run.found.imageSizes);
  const narrow = run.readInputs ? recallNarrow(run, inputs, fragments.hash) : null;
  const previous = run.options.noCache || narrow ? null : (remembered ?? run.reads.state(inputs));
  if (kept && !remembered && previous) kept.savedFingerprint = previous.fingerprint;
  return { previous, remembered: remembered !== null, state: emptyState(inputs), searchCaches: {}, searchStreams: {}, searchBases: {}, rewritten: new Set(), compiled: 0, narrow, fragments, ahead: new Map() };
}

/**
 * The largest parts of the cache this run writes, written as JSON before the run ends, and let
 * go: the pages' summaries once the pages are derived (writeSummariesAhead), each language's search
 * records once the records are written (letGoAhead; the search workers have their own). Put in
 * place, or removed, when the run ends (keepMemo, writeCache). On a large site the main thread
 * waited for the search workers at the end, then wrote the cache with the other core idle: at
 * 1,000 pages per language 14 MB of summaries and 17 MB of search records, most of the last
 * stage's half second. A dev session keeps its memo in memory, and a run without a cache writes
 * none: they write nothing ahead. Nor does a narrow run, which logs what changed.
 */
const writesAhead = (run: Run, memo: RunMemo): boolean => !run.kept && !run.options.noCache && !memo.narrow;

/** Parts of the cache written ahead (writeAhead), their files kept by name for keepMemo to put in place. */
function keepAhead(run: Run, memo: RunMemo, parts: Parameters<typeof writeAhead>[1]): void {
  for (const [name, file] of writeAhead(run.paths.cache, parts)) memo.ahead.set(name, file);
}

/**
 * The pages' summaries written ahead, and the state holds none from here on. Final once the pages
 * compiled, they are derive's alone (the twins compared, the links checked, the hover links
 * resolved): the stages after it take the derived pages without them (see derivePages in
 * build.ts), and at 10,000 pages per language they were some 400 MB of this thread's heap
 * through the records stage, the data step's peak.
 */
export function writeSummariesAhead(run: Run, memo: RunMemo): void {
  if (!writesAhead(run, memo)) return;
  keepAhead(run, memo, { summaries: memo.state.summaries });
  memo.state.summaries = {};
}

/**
 * The search records of `langs` written ahead as the records stage makes them, page by page,
 * where the run writes its cache ahead: the languages a cold build's search workers index, whose
 * records this thread needs nothing of but their hashes (the workers have their own). Kept in
 * searchCaches until letGoAhead, they were about 170 MB of this thread's heap at 10,000 pages per
 * language, held through the records stage, where the data step's peak is.
 */
export function streamSearchAhead(run: Run, memo: RunMemo, langs: readonly Lang[]): void {
  if (!writesAhead(run, memo)) return;
  for (const lang of langs) {
    memo.searchStreams[lang] = openSearchAhead(run.paths.cache, lang);
    // The language's cache is this run's to write (keepMemo), from the file.
    memo.searchCaches[lang] = {};
  }
}

/**
 * The search records written ahead and let go, then this thread collects its garbage. A thread
 * that waits allocates nothing, so V8 left what the run no longer held (the search records,
 * llms-full.txt's sections, what the records stage made) in memory until it ended, while the
 * search workers pack their indexes.
 */
export function letGoAhead(run: Run, memo: RunMemo): void {
  if (!writesAhead(run, memo)) return;
  const streams = Object.entries(memo.searchStreams);
  memo.searchStreams = {};
  for (const [lang, stream] of streams) memo.ahead.set(searchCacheFile(lang), stream.close());
  const streamed = new Set(streams.map(([lang]) => lang));
  keepAhead(run, memo, { search: Object.fromEntries(Object.entries(memo.searchCaches).filter(([lang]) => !streamed.has(lang))) });
  for (const lang of Object.keys(memo.searchCaches) as Lang[]) memo.searchCaches[lang] = {};
  collectGarbage();
}

/** The narrow memo given up for the whole previous state (a changed page reaches past its own record). */
export function widenMemo(run: Run, memo: RunMemo): void {
  memo.narrow = null;
  memo.previous = run.reads.state(memo.state.inputs);
}

/**
 * The run's end: what it leaves for the next run kept (written, or remembered by a dev session),
 * a clean run's stamp written, and its result. `pages`: the pages of the bundle in dist-data/.
 */
export function finishRun(run: Run, memo: RunMemo | null, emitted: boolean, written: number): BuildResult {
  const { diagnostics } = run;
  // Search records still being written ahead: a run that ended before its search stage puts none in place.
  for (const stream of Object.values(memo?.searchStreams ?? {})) stream.abort();
  // A narrow run's bundle has the pages the last clean run's had.
  const pages = memo?.narrow && diagnostics.errors.length === 0 ? memo.narrow.stamp.pages : written;
  if (memo && !run.options.noCache) keepMemo(run, memo, emitted);
  // A clean run leaves its stamp. (Another keeps the last one: a stamp holds only for the
  // inputs it names, and the dist-data/ it names, which a failed run did not touch.)
  if (memo && run.readInputs && pages > 0 && diagnostics.errors.length === 0) {
    const out = run.reads.outputIdentity();
    if (out) writeStamp(run.paths.cache, { inputs: run.readInputs, context: contextStampOf(run.found, run.paths), state: memo.state.fingerprint, out, pages, diagnostics: diagnostics.items });
  }
  return {
    // Not emitting is a success only when dist-data/ was already exactly what this run would write.
    ok: diagnostics.errors.length === 0 && memo !== null && (emitted || pages > 0),
    diagnostics: sortDiagnostics(diagnostics.items),
    pages,
    compiled: memo?.compiled ?? 0,
    emitted,
    ...(memo?.narrow && { narrow: true as const }),
    ...(run.hoverWork.samples > 0 && { hovers: run.hoverWork }),
  };
}

/** What changed of the memo: written to the cache, or remembered by a dev session (written when edits pause). */
function keepMemo(run: Run, memo: RunMemo, emitted: boolean): void {
  const { kept } = run;
  const { previous, state, narrow } = memo;
  if (narrow) {
    if (run.diagnostics.errors.length > 0) return;
    const routes = Object.fromEntries(Object.entries(state.records).map(([route, record]) => [route, { record, searchHash: state.searchHashes![route]!, hovers: state.hoverDigests?.[route] ?? null }]));
    state.fingerprint = keepNarrow(run, narrow, routes, state.searchIndex);
    writeCache(run.paths.cache, { state: null, search: {}, bases: memo.searchBases });
    return;
  }
  if (!emitted) Object.assign(state, { records: previous?.records ?? {}, searchHashes: previous?.searchHashes ?? {}, llmsFull: previous?.llmsFull ?? {}, searchIndex: previous?.searchIndex ?? {}, groups: previous?.groups ?? {}, hoverDigests: previous?.hoverDigests ?? {}, linkPages: previous?.linkPages ?? {} });
  // In a dev session the state is fingerprinted when saved (saveBuildMemory), not on every run.
  if (!kept) state.fingerprint = fingerprintOf(state);
  const changedSearch = Object.fromEntries(Object.entries(memo.searchCaches).filter(([lang]) => !previous || memo.rewritten.has(lang as Lang)));
  const changed: CacheContents = { state: !kept && state.fingerprint === previous?.fingerprint ? null : state, search: emitted ? changedSearch : {}, bases: emitted ? memo.searchBases : {} };
  if (kept) remember(kept, { state, search: emitted ? memo.searchCaches : {}, bases: changed.bases }, changed);
  else {
    writeCache(run.paths.cache, changed, memo.ahead);
    // A new state names every page's key: what the cache holds under other keys no run will read.
    if (changed.state && run.diagnostics.errors.length === 0) {
      const { codeVersion } = run.found;
      pruneCache(run.paths.cache, { pageKeys: new Set(Object.values(state.files).map((stamp) => stamp.key)), codeVersion, packs: run.reads.hoverPacks(codeVersion) }, run.startedAt);
    }
  }
}
