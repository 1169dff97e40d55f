/**
 * The quick run: a new process's build after a few pages changed in their own content only
 * (what a save while writing a page usually is: no title, heading, link, description or
 * frontmatter changed). Every other output of the site is then the same, so the run works from
 * what the last clean run left instead of from every page: the state without its summaries,
 * the changed pages' old records and cached content, the search base and the split index in
 * dist-data/. What it writes: the changed records and twins, their sections of llms-full.txt,
 * routes.json, the search manifest and the parts around the pages, all through the spare
 * bundle (see stages/emit.ts), so that it costs what the change costs, not what the site costs.
 *
 * Whenever anything is not as this requires, it returns null before writing anything, and the
 * full run does the work (and comes to the same bundle: tests/pipeline/build-quick.test.ts).
 */
import type { Lang } from '../schemas/lang.ts';
import { RouteEntry } from '../schemas/route.ts';
import { SiteConfig } from '../schemas/site.ts';
import { dataPathForRoute, searchDataPath } from '../schemas/paths.ts';
import { DEFAULT_CJK_MODE, PostingPartFile, RecordPartFile, SearchIndexManifest } from '../schemas/search-index.ts';
import { compileInputOf, pageCacheKey, sharedFragments, splitCompiled } from './compile/compile-page.ts';
import { compileAll } from './workers/compile-pool.ts';
import type { Paths } from './context.ts';
import type { Highlighter } from './compile/highlight.ts';
import { llmsFullSection, markdownTwin, markdownTwinPath } from './derive/llms.ts';
import { outwardDigest, recordHashOf, recordJson, searchHashOf, type RecordHead } from './derive/page.ts';
import { searchRecordsOf } from './search/records.ts';
import { Diagnostics, sortDiagnostics } from './diagnostics.ts';
import { outputIdentity, previousHighlights, readOutput, readPageContent, readSearchBase, readSources, readStamp, readStateTable } from './stages/discover.ts';
import { openSpare, type Output, writeCache, writePageContent, writeStamp, writeStateChange } from './stages/emit.ts';
import { contextStampOf, hashOf, inputsStampOf, stampMatches } from './memo/incremental.ts';
import type { LlmsSplice, StateChange } from './memo/state-file.ts';
import { isSharedPath, LANGS, localizeRoute, routeOfFile } from './routes.ts';
import { pageDocsOf } from './search/index.ts';
import { patchBase, type SearchIndexBase } from './search/index-patch.ts';
import { patchSplitLayout, type SearchLayoutOptions } from './search/layout.ts';
import type { Discovered, PageContent, PageSummary } from './types.ts';
import { PageRecordWithoutBody, validate } from './validate.ts';

/** What of the site config a page's compile and its section of llms-full.txt depend on. */
const PageSettings = SiteConfig.pick({ url: true, lang: true, route: true, markdown: true });

/** More changed pages than this, and the full run is as quick. */
export const QUICK_RUN_MAX_PAGES = 8;

export interface QuickResult {
  pages: number;
  compiled: number;
  emitted: boolean;
  diagnostics: ReturnType<typeof sortDiagnostics>;
}

/** A changed page, from its source to its new record. */
interface Changed {
  file: string;
  lang: Lang;
  routePath: string;
  oldKey: string;
  key: string;
  summary: PageSummary;
  content: PageContent;
  oldHead: RecordHead;
  head: RecordHead;
  recordHash: string;
  searchHash: string;
  /** Its markdown twin, which its section of llms-full.txt holds too. */
  twin: string;
  /** What the state says of its route. */
  known: { record: string; searchHash: string; group: string | null; llmsFull: [number, number, string] | null };
}

/** A language's search index after the changed pages: the patched base, the new manifest and its new parts, and the manifest before. */
interface PatchedIndex {
  base: SearchIndexBase;
  manifest: SearchIndexManifest;
  parts: Map<string, unknown>;
  old: SearchIndexManifest;
}

/** What a quick run takes of the build's options (BuildOptions in build.ts, which calls it). */
export interface QuickBuildOptions {
  highlighter?: Highlighter | undefined;
  maxWorkers?: number | undefined;
  searchLayout?: SearchLayoutOptions | undefined;
}

