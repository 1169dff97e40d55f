/**
 * A run of the pipeline, the one path of every build (full, incremental, watch and dev: the same
 * stages with different inputs and a warmer memo): discover → compile each page → derive the
 * site-wide outputs → write the records → build the search index → emit. Problems of every
 * stage are collected; dist-data/ is replaced only when the whole run has no error. Only
 * discover reads (stages/discover.ts, whose Reads the stages are handed) and only emit writes.
 */
import path from 'node:path';
import type { Lang } from '../schemas/lang.ts';
import type { SiteConfig } from '../schemas/site.ts';
import type { Paths } from './context.ts';
import { parseSiteConfig } from './derive/site-config.ts';
import { Diagnostics, sortDiagnostics } from './diagnostics.ts';
import { recall, type BuildMemory } from './memo/build-memory.ts';
import { fingerprintOf, inputsStampOf } from './memo/incremental.ts';
import { finishRun, letGoAhead, recallMemo, streamSearchAhead, writeSummariesAhead, type RunMemo } from './memo/run-memo.ts';
import type { BuildOptions, BuildResult, Run } from './run.ts';
import { searchSynonymsJson } from './search/synonyms.ts';
import { compilePages, type CompiledContents } from './stages/compile.ts';
import { bundleIsCurrent, deriveHeads, deriveSite, siteFileOf, type DerivedOutputs, type DerivedPage } from './stages/derive.ts';
import { discoverRun, type Reads } from './stages/discover.ts';
import { markBundleUnsaved, openOutput, writeCache, writeIntoBundle, type Output } from './stages/emit.ts';
import { spliceLlmsFull, spliceSiteFiles, writeRecords, writeSiteFiles, type WrittenRecords } from './stages/records.ts';
import { buildSearchIndexes, startSearch, type SearchRun } from './stages/search.ts';

export type { BuildOptions, BuildResult } from './run.ts';

export async function build(options: BuildOptions): Promise<BuildResult> {
  const startedAt = Date.now();
  const lap = stopwatch(options.timings);
  const paths = resolvePaths(options);
  const kept = options.noCache ? undefined : options.memory;
  const { found, reads } = discoverRun(paths, kept, options.changed);
  // Nothing read differs from what the last clean run read, and dist-data/ is what it left:
  // nothing to do (at 10,000 pages, this spares reading tens of megabytes of cache).
  const readInputs = options.noCache || kept || options.prime ? null : inputsStampOf(found, paths);
  const unchanged = readInputs ? resultAtStamp(reads, readInputs) : null;
  lap('discover');
  if (unchanged) return unchanged;

  const run: Run = { paths, options, diagnostics: new Diagnostics(), kept, found, reads, readInputs, hoverWork: { samples: 0, computed: 0, ms: 0, waitedMs: 0 }, exportInfos: new Map(), startedAt };
  const site = recall(kept, 'site', found.siteSource, run.diagnostics, (problems) => parseSiteConfig(siteFileOf(run), found.siteSource, problems));
  // Checked before the site config, so that problems of both are reported at once.
  const synonymsJson = searchSynonymsJson(found.synonyms, run.diagnostics);
  if (!site) return finishRun(run, null, false, 0);
  for (const stray of found.strayFiles) run.diagnostics.error(stray, { line: 1, column: 1 }, 'Only .md files may stand in content/en and content/zh', 'unsupported-file');
  // Narrow when only a few pages changed since the last clean run (memo/narrow.ts).
  const memo = recallMemo(run, site);
  const pending = await writePages(run, site, synonymsJson, memo, lap);
  if (!('output' in pending)) return pending;
  const { output, search, langs, pages, held } = pending;
  // A narrow run's llms-full.txt is written while the search indexes are patched (spliceLlmsFull).
  const llmsFull = memo.narrow ? spliceLlmsFull(memo.narrow, held!.written, output) : Promise.resolve();
  // Its failure is thrown where it is awaited, unless the search failed first.
  llmsFull.catch(() => undefined);
  await buildSearchIndexes(run, memo, search, langs, output, () => letGoAhead(run, memo));
  lap('search');
  await llmsFull;
  if (memo.narrow) spliceSiteFiles(run, held!.written, search, output);
  const committed = output.commit();
  if (run.kept) run.kept.bundle = { ...committed, llmsChunks: held!.written.chunks, siteFiles: held!.siteFiles };
  const result = finishRun(run, memo, true, pages);
  lap('emit');
  return result;
}

/** What the search stage and the commit take from the stages before them. */
interface WrittenPages {
  output: Output;
  search: SearchRun;
  langs: readonly Lang[];
  /** The pages the bundle has. */
  pages: number;
  /**
   * What the records stage wrote, and the site's own files as written (none yet in a narrow run):
   * for a narrow run, which splices them in after its search, and a dev session, which keeps them
   * with its bundle. Any other run has written all of it: null.
   */
  held: { written: WrittenRecords; siteFiles: Map<string, string> } | null;
}

/**
 * Compile, derive, the records and (but in a narrow run) the site's own files: every stage
 * before the search indexes, or the run's result when it ends there. A function of its own so
 * that what only these stages use (the derived pages, what the records stage holds) is garbage
 * once it returns: a cold run of a large site then waits for its search workers without it.
 */
