/**
 * What a run remembers for the next one (kept in .cache/pipeline/state.json), and the pure rules
 * for deciding what can be reused. Reuse is always decided by content hashes: a stale state can
 * cost time, never correctness. What a dev session keeps in memory between runs is in
 * build-memory.ts.
 */
import { createHash } from 'node:crypto';
import type { LinkedPage } from '../hovers/hover-links.ts';
import type { Lang } from '../../schemas/lang.ts';
import type { SearchRecord } from '../../schemas/search.ts';
import { ANALYZER_VERSION } from '../../schemas/search-format/format.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { SearchIndexBase } from '../search/index-patch.ts';
import type { Discovered, PageSummary } from '../types.ts';

export interface SourceStamp {
  mtimeMs: number;
  size: number;
  /** Cache key the source had at that stamp. */
  key: string;
}

export interface BuildState {
  /** Changes with the pipeline version or any input every page depends on. */
  inputs: string;
  /** Hash of the rest of the state: equal fingerprints, nothing to write. */
  fingerprint: string;
  /** Hash of each language's shared fragments, which every page key of that language includes. */
  fragments: Partial<Record<Lang, string>>;
  /** Page sources by path: a matching stamp means the file need not be read again. */
  files: Record<string, SourceStamp>;
  /**
   * Page summaries by cache key (kept in their own file, summaries.json, which a narrow run
   * does not read: see narrow.ts).
   */
  summaries: Record<string, PageSummary>;
  /** By cache key, the digest of what of a page's summary reaches anything but its own record (see outwardDigest). */
  outward?: Record<string, string>;
  /** Each route's sidebar group, which its search records carry. */
  groups?: Record<string, string | null>;
  /** Hash of every record in the current dist-data/, by route: equal hash, same file. */
  records: Record<string, string>;
  /** Hash of what each route's search records derive from (record and sidebar group). */
  searchHashes?: Record<string, string>;
  /** Byte range of each route's section in the current dist-data/llms-full.txt, and its hash. */
  llmsFull: Record<string, [start: number, end: number, hash: string]>;
  /** Hash of the search records each language's index in dist-data/ was built from. */
  searchIndex: Partial<Record<Lang, string>>;
  /** By route, for pages with hover texts: the digest of where they link (hovers/hover-links.ts), part of the record's hash. */
  hoverDigests?: Record<string, string>;
  /** The pages hover links lead to (null: no such page), as the last run from every page saw them: a narrow run links its pages' hovers with them. */
  linkPages?: Record<string, LinkedPage | null>;
}

/** The cache's file of the pages' summaries (the state's largest part, apart from state.json), and of a language's search records. */
export const SUMMARIES_FILE = 'summaries.json';
export const searchCacheFile = (lang: string): string => `search-${lang}.json`;

/** Summaries added after the cache's summaries.json was written, a line each: `<key>\t<summary JSON>`. */
export const SUMMARIES_LOG = 'summaries.log';

/**
 * In the cache folder while a dev session has written dist-data/ and not yet saved the state
 * that describes it (it saves when edits pause: build-memory.ts). Stopped before that, the session
 * leaves a state whose records and llms-full.txt ranges are of an older bundle; the next run then
 * takes nothing of dist-data/ on that state's word (readState).
 */
export const BUNDLE_UNSAVED = 'bundle-unsaved';

/**
 * Samples' hovers (stages/emit.ts: writeHoverPack): packs of a batch of answers each, a line
 * `<cache key>\t<hovers JSON>` per sample, and per version of the pipeline an index of
 * `<cache key>\t<pack>` lines. A run reads its version's index whole, so the answers of every
 * version before (each cold build after a change of the pipeline asks again) cost it nothing.
 */
export const HOVER_FOLDER = 'hovers';
export const hoverIndexOf = (codeVersion: string): string => `index-${codeVersion.slice(0, 16)}.tsv`;
export const HOVER_PACK_NAME = /^[0-9a-f]{20}\.tsv$/;

/**
 * `key\tvalue` lines (the summaries' log and those set aside, the hovers' index and packs): a later line of the same
 * key wins, a line without a tab is left out. A last line cut short is kept as it is: its value
 * then fails to parse, or names no pack, where it is used.
 */
