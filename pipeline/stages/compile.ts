/**
 * Stage 2, compile: every page the memo cannot answer for goes through compile/compile-page.ts
 * (across worker threads when there are many); the others keep their cached summaries. A page
 * is keyed by its content, its language's shared fragments, the markdown settings and the
 * pipeline's version (see pageCacheKey), so a stale memo costs time, never correctness.
 */
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { dataPathForRoute } from '../../schemas/paths.ts';
import type { SiteConfig } from '../../schemas/site.ts';
import { compileInputOf, pageCacheKey, splitCompiled, type CompiledPage, type CompileInput } from '../compile/compile-page.ts';
import { highlightTypeScript, typeScriptSource, type BlockSource } from '../compile/highlight.ts';
import { applyHovers } from '../hovers/apply.ts';
import type { PageSource } from '../derive/page.ts';
import { Diagnostics } from '../diagnostics.ts';
import { outwardDigest, recordHashOf, type RecordHead } from '../derive/page.ts';
import { stampMatches } from '../memo/incremental.ts';
import type { HeldPage, NarrowMemo } from '../memo/narrow.ts';
import { widenMemo, type RunMemo } from '../memo/run-memo.ts';
import { basePageIs } from '../search/index-patch.ts';
import { knowsTargets } from '../hovers/hover-links.ts';
import { isSharedPath, langPrefix, localizeRoute, routeIdentity, routeOfFile } from '../routes.ts';
import type { Run } from '../run.ts';
import type { HoverInfo, SampleHovers } from '../hovers/quick-info.ts';
import type { HoverMaking, HoverTemplate } from '../hovers/hover-hast.ts';
import type { PageContent, PageSummary, SourceFile } from '../types.ts';
import { compileAll, compilesOnWorkers, type PoolOptions } from '../workers/compile-pool.ts';
import { hoversOfMissed, startHovers } from './hovers.ts';
import { SEED_HIGHLIGHTS_UP_TO, takeSetAsideBody, takeSetAsideSummaries } from './discover.ts';
import { removeSetAside, setAsideBody, setAsideSummaries, writePageContent, type AheadEntries } from './emit.ts';
import { checkTranslations, compiledSkeletonFile, writtenSkeletonFile } from '../translations/drift.ts';

/** A page source with its route and cache key. */
export interface Entry {
  file: SourceFile;
  source: PageSource;
  key: string;
}

/** A page as the site-wide stages see it: its summary, where it comes from, its cache key. */
export interface SitePage {
  summary: PageSummary;
  source: PageSource;
  key: string;
}

export interface CompiledSite {
  entries: Entry[];
  /** By route path, in discover's order. */
  pages: Map<string, SitePage>;
  /** What compiling a page takes (for a page compiled again when its cached content went missing). */
  inputOf: (entry: Entry) => CompileInput;
  /**
   * Contents compiled by this run, held for the records stage: all of them with noCache and in a
   * narrow run; otherwise up to HELD_CONTENTS_MAX characters, the others read back from the cache.
   * With a cache, their bodies are not held (IN_CACHE): the records stage reads each from there.
   */
  contents: Map<string, HeldContent>;
  /** In a narrow run (memo/narrow.ts), its memo: `pages` are the changed pages alone. */
  narrow: NarrowMemo | null;
}

/**
 * A page's hover texts and samples' blocks made of the strings `known` already holds where it
 * has them (the template is changed in place), and the characters of those it did not: what
 * holding the template adds. The same declaration's hover (`defineConfig`, `format`) is on
 * hundreds of pages, each made anew: at the end of a cold 1,000+1,000 compile, 41,902 highlighted
 * declarations held 59 MB of the main thread's heap, and 263 distinct ones 0.2 MB.
 */