export async function quickBuild(paths: Paths, found: Discovered, options: QuickBuildOptions): Promise<QuickResult | null> {
  // What the last clean run left, and nothing since: its stamp names this dist-data/, the
  // state in the cache, and the same site config, public files and commit times.
  const stamp = readStamp(paths.cache);
  const out = outputIdentity(paths.out);
  if (!stamp?.state || !out || stamp.out.ino !== out.ino || stamp.out.routesMtimeMs !== out.routesMtimeMs) return null;
  if (stamp.context !== contextStampOf(found, paths)) return null;
  const read = readStateTable(paths.cache);
  if (!read || read.table.data.fingerprint !== stamp.state) return null;
  const { table } = read;
  const state = table.data;
  // The four settings a page's compile and its llms-full.txt section use: the whole config,
  // sidebars and all, is checked by the full run, and takes as long as a page to parse here.
  const raw = JSON.parse(found.siteSource) as Record<string, unknown>;
  const parsedSite = PageSettings.safeParse({ url: raw.url, lang: raw.lang, route: raw.route, markdown: raw.markdown });
  if (!parsedSite.success) return null;
  const site = parsedSite.data;

  // The same pages and shared fragments; a few pages changed.
  const { byLang: fragments, hash: fragmentsHash } = sharedFragments(found.sources);
  if (LANGS.some((lang) => state.fragments[lang] !== fragmentsHash.get(lang))) return null;
  const pageFiles = found.sources.filter((file) => !isSharedPath(file.relPath));
  const stamps = new Map(pageFiles.map((file) => [file.file, table.file(file.file)]));
  if (pageFiles.length !== table.fileCount || [...stamps.values()].some((known) => !known)) return null;
  const stale = pageFiles.filter((file) => !stampMatches(stamps.get(file.file), file.mtimeMs, file.size));
  if (stale.length === 0 || stale.length > QUICK_RUN_MAX_PAGES) return null;
  // A page with problems last time: the full run reports them as it should.
  if (stamp.diagnostics.some((d) => stale.some((file) => file.file === d.file))) return null;

  readSources(paths, stale);
  const inputs = stale.map((file) => compileInputOf(file, site, fragments.get(file.lang)!));
  const keys = inputs.map((input) => pageCacheKey(input, fragmentsHash.get(input.lang)!, found.codeVersion));
  const toCompile = inputs.filter((_, i) => keys[i] !== stamps.get(inputs[i]!.file)!.key);
  const compiled = new Map<string, ReturnType<typeof splitCompiled>>();
  // The pages' code blocks as highlighted last time: most are unchanged (a cold highlighter takes a quarter of a second for a few).
  const highlights = toCompile.flatMap((input) => previousHighlights(paths.cache, stamps.get(input.file)!.key));
  await compileAll(toCompile, (index, page) => compiled.set(toCompile[index]!.file, splitCompiled(page)), { highlighter: options.highlighter, maxWorkers: options.maxWorkers, highlights });

  const changed: Changed[] = [];
  for (const [i, input] of inputs.entries()) {
    const page = compiled.get(input.file);
    if (!page) continue; // touched, not changed
    const { summary, content } = page;
    const { key: oldKey, outward } = stamps.get(input.file)!;
    if (summary.diagnostics.length > 0 || summary.frontmatter.overview || content.body === null) return null;
    if (outward === null || outwardDigest(summary) !== outward) return null;
    const routePath = localizeRoute(routeOfFile(input.relPath), input.lang, site.lang);
    const known = table.route(routePath);
    if (!known?.record || !known.searchHash) return null;
    const old = readOutput(paths.out, dataPathForRoute(routePath));
    if (!old) return null;
    const { body: _, ...oldHead } = JSON.parse(old.toString()) as RecordHead & { body: unknown };
    // The record in dist-data/ is the one the state describes.
    if (recordHashOf(oldHead, oldKey) !== known.record) return null;
    // Everything else in the head follows from the outward digest and the rest of the site.
    const head: RecordHead = { ...oldHead, toc: summary.toc };
    const recordHash = recordHashOf(head, keys[i]!);
    const searchHash = searchHashOf(recordHash, known.group);
    const twin = markdownTwin(head, Boolean(summary.h1), content.markdown);
    changed.push({ file: input.file, lang: input.lang, routePath, oldKey, key: keys[i]!, summary, content, oldHead, head, recordHash, searchHash, twin, known: { ...known, record: known.record, searchHash: known.searchHash } });
  }

  const diagnostics = new Diagnostics();
  const routesJson = readOutput(paths.out, 'routes.json');
  if (!routesJson) return null;
  const routes = JSON.parse(routesJson.toString()) as { schemaVersion: 1; routes: RouteEntry[] };
  const entries = new Map(routes.routes.map((entry) => [entry.path, entry]));
  for (const page of changed) {
    const entry = entries.get(page.routePath);
    if (!entry || entry.hash !== page.known.record.slice(0, 12)) return null;
    entry.hash = page.recordHash.slice(0, 12);
    if (!validate(PageRecordWithoutBody, page.head, page.file, 'Page record', diagnostics) || !validate(RouteEntry, entry, page.file, 'Route entry', diagnostics)) return null;
  }

  const llms = llmsFullOf(paths, changed, (page) => llmsFullSection(site, page.routePath, page.twin));
  if (llms === null) return null;
  const search = searchOf(paths, state.searchIndex, changed, options.searchLayout);
  if (!search) return null;

  // Everything checked and made: now the bundle (unless the changed files were only touched).
  const output = changed.length > 0 ? openSpare(paths.out) : null;
  if (changed.length > 0 && !output) return null;
  if (output) writeBundle(output, changed, routes, llms, search);

  // The cache: pages' contents and summaries, the state, the patched search bases, the stamp.
  for (const page of changed) writePageContent(paths.cache, page.key, page.content);
  const change: StateChange = {
    on: state.fingerprint,
    fingerprint: hashOf('quick', state.fingerprint, JSON.stringify(changed.map((page) => [page.routePath, page.recordHash])), JSON.stringify(stale.map((file) => [file.file, file.mtimeMs]))),
    // A touched page keeps its outward digest with its key; a changed one kept it (checked above).
    files: Object.fromEntries(stale.map((file, i) => [file.file, { mtimeMs: file.mtimeMs, size: file.size, key: keys[i]!, outward: stamps.get(file.file)!.outward! }])),
    routes: Object.fromEntries(changed.map((page) => [page.routePath, { record: page.recordHash, searchHash: page.searchHash }])),
    llmsFull: llms.splices,
    searchIndex: search.hashes,
  };
  writeStateChange(paths.cache, table, read.logged, change, new Map(changed.map((page) => [page.key, page.summary])));
  writeCache(paths.cache, { state: null, search: {}, bases: Object.fromEntries([...search.indexes].map(([lang, index]) => [lang, index.base])) });
  writeStamp(paths.cache, { ...stamp, inputs: inputsStampOf(found, paths), state: change.fingerprint, out: outputIdentity(paths.out)! });
  return { pages: stamp.pages, compiled: changed.length, emitted: output !== null, diagnostics: sortDiagnostics(stamp.diagnostics) };
}

