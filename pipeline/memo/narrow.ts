/**
 * The narrow memo: what a new process's run starts from when the last clean run left both the
 * cache and dist-data/ and, since, only a few pages changed (what a save while writing usually
 * is). The run then recalls the state without the page summaries (state.json in columns, a few
 * megabytes at 10,000 pages per language, where summaries.json is tens), and each stage does
 * only what those pages need: compile compiles them, and keeps the memo narrow only while each
 * keeps its outward digest (no title, heading, link, description or frontmatter changed), so
 * that every other output of the site stays as it is; derive carries the site-wide outputs
 * over and makes the pages' heads from their old ones; records writes their records and
 * splices their sections of llms-full.txt; search patches the index's parts around them; emit
 * writes through the spare bundle and appends what changed of the state to state.log. Anything
 * else (a new heading, a page with problems, a new or deleted page, an index small enough to be
 * one file, more than NARROW_MAX_PAGES pages) widens the memo to the whole state before
 * anything is written, and the stages come to the same bundle from every page
 * (tests/pipeline/build-incremental.test.ts compares both with clean builds).
 */
import type { Lang } from '../../schemas/lang.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { searchDataPath } from '../../schemas/paths.ts';
import type { SearchIndexManifest } from '../../schemas/search-index.ts';
import type { RecordHead } from '../derive/page.ts';
import type { Run } from '../run.ts';
import type { SearchIndexBase } from '../search/index-patch.ts';
import type { PageSection } from '../search/records.ts';
import { isSharedPath, LANGS } from '../routes.ts';
import type { PageSummary, SourceFile } from '../types.ts';
import { writeStateChange } from '../stages/emit.ts';
import { DRIFT_RULE } from '../translations/drift.ts';
import { contextStampOf, hashOf, stampMatches, type BuildStamp } from './incremental.ts';
import type { LlmsSplice, StateChange, StateTable } from './state-file.ts';

/** More changed pages than this, and the run from every page is as quick. */
export const NARROW_MAX_PAGES = 8;

/** What the state and the current bundle hold of a changed page. */
export interface HeldPage {
  oldKey: string;
  oldHead: RecordHead;
  oldSections: PageSection[];
  /** The state's entry of its route. */
  known: { record: string; searchHash: string; group: string | null; llmsFull: [number, number, string] | null };
}

export interface NarrowMemo {
  stamp: BuildStamp;
  table: StateTable;
  /** Changes in state.log, applied to `table`. */
  logged: number;
  /** Page sources whose stamp changed: touched, or changed. */
  stale: SourceFile[];
  /** Per language with stale pages: its split index in dist-data/ and the analyzed index it was laid out from. */
  search: Partial<Record<Lang, { manifest: SearchIndexManifest; base: SearchIndexBase }>>;
  /** Filled by the stages as the run goes: the changed pages (by route), their summaries (by key), the stale files' new stamps, the spliced sections of llms-full.txt. */
  held: Map<string, HeldPage>;
  summaries: Map<string, PageSummary>;
  files: StateChange['files'];
  llmsFull: LlmsSplice[];
  /**
   * dist-data/llms-full.txt, read on libuv's threads from the moment the run is known to be
   * narrow: the changed pages' sections are spliced into it (spliceLlmsFull in
   * stages/records.ts), and at 10,000 pages a language its 146 MB took 69 ms to read on this
   * thread, which meanwhile compiles the pages.
   */
  llmsFullFile: Promise<Buffer | null>;
  /** The changed pages' drift from their twins, and the files of those pairs (whose carried drift lines it replaces). */
  drift: { files: Set<string>; items: Diagnostic[] } | null;
}

/**
 * The narrow memo, when the last clean run left the cache and dist-data/ (its stamp names both)
 * and only a few pages' stamps changed since; null otherwise. `inputs`: what every page depends on (see recallMemo).
 */
export function recallNarrow(run: Run, inputs: string, fragmentsHash: ReadonlyMap<Lang, string>): NarrowMemo | null {
  const { reads, found, paths } = run;
  const stamp = reads.stamp();
  const out = reads.outputIdentity();
  if (!stamp?.state || !out || stamp.out.ino !== out.ino || stamp.out.routesMtimeMs !== out.routesMtimeMs) return null;
  if (stamp.context !== contextStampOf(found, paths) || !reads.spareTrails()) return null;
  const read = reads.stateTable();
  if (!read || read.table.data.fingerprint !== stamp.state || read.table.data.inputs !== inputs) return null;
  const { table } = read;
  if (LANGS.some((lang) => table.data.fragments[lang] !== fragmentsHash.get(lang))) return null;
  const pageFiles = found.sources.filter((file) => !isSharedPath(file.relPath));
  if (pageFiles.length !== table.fileCount) return null;
  const stale: SourceFile[] = [];
  for (const file of pageFiles) {
    const known = table.file(file.file);
    if (!known) return null; // a new page (and, the counts equal, a deleted one)
    if (!stampMatches(known, file.mtimeMs, file.size)) stale.push(file);
  }
  if (stale.length === 0 || stale.length > NARROW_MAX_PAGES) return null;
  // A page with problems last time: the run from every page reports them as it should (but its
  // drift from its twin, which a narrow run reports anew: see twinDrift in stages/compile.ts).
  if (stamp.diagnostics.some((d) => d.rule !== DRIFT_RULE && stale.some((file) => file.file === d.file))) return null;
  const search: NarrowMemo['search'] = {};
  for (const lang of new Set(stale.map((file) => file.lang))) {
    const entry = reads.output(searchDataPath(lang));
    const json = entry ? (JSON.parse(entry.toString()) as { layout?: string }) : null;
    // An index small enough to be one file is quick to build whole.
    if (json?.layout !== 'split') return null;
    const base = reads.searchBase(lang);
    if (!base || hashOf(...base.hashes) !== table.data.searchIndex[lang]) return null;
    // Checked when the run the stamp names wrote it (see manifestOf in search/layout.ts).
    search[lang] = { manifest: json as SearchIndexManifest, base };
  }
  return { stamp, table, logged: read.logged, stale, search, held: new Map(), summaries: new Map(), files: {}, llmsFull: [], llmsFullFile: reads.outputSoon('llms-full.txt'), drift: null };
}

/**
 * What a narrow run changed of the state: appended to state.log (state.json is not written
 * again), its summaries to summaries.log; the fingerprint of the state after it.
 */
export function keepNarrow(run: Run, narrow: NarrowMemo, routes: StateChange['routes'], searchIndex: StateChange['searchIndex']): string {
  const on = narrow.table.data.fingerprint;
  const change: StateChange = {
    on,
    fingerprint: hashOf('narrow', on, JSON.stringify(Object.entries(routes)), JSON.stringify(narrow.stale.map((file) => [file.file, file.mtimeMs]))),
    files: narrow.files,
    routes,
    llmsFull: narrow.llmsFull,
    searchIndex,
  };
  writeStateChange(run.paths.cache, narrow.table, narrow.logged, change, narrow.summaries);
  return change.fingerprint;
}