function shareHoverStrings(template: HoverTemplate, known: Map<string, string>): number {
  let added = 0;
  const shared = (text: string): string => {
    const held = known.get(text);
    if (held !== undefined) return held;
    known.set(text, text);
    added += text.length;
    return text;
  };
  for (const text of template.texts) {
    text.head = shared(text.head);
    text.docs = shared(text.docs);
    text.tail = shared(text.tail);
    text.key = shared(text.key);
  }
  if (template.blocks) template.blocks = template.blocks.map(([key, pre]) => [shared(key), shared(pre)]);
  return added;
}

/** A body left in the cache, read back as bytes when its record is written. */
const IN_CACHE = Symbol('body in the cache');

/** A page's content held for the records stage: its body, or where to find it. */
export type HeldContent = Omit<PageContent, 'body'> & { body: PageContent['body'] | typeof IN_CACHE };

/** A page's content as the records stage writes it: its body's JSON as text, or as the bytes the cache holds. */
export type RecordContent = Omit<PageContent, 'body'> & { body: PageContent['body'] | Buffer };

export async function compilePages(run: Run, site: SiteConfig, memo: RunMemo): Promise<CompiledSite> {
  const narrow = memo.narrow ? await compileChanged(run, site, memo, memo.narrow) : null;
  if (narrow) return narrow;
  // Pages the narrow memo compiled before it widened are not compiled again.
  const compiledBefore = memo.narrow?.summaries ?? new Map<string, PageSummary>();
  if (memo.narrow) widenMemo(run, memo);
  const { previous, state } = memo;
  // Shared fragments are read when discovered (a page read by an earlier run of a dev session has its text too).
  const fragmentsHash = memo.fragments.hash;
  state.fragments = Object.fromEntries(fragmentsHash);
  // Routes, and which sources must be read: only those the previous state cannot answer for.
  const entries = routeEntries(run.found.sources, site, run.diagnostics);
  const unknown = entries.filter(({ file }) => {
    const stamp = previous?.files[file.file];
    // A changed fragment changes the key of every page of its language.
    const sameFragments = previous?.fragments[file.lang] === fragmentsHash.get(file.lang);
    return !(sameFragments && stampMatches(stamp, file.mtimeMs, file.size) && previous!.summaries[stamp.key]);
  });
  run.reads.sources(unknown.map((e) => e.file));
  const { inputOf, keyOf } = compileInputs(run, site, memo);
  for (const entry of entries) entry.key = entry.file.source !== undefined ? keyOf(entry) : previous!.files[entry.file.file]!.key;
  // Compile what the memo does not have; contents go to the cache (or memory) as they arrive.
  const summaries = new Map(compiledBefore);
  const toCompile = entries.filter((e) => !previous?.summaries[e.key] && !summaries.has(e.key));
  const contents = new Map<string, HeldContent>();
  // A few edited pages: their code blocks, highlighted last time, are most likely unchanged.
  const highlights = toCompile.length <= SEED_HIGHLIGHTS_UP_TO ? toCompile.flatMap((e) => run.reads.highlights(previous?.files[e.file.file]?.key)) : [];
  await compileEntries(run, toCompile, inputOf, highlights, summaries, contents);
  memo.compiled += new Set(toCompile.map((e) => e.key)).size;
  return { entries, pages: rememberPages(run, memo, entries, summaries), inputOf, contents, narrow: null };
}

/** What compiling an entry (its source read) takes, with its language's shared fragments, and its cache key. */
function compileInputs(run: Run, site: SiteConfig, memo: RunMemo): { inputOf: (entry: Entry) => CompileInput; keyOf: (entry: Entry) => string } {
  const { byLang, hash } = memo.fragments;
  const inputOf = (entry: Entry): CompileInput => compileInputOf(entry.file, site, byLang.get(entry.file.lang)!, run.found.imageSizes);
  return { inputOf, keyOf: (entry) => pageCacheKey(inputOf(entry), hash.get(entry.file.lang)!, run.found.codeVersion) };
}