/** The new bundle: the changed pages' files, routes.json, llms-full.txt and search indexes written, the rest carried over. */
function writeBundle(output: Output, changed: readonly Changed[], routes: { routes: RouteEntry[] }, llms: { parts: Buffer[] | null }, search: { indexes: Map<Lang, PatchedIndex> }): void {
  for (const page of changed) {
    output.write(dataPathForRoute(page.routePath), recordJson(page.head, page.content.body!));
    output.write(`markdown/${markdownTwinPath(page.routePath)}`, page.twin);
  }
  output.write('routes.json', JSON.stringify(routes));
  if (llms.parts) output.writeParts('llms-full.txt', llms.parts);
  const dropped = new Set<string>();
  for (const [lang, index] of search.indexes) {
    output.write(searchDataPath(lang), index.manifest);
    for (const [name, value] of index.parts) output.write(`search/${name}`, value as object);
    const kept = new Set([...index.manifest.postings, ...index.manifest.records].map((part) => part.file));
    for (const { file } of [...index.old.postings, ...index.old.records]) if (!kept.has(file)) dropped.add(`search/${file}`);
  }
  output.reuseRest(dropped);
  output.commit();
}

/**
 * llms-full.txt with the changed pages' sections replaced, and those sections' new lengths;
 * `parts` null when no changed page has a section. Null when a range is not the state's.
 */
