/**
 * The pipeline run: discover → (per page) parse → transform → highlight → (site) derive →
 * validate → emit. Problems of every stage are collected; dist-data/ is replaced only when the
 * whole run has no error.
 */
import path from 'node:path';
import type { Lang } from '../schemas/lang.ts';
import { RouteEntry } from '../schemas/route.ts';
import { ResolvedSite, SiteConfig } from '../schemas/site.ts';
import { toJsonSchemas } from '../schemas/json-schema.ts';
import { dataPathForRoute, searchDataPath, SHELL_DATA_PATH } from '../schemas/paths.ts';
import { DEFAULT_CJK_MODE } from '../schemas/search-index.ts';
import { quickBuild } from './build-quick.ts';
import { checkLinks } from './derive/check-links.ts';
import { checkSidebarCoverage, checkTwins } from './derive/check-site.ts';
import { compileInputOf, pageCacheKey, sharedFragments, splitCompiled, type CompiledPage, type CompileInput } from './compile/compile-page.ts';
import { compileAll } from './workers/compile-pool.ts';
import type { Paths } from './context.ts';
import { deriveFeeds, feedLinkFor, type FeedPost } from './derive/feeds.ts';
import { assembleLlmsFull, deriveLlmsTxt, llmsFullSection, markdownTwin, markdownTwinPath, type LlmsChunk } from './derive/llms.ts';
import { derivePage, getDescription, getTitle, outwardDigest, recordHashOf, recordJson, searchHashOf, type PageSource, type RecordHead, type SiteFacts } from './derive/page.ts';
import { searchRecordsOf } from './search/records.ts';
import { deriveSidebarFiles, resolveSidebars, sidebarEntry } from './derive/sidebar.ts';
import { resolveSite, shellOf } from './derive/site.ts';
import { deriveSitemap } from './derive/sitemap.ts';
import { Diagnostics, placeAtOffset, sortDiagnostics, type Diagnostic } from './diagnostics.ts';
import { discover, outputIdentity, previousHighlights, SEED_HIGHLIGHTS_UP_TO, readOutput, readStamp, rediscover, readPageContent, readSearchBase, readSearchCache, readSources, readState, searchIndexPaths } from './stages/discover.ts';
import { openOutput, writeCache, writePageContent, writeStamp } from './stages/emit.ts';
import type { Highlighter } from './compile/highlight.ts';
import { emptyDerivedMemo, recall, remember, type BuildMemory, type DerivedHead, type DerivedMemo } from './memo/build-memory.ts';
import { contextStampOf, emptyState, fingerprintOf, hashOf, inputsStampOf, stampMatches, type CacheContents, type SearchCache } from './memo/incremental.ts';
import { isSharedPath, LANGS, localizeRoute, routeIdentity, routeOfFile } from './routes.ts';
import { searchIndexFileOf } from './search/index.ts';
import { emptySearchIndexMemo, layoutSearchIndex, type SearchLayoutOptions } from './search/layout.ts';
import { updateSearchIndex, type SearchIndexBase, type SearchPage } from './search/index-patch.ts';
import { SEARCH_WORKER_MIN_PAGES, startSearchIndexJob } from './workers/search-pool.ts';
import type { PageContent, PageSummary, SourceFile } from './types.ts';
import { PageRecordWithoutBody, validate } from './validate.ts';
import { checkSearchSynonymsIn } from './search/synonyms.ts';