/**
 * How much compiled content (markdown and hover texts, in characters) a run with a cache holds for the records
 * stage: a cold build of a few thousand pages then never reads back and parses what it has just
 * written (the 1,000+1,000 corpus holds 30 M characters). A run whose pages' sources alone are
 * more holds none: it would read most back anyway, and what it held stayed in the main thread's
 * heap through the compile, where the data step peaks at 10,000 pages per language (40 M
 * characters of 123 M were 105 MB of that heap halfway through). Bodies are not held: they were
 * two thirds of the main thread's heap at the peak of a cold 1000+1000 build (compile, when the
 * workers' heaps are there too), and are written from the cache's bytes as they are.
 */
const HELD_CONTENTS_MAX = 40 * 1024 * 1024;

/**
 * How many compiled pages' summaries a run with a cache may hold while its pages compile. A run
 * that compiles more sets every one aside on disk (setAsideSummaries) and reads them back once
 * the compile has ended, for derive, when the compile's workers are gone: the compile is where
 * the data step peaks at 10,000 pages per language, and there the summaries held were the largest
 * part of the main thread's heap (4,000 of them, 69 MB halfway through). The 1,000+1,000 corpus
 * holds all of its 2,048.
 */
const SUMMARIES_HELD = 4000;

/**
 * Compiles these entries (across worker threads when there are many); each page's summary goes
 * to `summaries` (with a cache, once the compile has ended when there are more than
 * `holdSummaries`), its content to the cache unless the run keeps none, and to `contents` (with
 * a cache, while they hold less than `holdUpTo`, and none when the sources alone are more).
 */
async function compileEntries(run: Run, toCompile: readonly Entry[], inputOf: (entry: Entry) => CompileInput, highlights: PoolOptions['highlights'], summaries: Map<string, PageSummary>, contents: Map<string, HeldContent>, holdUpTo = HELD_CONTENTS_MAX, holdSummaries = run.options.summariesHeld ?? SUMMARIES_HELD): Promise<void> {
  let aside = null as AheadEntries<PageSummary> | null;
  // The hover strings of the contents held, shared among them (shareHoverStrings). Only while
  // contents are held: kept for every page compiled, it held each distinct string of them, the
  // samples' highlighted blocks too, none alike, to the compile's end. At 10,000 pages per
  // language that was 239 MB of this thread's heap when 85 % of them had compiled, the largest
  // thing in it, where the contents held were 57 MB.
  const hoverStrings = new Map<string, string>();
  const inputs = toCompile.map(inputOf);
  const holdsSummaries = run.options.noCache || toCompile.length <= holdSummaries;
  // The characters of the contents held; none are when the sources alone are more than `holdUpTo`.
  let held = inputs.reduce((chars, input) => chars + input.source.length, 0) > holdUpTo ? Infinity : 0;
  // The inputs hold the pages' texts now, and the compile lets go of each once a worker has it
  // (compileAll). A text is read again only to compile its page again (contentOf, when the cache
  // lost its content; a dev session's next run, for a page it compiles). Held to the compile's
  // end, the texts were a fixed part of the main thread's heap (18 MB at 1,000 pages a language,
  // 173 MB at 10,000).
  for (const entry of toCompile) entry.file.source = undefined;
  const compiling = compileWithHovers(
    run,
    inputs,
    (index, page) => {
      const { key } = toCompile[index]!;
      const { summary, content } = splitCompiled(page);
      if (holdsSummaries) summaries.set(key, summary);
      else (aside ??= setAsideSummaries(run.paths.cache)).add(key, summary);
      if (run.options.noCache) {
        if (content.hovers) shareHoverStrings(content.hovers, hoverStrings);
        contents.set(key, content);
        return;
      }
      writePageContent(run.paths.cache, key, content);
      // Past what it may hold, the run holds no more contents: `held` only grows.
      if (held > holdUpTo) return;
      // Its hover texts and highlighted samples (kept beside the body) weigh as much as its markdown, those not shared with another page's.
      held += content.markdown.length + (content.hovers ? shareHoverStrings(content.hovers, hoverStrings) : 0);
      if (held <= holdUpTo) contents.set(key, { ...content, body: content.body === null ? null : IN_CACHE });
      // The strings shared stay with the contents that hold them.
      else hoverStrings.clear();
    },
    { highlighter: run.options.highlighter, maxWorkers: run.options.maxWorkers, ...(run.options.sourcePerWorker !== undefined && { sourcePerWorker: run.options.sourcePerWorker }), highlights },
  );
  try {
    await compiling;
  } catch (error) {
    aside?.abort();
    throw error;
  }
  if (aside) for (const [key, summary] of takeSetAsideSummaries(aside.close())) summaries.set(key, summary);
}