function llmsFullOf(
  paths: Paths,
  changed: readonly Changed[],
  sectionOf: (page: Changed) => string,
): { parts: Buffer[] | null; splices: LlmsSplice[] } | null {
  const replaced = changed
    .flatMap((page) => (page.known.llmsFull ? [{ page, range: page.known.llmsFull, section: Buffer.from(sectionOf(page)) }] : []))
    .sort((a, b) => a.range[0] - b.range[0]);
  if (replaced.length === 0) return { parts: null, splices: [] };
  if (replaced.some(({ page, range }) => range[2] !== page.known.record)) return null;
  const file = readOutput(paths.out, 'llms-full.txt');
  if (!file) return null;
  const parts: Buffer[] = [];
  let at = 0;
  for (const { range, section } of replaced) {
    parts.push(file.subarray(at, range[0]), section);
    at = range[1];
  }
  parts.push(file.subarray(at));
  return { parts, splices: replaced.map(({ page, section }) => ({ route: page.routePath, length: section.length, hash: page.recordHash })) };
}

/** Per changed language: the patched base, the new manifest and parts, the old manifest; and the index hashes. Null when any is not patchable. */
function searchOf(
  paths: Paths,
  indexHashes: Partial<Record<Lang, string>>,
  changed: readonly Changed[],
  layoutOptions: SearchLayoutOptions | undefined,
): { indexes: Map<Lang, PatchedIndex>; hashes: Partial<Record<Lang, string>> } | null {
  const indexes = new Map<Lang, PatchedIndex>();
  const hashes: Partial<Record<Lang, string>> = {};
  for (const lang of LANGS) {
    const pages = changed.filter((page) => page.lang === lang);
    if (pages.length === 0) continue;
    const entry = readOutput(paths.out, searchDataPath(lang));
    const json = entry ? (JSON.parse(entry.toString()) as { layout?: string }) : null;
    // An index small enough to be one file is quick to build whole: the full run does.
    if (json?.layout !== 'split') return null;
    const old = SearchIndexManifest.parse(json);
    let base = readSearchBase(paths.cache, lang);
    if (!base || hashOf(...base.hashes) !== indexHashes[lang]) return null;
    let manifest = old;
    const parts = new Map<string, unknown>();
    const readPart = (file: string) => (parts.get(file) as RecordPartFile | undefined) ?? (JSON.parse(readOutput(paths.out, `search/${file}`)!.toString()) as RecordPartFile);
    for (const page of pages) {
      const oldContent = readPageContent(paths.cache, page.oldKey);
      if (!oldContent) return null;
      const { group } = page.known;
      const before = searchRecordsOf(page.oldHead, oldContent.sections, group);
      const after = searchRecordsOf(page.head, page.content.sections, group);
      const patched = patchBase(base, page.routePath, { before: page.known.searchHash, after: page.searchHash }, before, after, DEFAULT_CJK_MODE);
      if (!patched) return null;
      base = patched.base;
      const { pages: docPages, docs } = pageDocsOf(after, manifest.contentLimit);
      // Its documents carry the same group and title as before (the outward digest holds the
      // title, the state the group): the manifest's list of groups stands.
      const layout = patchSplitLayout(manifest, readPart, base.index, { first: patched.first, before: before.length, pages: docPages, docs }, layoutOptions);
      for (const [name, value] of layout.parts) {
        // Checked, and kept as made: its name is a hash of these bytes.
        (name.includes('/r-') ? RecordPartFile : PostingPartFile).parse(value);
        parts.set(name, value);
      }
      manifest = layout.manifest;
    }
    // Parts a later page's patch replaced again are not written.
    const named = new Set([...manifest.postings, ...manifest.records].map((part) => part.file));
    for (const name of parts.keys()) if (!named.has(name)) parts.delete(name);
    indexes.set(lang, { base, manifest, parts, old });
    hashes[lang] = hashOf(...base.hashes);
  }
  return { indexes, hashes };
}