export interface BuildOptions {
  root: string;
  /** Defaults: <root>/content, <root>/dist-data, <root>/.cache/pipeline */
  paths?: Partial<Paths>;
  /** Reuse a highlighter across runs (watch mode, tests). */
  highlighter?: Highlighter;
  /** Skip the cache entirely (both reading and writing). */
  noCache?: boolean;
  /**
   * Write dist-data/ even when pages have errors (pages whose record is invalid are left out).
   * For previews while writing (dev mode); a build for publishing never sets it.
   */
  force?: boolean;
  /** Upper bound on compile worker threads (default: the machine's cores, at most 4). */
  maxWorkers?: number;
  /** From this many pages a cold build analyzes search records in a worker (default SEARCH_WORKER_MIN_PAGES). */
  searchWorkerFrom?: number;
  /** When to split a language's search index, and into parts of what size (tests: a small site's index split). */
  searchLayout?: SearchLayoutOptions;
  /**
   * Kept by a caller that builds again and again (the dev server): the cache is read from it
   * instead of disk once it holds it, and written to disk only by saveBuildMemory.
   */
  memory?: BuildMemory;
  /**
   * With `memory`: the paths under content/ that changed since this memory's last run, as a
   * file watcher reports them; only those are looked at again. Without it, every file is.
   */
  changed?: Iterable<string>;
  /**
   * With `memory`: write dist-data/ and every search index even when they are up to date, so
   * that the memory holds all that later runs reuse (the dev server's first run: without it,
   * the first save would do that work).
   */
  prime?: boolean;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  pages: number;
  /** Pages compiled in this run (the rest came from the cache). */
  compiled: number;
  /** Whether dist-data/ was replaced. */
  emitted: boolean;
  /** Whether the quick run did it (see build-quick.ts). */
  quick?: true;
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

export async function build(options: BuildOptions): Promise<BuildResult> {
  const paths = resolvePaths(options);
  const diagnostics = new Diagnostics();
  const kept = options.noCache ? undefined : options.memory;
  const found = kept?.discovered && options.changed ? rediscover(paths, kept.discovered, options.changed) : discover(paths);
  if (kept) kept.discovered = found;
  // Nothing read differs from what the last clean run read, and dist-data/ is what it left:
  // nothing to do (at 10,000 pages, this spares reading tens of megabytes of cache).
  const readInputs = options.noCache || kept || options.prime ? null : inputsStampOf(found, paths);
  const unchanged = readInputs ? resultAtStamp(paths, readInputs) : null;
  if (unchanged) return unchanged;
  // A few pages changed in their own content only: the quick run (build-quick.ts), when it can.
  const quick = readInputs ? await quickBuild(paths, found, options) : null;
  if (quick) return { ok: true, diagnostics: quick.diagnostics, pages: quick.pages, compiled: quick.compiled, emitted: quick.emitted, quick: true };
  const siteFile = path.relative(paths.root, path.join(paths.content, 'site.json')).split(path.sep).join('/');
  const site = recall(kept, 'site', found.siteSource, diagnostics, (problems) => readSiteConfig(siteFile, found.siteSource, problems));
  // The search chunk reads the synonym table as it is (renderer/search/synonyms.ts).
  checkSearchSynonymsIn(paths.root, paths.content, diagnostics);
  const result = (emitted: boolean, pages = 0, compiled = 0): BuildResult => ({
    // Not emitting is a success only when dist-data/ was already exactly what this run would write.
    ok: diagnostics.errors.length === 0 && site !== null && (emitted || pages > 0),
    diagnostics: sortDiagnostics(diagnostics.items),
    pages,
    compiled,
    emitted,
  });
  if (!site) return result(false);
  for (const stray of found.strayFiles) diagnostics.error(stray, { line: 1, column: 1 }, 'Only .md files may stand in content/en and content/zh', 'unsupported-file');

  // What every page depends on; a change here makes the previous state useless.
  // Shared fragments are read when discovered (a page read by an earlier run of a dev session has its text too).
  const { byLang: fragmentsByLang, hash: fragmentsHash } = sharedFragments(found.sources);
  const inputs = hashOf(`v${found.codeVersion}`, site.lang, String(site.route.cleanUrls), String(site.markdown.defaultWrapCode));
  const remembered = kept?.state?.inputs === inputs ? kept.state : null;
  const previous = options.noCache ? null : (remembered ?? readState(paths.cache, inputs));
  if (kept && !remembered && previous) kept.savedFingerprint = previous.fingerprint;
  const state = emptyState(inputs);
  state.fragments = Object.fromEntries(fragmentsHash);

  // Routes, and which sources must be read: only those the previous state cannot answer for.
  const entries = routeEntries(found.sources, site, diagnostics);
  const unknown = entries.filter(({ file }) => {
    const stamp = previous?.files[file.file];
    // A changed fragment changes the key of every page of its language.
    const sameFragments = previous?.fragments[file.lang] === fragmentsHash.get(file.lang);
    return !(sameFragments && stampMatches(stamp, file.mtimeMs, file.size) && previous!.summaries[stamp.key]);
  });
  readSources(paths, unknown.map((e) => e.file));
  const inputOf = (entry: Entry): CompileInput => compileInputOf(entry.file, site, fragmentsByLang.get(entry.file.lang)!);
  for (const entry of entries) {
    entry.key = entry.file.source !== undefined ? pageCacheKey(inputOf(entry), fragmentsHash.get(entry.file.lang)!, found.codeVersion) : previous!.files[entry.file.file]!.key;
  }

  // Compile what the cache does not have; contents go to the cache (or memory) as they arrive.
  const summaries = new Map<string, PageSummary>();
  const memory = options.noCache ? new Map<string, PageContent>() : null;
  const keep = (key: string, page: CompiledPage) => {
    const { summary, content } = splitCompiled(page);
    summaries.set(key, summary);
    if (memory) memory.set(key, content);
    else writePageContent(paths.cache, key, content);
  };
  const toCompile = entries.filter((e) => !previous?.summaries[e.key]);
  readSources(paths, toCompile.map((e) => e.file));
  // A few edited pages: their code blocks, highlighted last time, are most likely unchanged.
  const highlights = toCompile.length <= SEED_HIGHLIGHTS_UP_TO ? toCompile.flatMap((e) => previousHighlights(paths.cache, previous?.files[e.file.file]?.key)) : [];
  await compileAll(
    toCompile.map(inputOf),
    (index, page) => keep(toCompile[index]!.key, page),
    { highlighter: options.highlighter, maxWorkers: options.maxWorkers, highlights },
  );
  const fresh = new Set(toCompile.map((e) => e.key));
  const pages = new Map<string, { summary: PageSummary; source: PageSource; key: string }>();
  for (const entry of entries) {
    const summary = summaries.get(entry.key) ?? previous!.summaries[entry.key]!;
    diagnostics.addAll(summary.diagnostics);
    pages.set(entry.source.routePath, { summary, source: entry.source, key: entry.key });
    state.files[entry.file.file] = { mtimeMs: entry.file.mtimeMs, size: entry.file.size, key: entry.key };
    state.summaries[entry.key] = summary;
    (state.outward ??= {})[entry.key] = previous?.outward?.[entry.key] ?? outwardDigest(summary);
  }

  // Site-wide checks.
  const langs = site.locales.map((locale) => locale.lang);
  const twins = checkTwins(pages, langs, diagnostics);
  const derivedMemo = kept?.derived ?? emptyDerivedMemo();
  const linkTargets = new Map([...pages].map(([route, page]) => [route, linkTargetOf(page.summary, derivedMemo)]));
  for (const { summary, source } of pages.values()) checkLinks(source.file, source.routePath, summary.links, linkTargets, found.publicFiles, diagnostics);
  const titles = new Map([...pages].map(([route, page]) => [route, getTitle(page.summary, site, page.source.lang)]));
  const titlesJson = JSON.stringify([...titles]);
  // Sidebars, and site.json which holds them, follow from the site config and the titles alone.
  const { sidebars, sidebarFiles, inLlmsFull, siteValid, siteJson, shellJson } = recall(kept, 'sidebars', `${found.siteSource}\0${titlesJson}`, diagnostics, (problems) => {
    const resolvedSidebars = resolveSidebars({ site, siteFile, siteSource: found.siteSource, titles }, problems);
    const resolvedSite = resolveSite(site, resolvedSidebars);
    return {
      siteValid: validate(ResolvedSite, resolvedSite, siteFile, 'Resolved site', problems) !== null,
      sidebars: resolvedSidebars,
      sidebarFiles: [...deriveSidebarFiles(resolvedSidebars)].map(([file, content]) => [file, JSON.stringify(content)] as const),
      inLlmsFull: new Set(langs.flatMap((lang) => Object.values(resolvedSidebars.order[lang]).flatMap((order) => order.map((entry) => entry.link)))),
      siteJson: JSON.stringify(resolvedSite),
      shellJson: JSON.stringify(shellOf(resolvedSite)),
    };
  });
  checkSidebarCoverage(pages, sidebars, langs, diagnostics);

  // Feeds for blog posts.
  const posts: FeedPost[] = [];
  const feeds = new Map<string, ReturnType<typeof feedLinkFor>[]>();
  for (const { summary, source } of pages.values()) {
    if (!source.route.startsWith('/blog/') || !summary.frontmatter.date) continue;
    posts.push({ lang: source.lang, routePath: source.routePath, title: titles.get(source.routePath)!, description: getDescription(summary, site, source.lang), date: summary.frontmatter.date });
    feeds.set(source.routePath, [feedLinkFor(source.lang)]);
  }

  const finish = (emitted: boolean, pageCount: number) => {
    if (!options.noCache) {
      if (!emitted) Object.assign(state, { records: previous?.records ?? {}, searchHashes: previous?.searchHashes ?? {}, llmsFull: previous?.llmsFull ?? {}, searchIndex: previous?.searchIndex ?? {}, groups: previous?.groups ?? {} });
      // In a dev session the state is fingerprinted when saved (saveBuildMemory), not on every run.
      if (!kept) state.fingerprint = fingerprintOf(state);
      const changedSearch = Object.fromEntries(Object.entries(searchCaches).filter(([lang]) => !previous || rewritten.has(lang as Lang)));
      const changed: CacheContents = { state: !kept && state.fingerprint === previous?.fingerprint ? null : state, search: emitted ? changedSearch : {}, bases: emitted ? searchBases : {} };
      if (kept) remember(kept, { state, search: emitted ? searchCaches : {}, bases: changed.bases }, changed);
      else writeCache(paths.cache, changed);
    }
    // A clean run leaves its stamp. (Another keeps the last one: a stamp holds only for the
    // inputs it names, and the dist-data/ it names, which a failed run did not touch.)
    if (readInputs && pageCount > 0 && diagnostics.errors.length === 0) {
      const out = outputIdentity(paths.out);
      if (out) writeStamp(paths.cache, { inputs: readInputs, context: contextStampOf(found, paths), state: state.fingerprint, out, pages: pageCount, diagnostics: diagnostics.items });
    }
    return result(emitted, pageCount, fresh.size);
  };
  const searchCaches: Partial<Record<Lang, SearchCache>> = {};
  const searchBases: Partial<Record<Lang, SearchIndexBase>> = {};
  const rewritten = new Set<Lang>();
  if (diagnostics.errors.length > 0 && !options.force) return finish(false, 0);

  // Every record's head and hash first (cheap, no I/O): when nothing differs from the bundle in
  // dist-data/, there is nothing to write at all.
  const facts = { site, sidebars, pages, twins, lastUpdated: found.lastUpdated, feeds };
  // A dev session keeps every head: while the site-wide facts stay the same (titles, hence
  // sidebars and twins; site config; last-updated times), a page whose content did not change
  // keeps its head. Overview pages list other pages' headings, so they are always derived again.
  const factsHash = kept ? hashOf(found.siteSource, titlesJson, JSON.stringify([...found.lastUpdated])) : '';
  const heldHeads = kept?.heads ?? new Map<string, DerivedHead>();
  const derived = [...pages]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, page]) => {
      const held = heldHeads.get(route);
      const same = held?.key === page.key && held.facts === factsHash && !page.summary.frontmatter.overview;
      const derivedHead = same ? held : deriveHead(route, page, facts, factsHash);
      if (kept && !same) heldHeads.set(route, derivedHead);
      return { route, ...page, ...derivedHead };
    });
  if (kept) {
    for (const route of heldHeads.keys()) if (!pages.has(route)) heldHeads.delete(route);
    kept.heads = heldHeads;
  }
  const smallOutputs = (heads: RecordHead[], routes: RouteEntry[]) => {
    const files = new Map<string, string>([
      ['site.json', siteJson],
      [SHELL_DATA_PATH, shellJson],
      ['routes.json', JSON.stringify({ schemaVersion: 1, routes })],
      ['sitemap.xml', deriveSitemap(site, heads, derivedMemo.sitemapEntries)],
      ['llms.txt', deriveLlmsTxt(site, sidebars, new Map(heads.map((h) => [h.routePath, h])), derivedMemo.llmsLines)],
    ]);
    for (const [file, content] of deriveFeeds(site, posts)) files.set(file, content);
    for (const [file, content] of sidebarFiles) files.set(file, content);
    return files;
  };
  if (!options.prime && previous && diagnostics.errors.length === 0 && derived.length === Object.keys(previous.records).length && derived.every((d) => previous.records[d.route] === d.recordHash && previous.searchHashes?.[d.route] === d.searchHash)) {
    const unchanged = [...smallOutputs(derived.map((d) => d.head), derived.map((d) => d.entry))].every(([file, content]) => readOutput(paths.out, file)?.toString() === content);
    if (unchanged) return finish(false, derived.length);
  }

  // Records, written (or carried over unchanged) one at a time.
  // A dev session patches the bundle its previous run wrote (see stages/emit.ts).
  const bundle = remembered ? kept!.bundle : undefined;
  const output = openOutput(paths.out, bundle);
  const heads = new Map<string, RecordHead>();
  const searchPages: Record<Lang, SearchPage[]> = { en: [], zh: [] };
  // A new process reads a language's search records (tens of megabytes at 10,000 pages) only
  // when its index is built again: when its pages' search hashes are not those the index in
  // dist-data/ was built from. Otherwise the index's files are carried over as they are.
  const carriedIndex = new Map<Lang, string[]>();
  for (const lang of previous && !remembered && !options.prime ? langs : []) {
    const hash = hashOf(...derived.filter((d) => d.head.lang === lang).map((d) => d.searchHash));
    const files = previous!.searchIndex[lang] === hash ? searchIndexPaths(paths.out, lang) : null;
    if (files) carriedIndex.set(lang, files);
  }
  const previousSearch = Object.fromEntries(
    LANGS.map((lang) => [lang, carriedIndex.has(lang) ? null : previous ? (remembered && kept!.search[lang]) || readSearchCache(paths.cache, lang) : {}]),
  ) as Record<Lang, SearchCache | null>;
  // Each page's section of llms-full.txt: a dev session keeps them; otherwise they are cut from the file.
  const oldLlmsFull = previous && !bundle ? readOutput(paths.out, 'llms-full.txt') : null;
  const previousChunk = (route: string, recordHash: string): LlmsChunk | null => {
    if (bundle) {
      const held = bundle.llmsChunks.get(route);
      return held?.hash === recordHash ? held : null;
    }
    const range = previous?.llmsFull[route];
    return oldLlmsFull && range?.[2] === recordHash ? { chunk: oldLlmsFull.subarray(range[0], range[1]), hash: recordHash } : null;
  };
  const markdownChunks = new Map<string, LlmsChunk>();
  // A cold build of a large site analyzes its search records in a worker as they are produced.
  const searchJob = !previous && derived.length >= (options.searchWorkerFrom ?? SEARCH_WORKER_MIN_PAGES) ? startSearchIndexJob(options.searchLayout) : null;
  const routes: RouteEntry[] = [];
  for (const { route, summary, source, key, head, group, recordHash, searchHash, entry, twinPath } of derived) {
    const dataPath = entry.data;
    const searchCache = previousSearch[head.lang];
    const cachedSearch = searchCache?.[route];
    const oldChunk = previousChunk(route, recordHash);
    const reused =
      previous?.records[route] === recordHash &&
      (searchCache ? cachedSearch?.hash === searchHash : previous.searchHashes?.[route] === searchHash) &&
      // A page in no sidebar has no section in llms-full.txt to carry over.
      (oldChunk !== null || !inLlmsFull.has(route)) &&
      output.reuse(dataPath) &&
      output.reuse(twinPath);
    // A carried-over record was checked when it was written, with its entry in routes.json
    // (which follows from the record); a new one is checked now.
    if (!reused && !(validate(PageRecordWithoutBody, head, source.file, 'Page record', diagnostics) && validate(RouteEntry, entry, source.file, 'Route entry', diagnostics))) continue;
    const content = reused ? null : (memory?.get(key) ?? readPageContent(paths.cache, key) ?? (await recompile(paths, source, entries, inputOf, options)));
    // A body that failed its schema when the page was compiled (reported with the page's problems).
    if (content?.body === null) continue;
    heads.set(route, head);
    routes.push(entry);
    if (!content) {
      if (oldChunk) markdownChunks.set(route, oldChunk);
    } else {
      rewritten.add(head.lang);
      output.write(dataPath, recordJson(head, content.body!));
      const twin = markdownTwin(head, Boolean(summary.h1), content.markdown);
      output.write(twinPath, twin);
      markdownChunks.set(route, { chunk: Buffer.from(llmsFullSection(site, route, twin)), hash: recordHash });
    }
    state.records[route] = recordHash;
    (state.searchHashes ??= {})[route] = searchHash;
    (state.groups ??= {})[route] = group;
    if (!searchCache) continue; // its language's index is carried over
    const records = content ? searchRecordsOf(head, content.sections, group) : cachedSearch!.records;
    (searchCaches[head.lang] ??= {})[route] = content ? { hash: searchHash, records } : cachedSearch!;
    searchPages[head.lang].push({ route, hash: searchHash, records, previous: cachedSearch });
    searchJob?.add(head.lang, { route, hash: searchHash, records });
  }
  if (!siteValid || (diagnostics.errors.length > 0 && !options.force)) {
    searchJob?.cancel();
    output.abort();
    return finish(false, 0);
  }

  const built = searchJob ? await searchJob.finish() : {};
  for (const lang of langs) {
    const carried = carriedIndex.get(lang);
    if (carried) {
      // Found complete before the records were written; gone since only if something else deleted them.
      if (!carried.every((file) => output.reuse(file))) {
        output.abort();
        throw new Error(`The search index files of ${lang} left dist-data/ during the build`);
      }
      state.searchIndex[lang] = previous!.searchIndex[lang]!;
      continue;
    }
    const hash = hashOf(...searchPages[lang].map((page) => page.hash));
    // Every file of the language's index (one, or a split index's manifest and parts) or none.
    const reusable = previous?.searchIndex[lang] === hash && !options.prime ? searchIndexPaths(paths.out, lang) : null;
    const ready = built[lang];
    if (ready) {
      searchBases[lang] = ready.base;
      for (const [name, json] of ready.files) output.write(name, json);
    } else if (!reusable?.every((file) => output.reuse(file))) {
      const base = previous ? (remembered && kept!.bases[lang]) || readSearchBase(paths.cache, lang) : null;
      const updated = updateSearchIndex(searchPages[lang], base, DEFAULT_CJK_MODE);
      searchBases[lang] = updated.base;
      const memo = kept ? (kept.searchIndexes[lang] ??= emptySearchIndexMemo()) : undefined;
      // Records carried over from the cache made documents that the run which cached them checked.
      const checked = new Set(searchPages[lang].filter((page) => page.records === page.previous?.records).map((page) => page.records));
      const file = searchIndexFileOf(lang, searchPages[lang].map((page) => page.records), updated.index, {}, memo, checked);
      // Parts are named by their content: one the old bundle has is carried over as it is.
      for (const [name, content] of layoutSearchIndex(file, options.searchLayout, memo)) if (name === searchDataPath(lang) || !output.reuse(name)) output.write(name, content as object);
    }
    state.searchIndex[lang] = hash;
  }
  // Written as the same strings the up-to-date check compares.
  const siteFiles = smallOutputs([...heads.values()], routes);
  for (const [name, schema] of Object.entries(toJsonSchemas())) siteFiles.set(`schema/${name}.schema.json`, JSON.stringify(schema));
  // Patching dist-data/, a file equal to what the previous run wrote stays as it is.
  for (const [file, content] of siteFiles) if (bundle?.siteFiles.get(file) !== content || !output.reuse(file)) output.write(file, content);
  output.writeParts('llms-full.txt', assembleLlmsFull(site, sidebars, markdownChunks, state));
  const committed = output.commit();
  if (kept) kept.bundle = { ...committed, llmsChunks: markdownChunks, siteFiles };
  return finish(true, heads.size);
}