/**
 * Characters of waiting pages' bodies held in memory (stages/compile.ts: compileWithHovers): the
 * bodies past them wait on disk. At 10,000 pages per language thousands of pages waited for
 * their samples' answers, and the data step's process peaked at 3.8 GiB.
 */
const WAITING_IN_MEMORY = 48 * 1024 * 1024;

/**
 * Compiles these pages with their config samples' hovers. The hovers stage starts first and
 * runs while they compile (on a worker thread when it has much to do, stages/hovers.ts); a page
 * with samples waits for its answers, then gets them (hovers/apply.ts) and goes to `onPage` like
 * the others. Where its hovers link to is made final with its record (hovers/hover-links.ts).
 * When workers compile the pages, the stage asks about the samples in the order the pages come
 * and hands its answers over as they come: each page gets its hovers once they are in, while the
 * others compile (at 10,000 pages per language, holding every page with samples until the last
 * answer took gigabytes). An in-process compile applies them at its end, with its highlighter.
 * `inputs` are compileAll's to let go of as workers take them.
 */
async function compileWithHovers(run: Run, inputs: CompileInput[], onPage: (index: number, page: CompiledPage) => void, options: PoolOptions): Promise<void> {
  const stage = startHovers(run, inputs);
  const files = inputs.map((input) => input.file);
  const answers = new Map<string, SampleHovers>();
  // Answers come from the hovers' worker as copies: each sample's infos are made the objects of
  // the samples before it that have the same (a declaration is in hundreds of samples).
  const infos = new Map<string, HoverInfo>();
  const answer = (key: string, hovers: SampleHovers) => {
    hovers.infos = hovers.infos.map((info) => {
      const id = JSON.stringify(info);
      const known = infos.get(id);
      if (known) return known;
      infos.set(id, info);
      return info;
    });
    answers.set(key, hovers);
  };
  const waiting = new Map<number, CompiledPage>();
  const streaming = compilesOnWorkers(inputs, options);
  // The hover texts' declarations are highlighted as the pages' code is: on this thread, which
  // has no highlighter while workers compile.
  let signatures: Promise<BlockSource> | null = null;
  const applying: Array<Promise<void>> = [];
  // Past WAITING_IN_MEMORY characters of waiting bodies, a waiting page's body is set aside on disk until its answers come.
  const aside = path.join(run.paths.cache, `waiting-${process.pid}-${threadId}-${Date.now()}`);
  const setAside = new Set<number>();
  let heldBodies = 0;
  const bodyOf = (index: number, page: CompiledPage) => (setAside.has(index) ? takeSetAsideBody(aside, index) : page.body);
  // One making for every page highlighted with the same source, so that each declaration is made once.
  const makings = new WeakMap<BlockSource, HoverMaking>();
  const makingOf = (source: BlockSource): HoverMaking => {
    let making = makings.get(source);
    if (!making) makings.set(source, (making = { highlightSignature: (signature) => highlightTypeScript(source, signature), declarations: new Map() }));
    return making;
  };
  const applyWith = (source: BlockSource, index: number, page: CompiledPage) => {
    const body = bodyOf(index, page);
    heldBodies -= setAside.delete(index) ? 0 : (body?.length ?? 0);
    onPage(index, applyHovers({ ...page, body }, files[index]!, answers, makingOf(source)));
  };
  // The waiting pages by the samples they wait for: a batch of answers is checked against those alone.
  const waitingFor = new Map<string, number[]>();
  const wait = (index: number, page: CompiledPage) => {
    waiting.set(index, page);
    for (const { key } of page.samples!) {
      if (answers.has(key)) continue;
      const pages = waitingFor.get(key);
      if (pages) pages.push(index);
      else waitingFor.set(key, [index]);
    }
  };
  // How many pages each answer is still to go to, from the stage's scan of the pages: once they
  // all have it, it is let go. A page the scan did not count that comes later waits, and its
  // samples are asked about again at the end (missed, below).
  const { uses } = stage;
  const letGo = (page: CompiledPage) => {
    for (const key of new Set(page.samples!.map((sample) => sample.key))) {
      const left = uses.get(key);
      if (left === undefined) continue;
      if (left > 1) uses.set(key, left - 1);
      else {
        uses.delete(key);
        answers.delete(key);
      }
    }
  };
  const answered = (page: CompiledPage) => page.samples!.every((sample) => answers.has(sample.key));
  const applyWhenAnswered = (index: number) => {
    const page = waiting.get(index);
    if (!page || !answered(page)) return;
    waiting.delete(index);
    signatures ??= typeScriptSource(run.options.highlighter ?? null, []);
    applying.push(
      signatures.then((source) => {
        // An answer let go meanwhile (by a page the scan did not count): this one waits for the end.
        if (!answered(page)) return wait(index, page);
        applyWith(source, index, page);
        letGo(page);
      }),
    );
  };
  const onBatch = (batch: ReadonlyMap<string, SampleHovers>) => {
    for (const [key, hovers] of batch) answer(key, hovers);
    for (const key of batch.keys()) {
      for (const index of waitingFor.get(key) ?? []) applyWhenAnswered(index);
      waitingFor.delete(key);
    }
  };
  if (streaming) stage.onAnswers(onBatch);
  let highlighter: BlockSource | null;
  try {
    highlighter = await compileAll(
      inputs,
      (index, page) => {
        if (!page.samples) return onPage(index, page);
        if (page.body !== null && heldBodies + page.body.length > (run.options.waitingInMemory ?? WAITING_IN_MEMORY)) {
          setAsideBody(aside, index, page.body);
          setAside.add(index);
          wait(index, { ...page, body: '' });
        } else {
          heldBodies += page.body?.length ?? 0;
          wait(index, page);
        }
        if (streaming) applyWhenAnswered(index);
      },
      options,
    );
  } catch (error) {
    stage.cancel();
    removeSetAside(aside);
    throw error;
  }
  const compiledWith = run.options.highlighter ?? highlighter;
  if (!streaming && compiledWith?.shiki) {
    // Compiled on this thread, which now only waits for TypeScript: each page gets its hovers as
    // their answers come, with the compile's highlighter, rather than all pages once the last has.
    // (Without shiki, an edited page's highlights from its last run, its hovers wait for all: the
    // declarations they need may not all be among them, see below.)
    signatures = typeScriptSource(compiledWith, []);
    stage.onAnswers(onBatch);
  }
  const started = performance.now();
  for (const [key, hovers] of await stage.hovers) answer(key, hovers);
  // Every page applied under way is applied, or waits again.
  await Promise.all(applying);
  const missed = new Map([...waiting.values()].flatMap((page) => page.samples!.filter((sample) => !answers.has(sample.key)).map((sample) => [sample.key, sample.sample] as const)));
  for (const [key, hovers] of await hoversOfMissed(run, missed)) answer(key, hovers);
  if (waiting.size > 0) {
    // With this run's highlighter when it has one, or from the memo (an edited page's, from last time).
    const shown = [...waiting.values()].flatMap((page) => page.samples!.flatMap((sample) => answers.get(sample.key)?.infos.map((info) => info.signature) ?? []));
    const source = await typeScriptSource(compiledWith, shown);
    for (const [index, page] of waiting) applyWith(source, index, page);
  }
  removeSetAside(aside);
  run.hoverWork.waitedMs += performance.now() - started;
}