export function keyedLines(text: string | Buffer): Map<string, string> {
  return new Map(keyedEntries(text));
}

/**
 * The entries of `key\tvalue` lines one at a time, in order (keyedLines). Bytes are decoded a
 * line at a time: a file's text as one string is two bytes a character once it holds a Chinese
 * page's, and the summaries set aside at 10,000 pages per language are some 125 MB.
 */
export function* keyedEntries(text: string | Buffer): Generator<[string, string]> {
  for (let start = 0; start < text.length; ) {
    const found = typeof text === 'string' ? text.indexOf('\n', start) : text.indexOf(10, start);
    const end = found < 0 ? text.length : found;
    const line = typeof text === 'string' ? text.slice(start, end) : text.toString('utf8', start, end);
    const tab = line.indexOf('\t');
    if (tab > 0) yield [line.slice(0, tab), line.slice(tab + 1)];
    start = end + 1;
  }
}

/** A page's compiled content in the cache folder (stages/emit.ts: writePageContent), by its cache key. */
export const PAGES_FOLDER = 'pages';

export const emptyState = (inputs: string): BuildState => ({ inputs, fingerprint: '', fragments: {}, files: {}, summaries: {}, records: {}, llmsFull: {}, searchIndex: {} });

/** Search records per route, with the record hash they were derived from. */
export type SearchCache = Record<string, { hash: string; records: SearchRecord[] }>;

/** A run's cache: the state, and per language the search records and the analyzed index. */
export interface CacheContents {
  state: BuildState | null;
  search: Partial<Record<Lang, SearchCache>>;
  bases: Partial<Record<Lang, SearchIndexBase>>;
}

/**
 * What a clean run (no error) left, for the next run to tell in a glance that nothing changed:
 * kept in .cache/pipeline/stamp.json, small, read before anything else.
 */
export interface BuildStamp {
  /** Hash of everything a run reads (see inputsStampOf). */
  inputs: string;
  /** Hash of all that but the page sources (see contextStampOf). */
  context?: string;
  /** The fingerprint of the state the run left in the cache: a later failed run writes another. */
  state?: string;
  /** The dist-data/ folder the run left (its inode), and when its routes.json was written. */
  out: { ino: number; routesMtimeMs: number };
  pages: number;
  /** The run's warnings, replayed by a run that stops at the stamp. */
  diagnostics: Diagnostic[];
}

/** Hash of what a run reads: sources by stamp (as the state judges them), site config, public files, commit times. */
export function inputsStampOf(found: Discovered, paths: { content: string; out: string }): string {
  return hashOf(contextStampOf(found, paths), JSON.stringify(found.sources.map((file) => [file.file, file.mtimeMs, file.size])));
}

/**
 * Hash of what a run reads besides the page sources: site config, search synonyms, stray and
 * public files and their images' sizes, commit times and the history translation states come from; and the search analyzer's version, which changes the index files of unchanged pages.
 */
export function contextStampOf(found: Discovered, paths: { content: string; out: string }): string {
  return hashOf(`v${found.codeVersion}`, `a${ANALYZER_VERSION}`, paths.content, paths.out, found.siteSource, found.synonyms?.source ?? '', JSON.stringify(found.strayFiles), JSON.stringify([...found.publicFiles]), JSON.stringify([...found.imageSizes]), JSON.stringify([...found.lastUpdated]), found.history.unavailable ?? '', JSON.stringify([...found.history.files]));
}

export function hashOf(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
}

export function stampMatches(stamp: SourceStamp | undefined, mtimeMs: number, size: number): stamp is SourceStamp {
  return stamp !== undefined && stamp.mtimeMs === mtimeMs && stamp.size === size;
}

/** Summaries are keyed by content, so files, records and outputs identify the whole state. */
export function fingerprintOf(state: BuildState): string {
  return hashOf(JSON.stringify(state.fragments), JSON.stringify(state.files), JSON.stringify(state.records), JSON.stringify(state.searchHashes ?? {}), JSON.stringify(state.llmsFull), JSON.stringify(state.searchIndex), JSON.stringify(state.groups ?? {}));
}