/** A page's head and the hashes that say whether its files and search records changed. */
function deriveHead(route: string, page: { summary: PageSummary; source: PageSource; key: string }, facts: SiteFacts, factsHash: string): DerivedHead {
  const head = derivePage(page.source, page.summary, facts);
  const group = sidebarEntry(facts.sidebars, head.lang, head.sidebarKey, route)?.entry.group ?? null;
  const recordHash = recordHashOf(head, page.key);
  const entry: RouteEntry = { path: route, filePath: `${page.source.lang}/${page.source.relPath}`, lang: head.lang, version: '', pageType: head.pageType, title: head.title, data: dataPathForRoute(route), hash: recordHash.slice(0, 12) };
  return { key: page.key, facts: factsHash, head, group, recordHash, searchHash: searchHashOf(recordHash, group), entry, twinPath: `markdown/${markdownTwinPath(route)}` };
}

/** What links to a page may point at: its heading ids (one set per summary). */
function linkTargetOf(summary: PageSummary, memo: DerivedMemo): { ids: Set<string> } {
  let target = memo.linkTargets.get(summary);
  if (!target) memo.linkTargets.set(summary, (target = { ids: new Set(summary.ids) }));
  return target;
}

/** Writes what runs kept in `memory` and the cache folder does not have yet. */
export function saveBuildMemory(options: Pick<BuildOptions, 'root' | 'paths'>, memory: BuildMemory): void {
  if (!memory.unsaved) return;
  const { state } = memory.unsaved;
  if (state) {
    const fingerprint = fingerprintOf(state);
    // Equal to what the disk has: runs came back to it (an edit undone), nothing to write.
    if (fingerprint === memory.savedFingerprint) memory.unsaved.state = null;
    state.fingerprint = memory.savedFingerprint = fingerprint;
  }
  writeCache(resolvePaths(options).cache, memory.unsaved);
  memory.unsaved = null;
}