/**
 * A narrow run's compile: the stale pages alone, those whose key changed compiled. Null, the
 * pages compiled kept in the memo, when one of them reaches past its own record (its outward
 * digest changed, it has problems, it is an overview, its search records are not as many as
 * before) or the state and the current bundle do not hold it as expected.
 */
async function compileChanged(run: Run, site: SiteConfig, memo: RunMemo, narrow: NarrowMemo): Promise<CompiledSite | null> {
  run.reads.sources(narrow.stale);
  const entries = routeEntries(narrow.stale, site, run.diagnostics);
  const { inputOf, keyOf } = compileInputs(run, site, memo);
  const stampOf = (entry: Entry) => narrow.table.file(entry.file.file)!;
  for (const entry of entries) {
    entry.key = keyOf(entry);
    // A touched page keeps its outward digest with its key; a changed one must keep it (checked below).
    narrow.files[entry.file.file] = { mtimeMs: entry.file.mtimeMs, size: entry.file.size, key: entry.key, outward: stampOf(entry).outward ?? '' };
  }
  const toCompile = entries.filter((entry) => entry.key !== stampOf(entry).key);
  const contents = new Map<string, HeldContent>();
  const highlights = toCompile.flatMap((entry) => run.reads.highlights(stampOf(entry).key));
  await compileEntries(run, toCompile, inputOf, highlights, narrow.summaries, contents, Infinity);
  memo.compiled = narrow.summaries.size;
  const pages = new Map<string, SitePage>();
  for (const entry of toCompile) {
    const summary = narrow.summaries.get(entry.key)!;
    const held = heldPage(run, narrow, entry, summary, contents.get(entry.key)!, site.lang);
    if (!held) return null;
    narrow.held.set(entry.source.routePath, held);
    pages.set(entry.source.routePath, { summary, source: entry.source, key: entry.key });
  }
  narrow.drift = twinDrift(run, site, pages);
  return { entries, pages, inputOf, contents, narrow };
}

