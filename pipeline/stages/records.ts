/**
 * Stage 4, records: each page's record, its markdown twin and its section of llms-full.txt,
 * written to the new bundle, or carried over from the current one when unchanged; its search
 * records handed to the search stage; then the site's own files (site.json, routes.json,
 * sidebars, feeds, sitemap, llms.txt, JSON Schemas) and llms-full.txt, before the search indexes
 * (in a narrow run after them: the files it carries over leave out the search parts it dropped).
 * Pages are taken one at a time: at 10,000 pages per language their contents are read from the
 * cache as they are written, never held together.
 */
import { RouteEntry } from '../../schemas/route.ts';
import { toJsonSchemas } from '../../schemas/json-schema.ts';
import { assembleLlmsFull, llmsFullSection, markdownTwin, type LlmsChunk } from '../derive/llms.ts';
import { recordJson, recordJsonParts, type RecordHead } from '../derive/page.ts';
import { bodyWithNotice } from '../translations/notice.ts';
import { hoversJson, withHoversJson, type HoverTemplate, type ResolvedHovers } from '../hovers/hover-hast.ts';
import { hoverDigestOf } from '../hovers/hover-links.ts';
import { recall, type BuildMemory } from '../memo/build-memory.ts';
import type { NarrowMemo } from '../memo/narrow.ts';
import type { RunMemo } from '../memo/run-memo.ts';
import type { Run } from '../run.ts';
import { PageRecordWithoutBody, validate } from '../validate.ts';
import { contentOf, type CompiledContents } from './compile.ts';
import { siteFilesOf, type DerivedOutputs, type DerivedPage } from './derive.ts';
import type { Output } from './emit.ts';
import { addSearchPage, type SearchRun } from './search.ts';

/** What the records stage wrote or carried over. */
export interface WrittenRecords {
  heads: Map<string, RecordHead>;
  routes: RouteEntry[];
  /** Each page's section of llms-full.txt. */
  chunks: Map<string, LlmsChunk>;
}

/** The bundle a dev session's previous run left, which this run patches. */
type HeldBundle = NonNullable<BuildMemory['bundle']>;

export async function writeRecords(run: Run, memo: RunMemo, compiled: CompiledContents, derived: DerivedOutputs, pages: readonly DerivedPage[], search: SearchRun, output: Output, bundle: HeldBundle | undefined): Promise<WrittenRecords> {
  const { previous, state } = memo;
  const previousChunk = previousChunksOf(run, memo, bundle);
  const written: WrittenRecords = { heads: new Map(), routes: [], chunks: new Map() };
  const searchedAhead = searchAhead(search, memo, compiled, pages);
  state.linkPages = derived.linkPages;
  for (const page of pages) {
    const { route, head, entry, twinPath, recordHash, searchHash } = page;
    const searchCache = search.previous[head.lang];
    const oldChunk = previousChunk(route, recordHash);
    const reused =
      previous?.records[route] === recordHash &&
      (searchCache ? searchCache[route]?.hash === searchHash : previous.searchHashes?.[route] === searchHash) &&
      // A page in no sidebar has no section in llms-full.txt to carry over.
      (oldChunk !== null || !derived.inLlmsFull.has(route)) &&
      output.reuse(entry.data) &&
      output.reuse(twinPath);
    // A carried-over record was checked when it was written, with its entry in routes.json
    // (which follows from the record); a new one is checked now.
    if (!reused && !(validate(PageRecordWithoutBody, head, page.source.file, 'Page record', run.diagnostics) && validate(RouteEntry, entry, page.source.file, 'Route entry', run.diagnostics))) continue;
    const content = reused ? null : await contentOf(run, compiled, page);
    // A body that failed its schema when the page was compiled (reported with the page's problems).
    if (content?.body === null) continue;
    written.heads.set(route, head);
    written.routes.push(entry);
    if (!content) {
      if (oldChunk) written.chunks.set(route, oldChunk);
    } else {
      memo.rewritten.add(head.lang);
      const body = withHovers(bodyWithNotice(head, content.body!), content.hovers, page.hovers, head.lang !== derived.site.lang);
      if (typeof body === 'string') output.write(entry.data, recordJson(head, body));
      else output.writeParts(entry.data, recordJsonParts(head, body));
      const twin = markdownTwin(head, page.hasH1, content.markdown);
      output.write(twinPath, twin);
      written.chunks.set(route, { chunk: Buffer.from(llmsFullSection(derived.site, route, twin)), hash: recordHash });
    }
    state.records[route] = recordHash;
    if (page.hovers) (state.hoverDigests ??= {})[route] = hoverDigestOf(page.hovers);
    (state.searchHashes ??= {})[route] = searchHash;
    (state.groups ??= {})[route] = page.group;
    if (!searchedAhead) addSearchPage(search, memo, page, content);
  }
  return written;
}

/**
 * A body with its hover texts in (their links and, on a page not in the site's language, our
 * sentences on their names made final: hovers/hover-links.ts), as text or bytes.
 */
function withHovers(body: string | Buffer, template: HoverTemplate | undefined, resolved: ResolvedHovers | undefined, ourSummaries: boolean): string | Buffer {
  return template && resolved ? withHoversJson(body, hoversJson(template, resolved, ourSummaries)) : body;
}

/**
 * A cold build's search workers (`search.job`) given every page's search records before the first
 * record is written, when the compile held every page's sections: they analyze while the records
 * are written. Handed over as each record was written, the Chinese pages came after the English
 * ones, and the Chinese index (the longer to analyze) finished last with a core idle. Each
 * language's pages go in the same order as before, so its index is the same. Whether they were.
 */