/** The last clean run's result, when nothing it read has changed and dist-data/ is what it left; else null. */
function resultAtStamp(paths: Paths, inputs: string): BuildResult | null {
  const stamp = readStamp(paths.cache);
  const out = outputIdentity(paths.out);
  if (stamp?.inputs !== inputs || !out || stamp.out.ino !== out.ino || stamp.out.routesMtimeMs !== out.routesMtimeMs) return null;
  return { ok: true, diagnostics: sortDiagnostics(stamp.diagnostics), pages: stamp.pages, compiled: 0, emitted: false };
}

interface Entry {
  file: SourceFile;
  source: PageSource;
  key: string;
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

/** A cached content file went missing (cache cleared mid-way): compile the page again. */
async function recompile(paths: Paths, source: PageSource, entries: Entry[], inputOf: (e: Entry) => CompileInput, options: BuildOptions): Promise<PageContent> {
  const entry = entries.find((e) => e.source.routePath === source.routePath)!;
  readSources(paths, [entry.file]);
  let content: PageContent | undefined;
  await compileAll([inputOf(entry)], (_, page) => (content = splitCompiled(page).content), { highlighter: options.highlighter });
  return content!;
}

function readSiteConfig(file: string, source: string, diagnostics: Diagnostics): SiteConfig | null {
  if (!source) {
    diagnostics.error(file, { line: 1, column: 1 }, 'content/site.json is missing', 'site-config');
    return null;
  }
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec(String(error))?.[1] ?? 0);
    diagnostics.error(file, placeAtOffset(source, offset), `Invalid JSON: ${(error as Error).message}`, 'site-config');
    return null;
  }
  const result = SiteConfig.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.at(-1);
    const offset = typeof key === 'string' ? source.indexOf(`"${key}"`) : -1;
    diagnostics.error(file, placeAtOffset(source, Math.max(offset, 0)), `Invalid site config at ${issue.path.join('.') || '(root)'}: ${issue.message}`, 'site-config');
  }
  return null;
}