/**
 * The changed pages' drift from their twins (pipeline/translations/), and the files it is reported
 * at: a narrow run carries the last run's warnings over but these, which it reports anew.
 */
function twinDrift(run: Run, site: SiteConfig, pages: ReadonlyMap<string, SitePage>): NarrowMemo['drift'] {
  const files = [...pages.values()].map(compiledSkeletonFile);
  const changed = new Set(files.map((file) => file.file));
  const relPaths = new Set(files.map((file) => file.relPath));
  const twins = run.found.sources.filter((file) => relPaths.has(file.relPath) && !changed.has(file.file));
  run.reads.sources(twins);
  files.push(...twins.map(writtenSkeletonFile));
  const drift = new Diagnostics();
  checkTranslations(files, site.lang, drift, 'warning', () => false);
  return { files: new Set(files.map((file) => file.file)), items: drift.items };
}

/** What the state and the current bundle hold of a changed page, when the page reaches nothing but its own record; else null. */
function heldPage(run: Run, narrow: NarrowMemo, entry: Entry, summary: PageSummary, content: HeldContent, siteLang: SiteConfig['lang']): HeldPage | null {
  const { outward, key: oldKey } = narrow.table.file(entry.file.file)!;
  if (summary.diagnostics.length > 0 || summary.frontmatter.overview || content.body === null || outward === null || outwardDigest(summary) !== outward) return null;
  // Its hovers link to pages the last run from every page saw (null: a route with no page), or the run widens to learn of them.
  if (summary.hoverTargets && !knowsTargets(summary.hoverTargets, langPrefix(entry.source.lang, siteLang), narrow.table.data.linkPages ?? {})) return null;
  const { routePath, lang } = entry.source;
  const known = narrow.table.route(routePath);
  if (!known?.record || !known.searchHash || (known.llmsFull && known.llmsFull[2] !== known.record)) return null;
  const old = run.reads.output(dataPathForRoute(routePath));
  const oldContent = run.reads.pageContent(oldKey);
  if (!old || !oldContent || oldContent.sections.length !== content.sections.length) return null;
  const { body: _, ...oldHead } = JSON.parse(old.toString()) as RecordHead & { body: unknown };
  // The record in dist-data/ is the one the state describes, and the search base holds its records.
  const base = narrow.search[lang]?.base;
  if (recordHashOf(oldHead, oldKey, known.hovers) !== known.record || !base || !basePageIs(base, routePath, known.searchHash)) return null;
  return { oldKey, oldHead, oldSections: oldContent.sections, known: { ...known, record: known.record, searchHash: known.searchHash } };
}