async function writePages(run: Run, site: SiteConfig, synonymsJson: string, memo: RunMemo, lap: (stage: string) => void): Promise<WrittenPages | BuildResult> {
  const { options, kept, paths } = run;
  const derivedPages = await derivePages(run, site, synonymsJson, memo, lap);
  if (!('derived' in derivedPages)) return derivedPages;
  const { compiled, derived, pages } = derivedPages;
  // The summaries are derive's alone: at 10,000 pages per language some 400 MB of this thread's
  // heap, held through the records stage beside the search workers' analyses until this let go.
  writeSummariesAhead(run, memo);

  // Records, written (or carried over unchanged) one at a time; a dev session patches the
  // bundle its previous run wrote (see stages/emit.ts).
  const bundle = memo.remembered ? kept!.bundle : undefined;
  if (kept && !kept.bundleUnsaved) markBundleUnsaved(paths.cache, (kept.bundleUnsaved = true));
  // No state of an earlier run, nor a narrow memo: every file is written anew.
  const output = openOutput(paths.out, bundle, memo.previous === null && memo.narrow === null);
  const search = startSearch(run, memo, pages, derived.langs);
  streamSearchAhead(run, memo, search.job?.langs ?? []);
  const written = await writeRecords(run, memo, compiled, derived, pages, search, output, bundle);
  lap('records');
  if (!derived.siteValid || (run.diagnostics.errors.length > 0 && !options.force)) {
    search.job?.cancel();
    output.abort();
    return finishRun(run, memo, false, 0);
  }
  // The site's files follow from the pages alone; a narrow run's routes.json and carried-over
  // files wait for its search (spliceSiteFiles), whose dropped parts they leave out.
  const siteFiles = memo.narrow ? new Map<string, string>() : writeSiteFiles(run, memo, derived, written, output, bundle);
  // Written, llms-full.txt's sections (146 MB at 10,000 pages per language) and the rest are let go.
  return { output, search, langs: derived.langs, pages: written.heads.size, held: kept || memo.narrow ? { written, siteFiles } : null };
}

/**
 * Compile, derive and the pages' heads, or the run's result when it ends there. A function of its
 * own so that the compiled pages' summaries are garbage once it returns, unless a memo keeps
 * them: the stages after it read none (DerivedPage, CompiledContents).
 */
async function derivePages(run: Run, site: SiteConfig, synonymsJson: string, memo: RunMemo, lap: (stage: string) => void): Promise<{ compiled: CompiledContents; derived: DerivedOutputs; pages: DerivedPage[] } | BuildResult> {
  const { options } = run;
  const compiled = await compilePages(run, site, memo);
  lap('compile');
  // The type hovers are asked for while the pages compile: what the run spent on them after
  // that (waiting, and putting them into the pages) is a stage of its own in the timings.
  if (options.timings && run.hoverWork.samples > 0) {
    options.timings.hovers = run.hoverWork.waitedMs;
    options.timings.compile! -= run.hoverWork.waitedMs;
  }
  const derived = deriveSite(run, site, compiled, synonymsJson);
  if (run.diagnostics.errors.length > 0 && !options.force) return finishRun(run, memo, false, 0);
  const pages = deriveHeads(run, derived, compiled);
  lap('derive');
  if (bundleIsCurrent(run, memo, derived, pages)) return finishRun(run, memo, false, pages.length);
  // Neither the compiled pages' summaries nor the facts derive made of them go further.
  const { pages: _summaries, ...contents } = compiled;
  const { facts: _facts, ...outputs } = derived;
  return { compiled: contents, derived: outputs, pages };
}

/** Adds the time since the last lap to `timings[stage]`; does nothing without `timings`. */
function stopwatch(timings: Record<string, number> | undefined): (stage: string) => void {
  let last = performance.now();
  return (stage) => {
    if (!timings) return;
    const now = performance.now();
    timings[stage] = (timings[stage] ?? 0) + now - last;
    last = now;
  };
}

export function resolvePaths(options: BuildOptions): Paths {
  const root = path.resolve(options.root);
  return {
    root,
    content: options.paths?.content ?? path.join(root, 'content'),
    out: options.paths?.out ?? path.join(root, 'dist-data'),
    cache: options.paths?.cache ?? path.join(root, '.cache', 'pipeline'),
    // The pipeline's own project, wherever the content is (a test's fixture, a benchmark's copy).
    code: options.paths?.code ?? path.resolve(import.meta.dirname, '..'),
  };
}

/** Writes what runs kept in `memory` and the cache folder does not have yet. */
export function saveBuildMemory(options: Pick<BuildOptions, 'root' | 'paths'>, memory: BuildMemory): void {
  const { cache, out } = resolvePaths(options);
  // The bundle complete first: the state about to be written describes it.
  if (memory.llmsFullUnwritten && memory.bundle) writeIntoBundle(out, memory.bundle, 'llms-full.txt', memory.llmsFullUnwritten);
  memory.llmsFullUnwritten = undefined;
  if (memory.unsaved) {
    const { state } = memory.unsaved;
    if (state) {
      const fingerprint = fingerprintOf(state);
      // Equal to what the disk has: runs came back to it (an edit undone), nothing to write.
      if (fingerprint === memory.savedFingerprint) memory.unsaved.state = null;
      state.fingerprint = memory.savedFingerprint = fingerprint;
    }
    writeCache(cache, memory.unsaved);
    memory.unsaved = null;
  }
  // The state on disk now describes dist-data/ as the session left it.
  if (memory.bundleUnsaved) markBundleUnsaved(cache, (memory.bundleUnsaved = false));
}

/** The last clean run's result, when nothing it read has changed and dist-data/ is what it left; else null. */
function resultAtStamp(reads: Reads, inputs: string): BuildResult | null {
  const stamp = reads.stamp();
  const out = reads.outputIdentity();
  if (stamp?.inputs !== inputs || !out || stamp.out.ino !== out.ino || stamp.out.routesMtimeMs !== out.routesMtimeMs) return null;
  return { ok: true, diagnostics: sortDiagnostics(stamp.diagnostics), pages: stamp.pages, compiled: 0, emitted: false };
}