function searchAhead(search: SearchRun, memo: RunMemo, compiled: CompiledContents, pages: readonly DerivedPage[]): boolean {
  if (!search.job) return false;
  const held = pages.map((page) => compiled.contents.get(page.key));
  if (held.some((content) => !content)) return false;
  pages.forEach((page, i) => addSearchPage(search, memo, page, held[i]!));
  return true;
}

/** A page's section of llms-full.txt as the current bundle has it, when its record is unchanged: a dev session keeps them; otherwise they are cut from the file. */
function previousChunksOf(run: Run, memo: RunMemo, bundle: HeldBundle | undefined): (route: string, recordHash: string) => LlmsChunk | null {
  const oldLlmsFull = memo.previous && !bundle ? run.reads.output('llms-full.txt') : null;
  return (route, recordHash) => {
    if (bundle) {
      const held = bundle.llmsChunks.get(route);
      return held?.hash === recordHash ? held : null;
    }
    const range = memo.previous?.llmsFull[route];
    return oldLlmsFull && range?.[2] === recordHash ? { chunk: oldLlmsFull.subarray(range[0], range[1]), hash: recordHash } : null;
  };
}

/** The site's own files and llms-full.txt, written to the new bundle; the site files, as written. Not in a narrow run (spliceSiteFiles). */
export function writeSiteFiles(run: Run, memo: RunMemo, derived: DerivedOutputs, written: WrittenRecords, output: Output, bundle: HeldBundle | undefined): Map<string, string> {
  // Written as the same strings the up-to-date check compares.
  const siteFiles = siteFilesOf(derived, [...written.heads.values()], written.routes);
  // The JSON Schemas follow from the code alone (46 ms to make): a dev session makes them once.
  const schemaFiles = recall(run.kept, 'schema-files', run.found.codeVersion, run.diagnostics, () => Object.entries(toJsonSchemas()).map(([name, schema]) => [`schema/${name}.schema.json`, JSON.stringify(schema)] as const));
  for (const [file, content] of schemaFiles) siteFiles.set(file, content);
  // Patching dist-data/, a file equal to what the previous run wrote stays as it is.
  for (const [file, content] of siteFiles) if (bundle?.siteFiles.get(file) !== content || !output.reuse(file)) output.write(file, content);
  const llmsFull = assembleLlmsFull(derived.site, derived.sidebars, written.chunks, memo.state);
  // A dev session patching its own bundle writes llms-full.txt when edits pause, with its cache
  // (saveBuildMemory): the preview never reads it, and at 10,000 pages per language writing its
  // 146 MB took 60 ms to a second of every save. Until then the cache folder's BUNDLE_UNSAVED
  // marker stands, so no later run takes the file on the saved state's word.
  const deferred = run.kept !== undefined && bundle !== undefined && output.reuse('llms-full.txt');
  if (run.kept) run.kept.llmsFullUnwritten = deferred ? llmsFull : undefined;
  if (!deferred) output.writeParts('llms-full.txt', llmsFull);
  return siteFiles;
}

/**
 * A narrow run's site files: routes.json with the changed pages' entries replaced, every other
 * file of the current bundle carried over but the search parts the new indexes dropped (and
 * llms-full.txt, which spliceLlmsFull wrote).
 */
export function spliceSiteFiles(run: Run, written: WrittenRecords, search: SearchRun, output: Output): void {
  output.write('routes.json', withEntries(run.reads.output('routes.json')!.toString(), written.routes));
  output.reuseRest(search.dropped);
}

/**
 * A narrow run's llms-full.txt with the changed pages' sections spliced in (their new lengths
 * kept for the state), written on libuv's threads while the run patches its search indexes: at
 * 10,000 pages per language it is 146 MB, which takes 15-50 ms to write, and about 300 ms in
 * some edits. The file was read the same way while the pages compiled (NarrowMemo.llmsFullFile).
 * Resolves once written.
 */
export async function spliceLlmsFull(narrow: NarrowMemo, written: WrittenRecords, output: Output): Promise<void> {
  const replaced = [...narrow.held]
    .flatMap(([route, { known }]) => (known.llmsFull ? [{ route, range: known.llmsFull, chunk: written.chunks.get(route)! }] : []))
    .sort((a, b) => a.range[0] - b.range[0]);
  if (replaced.length === 0) return;
  const file = await narrow.llmsFullFile;
  if (!file) throw new Error('dist-data/llms-full.txt, which the state describes, cannot be read');
  const parts: Buffer[] = [];
  let from = 0;
  for (const { range, chunk } of replaced) {
    parts.push(file.subarray(from, range[0]), chunk.chunk);
    from = range[1];
  }
  parts.push(file.subarray(from));
  narrow.llmsFull = replaced.map(({ route, chunk }) => ({ route, length: chunk.chunk.length, hash: chunk.hash }));
  await output.writePartsSoon('llms-full.txt', parts);
}

/**
 * routes.json (written by the run the stamp names) with these entries in place of those of
 * their paths, spliced into its text: parsing and writing 20,000 entries again took a tenth of a
 * second. An entry is a flat object that starts with its path and ends with its hash (see
 * headOf in stages/derive.ts); a string in it cannot hold `,"hash":"` unescaped.
 */
function withEntries(text: string, entries: readonly RouteEntry[]): string {
  let spliced = text;
  for (const entry of entries) {
    const start = spliced.indexOf(`{"path":${JSON.stringify(entry.path)},`);
    if (start < 0) throw new Error(`routes.json of dist-data/ has no ${entry.path}, which the state has`);
    const end = spliced.indexOf('}', spliced.indexOf(',"hash":"', start)) + 1;
    spliced = `${spliced.slice(0, start)}${JSON.stringify(entry)}${spliced.slice(end)}`;
  }
  return spliced;
}