/** Each page with its summary (new, or the memo's), its problems reported again, its stamp kept in the new state. */
function rememberPages(run: Run, memo: RunMemo, entries: readonly Entry[], summaries: ReadonlyMap<string, PageSummary>): Map<string, SitePage> {
  const { previous, state } = memo;
  const pages = new Map<string, SitePage>();
  for (const entry of entries) {
    const summary = summaries.get(entry.key) ?? previous!.summaries[entry.key]!;
    run.diagnostics.addAll(summary.diagnostics);
    pages.set(entry.source.routePath, { summary, source: entry.source, key: entry.key });
    state.files[entry.file.file] = { mtimeMs: entry.file.mtimeMs, size: entry.file.size, key: entry.key };
    state.summaries[entry.key] = summary;
    (state.outward ??= {})[entry.key] = previous?.outward?.[entry.key] ?? outwardDigest(summary);
  }
  return pages;
}

/** Every page source with its route; duplicate routes are reported and left out. */
function routeEntries(sources: readonly SourceFile[], site: SiteConfig, diagnostics: Diagnostics): Entry[] {
  const entries: Entry[] = [];
  const seen = new Map<string, string>();
  for (const file of sources) {
    if (isSharedPath(file.relPath)) continue;
    const route = routeOfFile(file.relPath);
    const routePath = localizeRoute(route, file.lang, site.lang);
    const identity = routeIdentity(routePath);
    const clash = seen.get(identity);
    if (clash) {
      diagnostics.error(file.file, { line: 1, column: 1 }, `Duplicate route ${routePath} (also ${clash})`, 'duplicate-route');
      continue;
    }
    seen.set(identity, file.file);
    entries.push({ file, source: { file: file.file, relPath: file.relPath, lang: file.lang, route, routePath }, key: '' });
  }
  return entries;
}

/** What the stages after derive take of the compile: the pages' contents, not their summaries. */
export type CompiledContents = Omit<CompiledSite, 'pages'>;

/** A page's compiled content: held (let go once taken, unless the run has no cache), cached, or (the cache cleared mid-way) compiled again. */
export async function contentOf(run: Run, compiled: CompiledContents, page: Omit<SitePage, 'summary'>): Promise<RecordContent> {
  const kept = compiled.contents.get(page.key);
  if (kept && !run.options.noCache) compiled.contents.delete(page.key);
  let held: RecordContent | null;
  if (!kept) held = run.reads.pageContent(page.key);
  else if (kept.body !== IN_CACHE) held = { ...kept, body: kept.body };
  else {
    const body = run.reads.pageBody(page.key);
    held = body && { ...kept, body };
  }
  if (held) return held;
  const entry = compiled.entries.find((e) => e.source.routePath === page.source.routePath)!;
  run.reads.sources([entry.file]);
  let content: PageContent | undefined;
  await compileWithHovers(run, [compiled.inputOf(entry)], (_, recompiled) => (content = splitCompiled(recompiled).content), { highlighter: run.options.highlighter });
  return content!;
}
