/**
 * Build stage: a language's section records → its search index file (the terms analyzed, the
 * documents and pages stored for results), validated. layout.ts then cuts it into the
 * files of dist-data/. Pure. The format and the analyzer come from schemas/search-index.ts,
 * which the browser loads the files with.
 */
import { nameOfRecord } from './exact-names.ts';
import type { SearchRecord } from '../../schemas/search.ts';
import { DEFAULT_CJK_MODE, type PackedIndex, SearchIndexFile, type CjkMode, type FileIndex, type IndexedDoc, type IndexedPage } from '../../schemas/search-index.ts';
import { ANALYZER_VERSION, INDEX_ENGINE, INDEX_SCHEMA_VERSION, SEARCH_FIELDS, type SearchField } from '../../schemas/search-format/format.ts';
import { analyze, cjkSplitter, type CjkSplitter, type TermSpan } from '../../schemas/search-format/analyzer.ts';
import { fileIndexOf, nameKindCode, type SearchDocument } from '../../schemas/search-format/codec.ts';
import { commonTerms, isNameOnly, NAME_FIELD, publishedIndex } from './common-terms.ts';
import { termCounts } from './term-counts.ts';

export interface SearchIndexOptions {
  /** How Chinese text becomes terms; the benchmark measures the modes. */
  cjk?: CjkMode;
  /** Cut stored prose to this many characters (the index still covers all of it). */
  contentLimit?: number | null;
  /** Share of sections above which a term's prose postings are left out (0: keep all, code postings of code-common terms too). */
  commonShare?: number;
}

/**
 * Stored prose per section, in characters: enough for a snippet near the start of a section
 * and the budget of 1.35 KB gzip per page of a language (tests/bench/search.bench.ts). A Chinese
 * character carries about as much as two or three Latin ones and costs three bytes. 186 and 60
 * (200 and 64 until issue 55, whose records of the CLI's flags and names' kinds cost 0.8 KB; 190
 * for English until the AI page's MCP section and three longer descriptions, 0.2 KB).
 */
export const DEFAULT_CONTENT_LIMIT = { en: 186, zh: 60 } as const;

const LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** The searchable text of a record, split by how much a match in it should weigh. */
export function searchDocument(id: number, record: SearchRecord): SearchDocument {
  const h = record.hierarchy;
  // The record's own heading is the deepest one its type names; the headings above it are
  // context: matching the page title must not lift every section of the page equally high.
  const depth = record.type === 'content' ? LEVELS.length + 1 : LEVELS.indexOf(record.type) + 1;
  const own = record.type === 'content' ? null : h[record.type];
  const parents = LEVELS.slice(0, depth - 1)
    .map((lvl) => h[lvl])
    .filter((text): text is string => !!text);
  const named = own ? nameOfRecord(record.url, own) : null;
  if (named?.row) return { id, title: '', parents: '', group: '', content: '', code: '', name: named.name, description: '' };
  return {
    id,
    title: own ?? '',
    parents: parents.join(' \n '),
    group: h.lvl0 ?? '',
    content: record.content ?? '',
    code: record.code ?? '',
    name: named?.name ?? '',
    description: record.description ?? '',
  };
}

/**
 * Of a record, what its index file stores (pageDocsOf): the prose cut as the file cuts it, and no
 * code or description (analyzed, never stored). The file made of these is the file made of the
 * records. A search worker keeps its pages' records from their arrival to its end: at 10,000
 * pages per language, whole, some 60 MB of each worker's heap, and about 20 MB so.
 */
export function storedRecord(record: SearchRecord, contentLimit: number | null): SearchRecord {
  const { description: _analyzedOnly, ...stored } = record;
  // A slice of a long string is a view that keeps the whole string alive (V8's sliced strings):
  // a copy of the cut lets the rest of the prose go.
  const content = record.content === null || !contentLimit || record.content.length <= contentLimit ? record.content : structuredClone(cut(record.content, contentLimit));
  return { ...stored, content, code: '' };
}

function splitUrl(url: string): { path: string; anchor: string } {
  const hash = url.indexOf('#');
  return hash < 0 ? { path: url, anchor: '' } : { path: url.slice(0, hash), anchor: url.slice(hash + 1) };
}

/** Cuts at a word boundary so a snippet never ends in half a word. */
function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const slice = text.slice(0, limit);
  const space = slice.lastIndexOf(' ');
  return space > limit * 0.8 ? slice.slice(0, space) : slice;
}

/**
 * The unsplit index of a language, as one JSON-serializable value. Throws on records of
 * another language and on duplicate objectIDs: both are bugs upstream that would make hosted
 * and local results disagree.
 */
export function buildSearchIndexFile(lang: 'en' | 'zh', records: SearchRecord[], options: SearchIndexOptions = {}): SearchIndexFile {
  return searchIndexFileOf(lang, [records], analyzeRecords(records, options.cjk ?? DEFAULT_CJK_MODE), options);
}

/**
 * The terms of records, as a packed index with ids 0..n-1 in record order, every posting kept
 * (common terms too, so that a later patch knows their exact document counts).
 */
export function analyzeRecords(records: readonly SearchRecord[], cjk: CjkMode): PackedIndex {
  const analysis = startAnalysis(cjk);
  analysis.add(records);
  return analysis.finish();
}

/**
 * analyzeRecords in steps: records added as they come (ids in the order added), packed at the end.
 * Once packed, the counts and the tokenizer's memo of Chinese runs are let go: a search worker
 * holds its analysis to its end. Replaying the Chinese worker's job at 10,000 pages per language,
 * collected at each step, what it held while laying its index out went from a 316 MB heap and
 * 110 MB of the counts' columns to a 228 MB heap (the process's peak moved by less than the
 * runs vary).
 */
export function startAnalysis(cjk: CjkMode): { add(records: readonly SearchRecord[]): void; finish(): PackedIndex } {
  let counts: ReturnType<typeof termCounts> | null = termCounts(indexTokenizer(cjk));
  let next = 0;
  const open = () => {
    if (!counts) throw new Error('Search analysis: already finished');
    return counts;
  };
  return {
    add: (records) => {
      const into = open();
      for (const record of records) into.add(searchDocument(next++, record));
    },
    finish: () => {
      const packed = open().packed();
      counts = null;
      return canonicalIndex(packed);
    },
  };
}

/** Runs of CJK characters an analysis keeps the terms of, at most. */
const CJK_RUNS_KEPT = 100_000;

/**
 * The analyzer both sides give MiniSearch (miniSearchOptions' tokenize), with each distinct run
 * of CJK characters segmented once per analysis: a run's terms depend on the run alone, and the
 * same runs come back in every section of a page (its headings are each section's parents) and
 * across pages. Segmenting with Intl.Segmenter was a third of a cold build's Chinese index.
 */
function indexTokenizer(cjk: CjkMode): (text: string, field: SearchField) => string[] {
  const splitter = cjkSplitter(cjk);
  const runs = new Map<string, TermSpan[]>();
  const segmented: CjkSplitter = (text, start, end) => {
    const run = text.slice(start, end);
    let spans = runs.get(run);
    if (!spans) {
      spans = splitter(run, 0, run.length);
      if (runs.size < CJK_RUNS_KEPT) runs.set(run, spans);
    }
    return spans.map((span) => ({ term: span.term, start: span.start + start, end: span.end + start }));
  };
  return (text, field) => analyze(text, segmented, field);
}

/**
 * One form for one set of documents, however it was reached (analyzed at once, or patched):
 * terms in code-unit order, and each field's average length computed from the lengths (MiniSearch
 * keeps a running mean, whose rounding depends on the order documents came in).
 */
export function canonicalIndex(index: PackedIndex): PackedIndex {
  const totals = SEARCH_FIELDS.map(() => 0);
  const counts = SEARCH_FIELDS.map(() => 0);
  for (const lengths of index.fieldLength) {
    // A record found by its name alone (a table row that documents a name, exact-names.ts:
    // isNameRow) has no text in the other fields; counted, it made every heading and section
    // look longer than the site's are, and reordered what it has nothing to do with.
    const nameOnly = isNameOnly(lengths);
    for (let f = 0; f < lengths.length; f++) {
      if (nameOnly && f !== NAME_FIELD) continue;
      totals[f]! += lengths[f]!;
      counts[f]!++;
    }
  }
  const count = index.documentCount;
  return {
    documentCount: count,
    averageFieldLength: totals.map((total, f) => (counts[f] ? total / counts[f]! : 0)),
    fieldLength: index.fieldLength,
    ...sortedTerms(index),
  };
}

/**
 * An index's terms in code-unit order, with their postings. A patched index (and what is
 * published of an analyzed one) has them so already: they are then taken as they are, not
 * sorted again (hundreds of thousands of terms at 10,000 pages per language).
 */
export function sortedTerms(index: Pick<PackedIndex, 'terms' | 'postings'>): Pick<PackedIndex, 'terms' | 'postings'> {
  const { terms, postings } = index;
  let sorted = true;
  for (let t = 1; t < terms.length && sorted; t++) sorted = terms[t - 1]! < terms[t]!;
  if (sorted) return { terms, postings };
  const order = terms.map((_, t) => t).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
  return { terms: order.map((t) => terms[t]!), postings: order.map((t) => postings[t]!) };
}

/**
 * What a caller that builds one language's index again and again (the dev server) keeps for
 * searchIndexFileOf: each page's documents, by the array of its records (an unchanged page's
 * records are the same array from run to run).
 */
export interface SearchFileMemo {
  docs: WeakMap<readonly SearchRecord[], PageDocs>;
  /**
   * The last file's stored index and the packed index it was encoded from: the layout of a split
   * index works on the packed form, and decoding the file's again took a tenth of a dev rebuild
   * at 10,000 pages per language.
   */
  encoded?: { index: FileIndex; packed: PackedIndex };
}

/** A group of records as documents: each one's page key and page, and the document (its `p` as last placed). */
interface PageDocs {
  contentLimit: number | null;
  keys: string[];
  pages: IndexedPage[];
  docs: IndexedDoc[];
}

/**
 * The index file of records whose terms `analyzed` holds (see analyzeRecords), the records
 * given in groups (a page's records, say). The file is validated; with a `memo`, documents the
 * memo held were validated when they were made, and only the others are. Groups in `checked`
 * (records a run read back from its cache, unchanged) made documents an earlier run validated:
 * a document depends on its records alone, and its place is checked as a number, so they are
 * not checked again either.
 */
export function searchIndexFileOf(
  lang: 'en' | 'zh',
  groups: readonly (readonly SearchRecord[])[],
  analyzed: PackedIndex,
  options: SearchIndexOptions = {},
  memo?: SearchFileMemo,
  checked?: ReadonlySet<readonly SearchRecord[]>,
): SearchIndexFile {
  const cjk = options.cjk ?? DEFAULT_CJK_MODE;
  const contentLimit = options.contentLimit === undefined ? DEFAULT_CONTENT_LIMIT[lang] : options.contentLimit;
  const pages: IndexedPage[] = [];
  const pageIds = new Map<string, number>();
  const docs: IndexedDoc[] = [];
  const seen = new Set<string>();
  const unchecked: { pages: IndexedPage[]; docs: IndexedDoc[] } = { pages: [], docs: [] };
  const made: Array<[readonly SearchRecord[], PageDocs]> = [];

  for (const records of groups) {
    for (const record of records) {
      if (record.lang !== lang) throw new Error(`Search record ${record.objectID} is ${record.lang}, not ${lang}`);
      if (seen.has(record.objectID)) throw new Error(`Duplicate search record objectID ${record.objectID}`);
      seen.add(record.objectID);
    }
    const held = memo?.docs.get(records);
    const group = held?.contentLimit === contentLimit ? held : pageDocsOf(records, contentLimit);
    const fresh = group !== held;
    if (fresh) made.push([records, group]);
    // Documents validated before: held by the memo, or made from records the cache gave back.
    const known = !fresh || checked?.has(records) === true;
    for (let i = 0; i < group.docs.length; i++) {
      const key = group.keys[i]!;
      let p = pageIds.get(key);
      if (p === undefined) {
        p = pages.length;
        pages.push(group.pages[i]!);
        pageIds.set(key, p);
        if (!known) unchecked.pages.push(group.pages[i]!);
      }
      let doc = group.docs[i]!;
      if (fresh) {
        doc.p = p;
        if (!known) unchecked.docs.push(doc);
      } else if (doc.p !== p) {
        // Placed elsewhere than last time: a new document (the file before keeps the old one).
        doc = group.docs[i] = { ...doc, p };
        unchecked.docs.push(doc);
      }
      docs.push(doc);
    }
  }
  if (analyzed.documentCount !== docs.length) throw new Error(`Search index of ${analyzed.documentCount} documents for ${docs.length} records`);

  const common = options.commonShare === 0 ? new Set<string>() : commonTerms(analyzed, options.commonShare);
  const published = options.commonShare === 0 ? analyzed : publishedIndex(analyzed, common);
  // Keys in the schema's order (the order parsing gives them), so that the bytes do not depend on it.
  const file: SearchIndexFile = {
    schemaVersion: INDEX_SCHEMA_VERSION,
    engine: INDEX_ENGINE,
    analyzer: ANALYZER_VERSION,
    lang,
    cjk,
    contentLimit,
    common: [...common].sort(),
    pages,
    docs,
    index: fileIndexOf(published),
  };
  // Pages and documents are independent of each other: checking the new ones checks them all.
  SearchIndexFile.parse({ ...file, ...unchecked });
  for (const [records, group] of made) memo?.docs.set(records, group);
  if (memo) memo.encoded = { index: file.index, packed: published };
  return file;
}

export function pageDocsOf(records: readonly SearchRecord[], contentLimit: number | null): PageDocs {
  const group: PageDocs = { contentLimit, keys: [], pages: [], docs: [] };
  for (const record of records) {
    const { path, anchor } = splitUrl(record.url);
    group.keys.push(JSON.stringify([path, record.hierarchy.lvl0, record.hierarchy.lvl1]));
    group.pages.push({ u: path, g: record.hierarchy.lvl0, t: record.hierarchy.lvl1 });
    const h = [record.hierarchy.lvl2, record.hierarchy.lvl3, record.hierarchy.lvl4, record.hierarchy.lvl5, record.hierarchy.lvl6];
    while (h.length && h[h.length - 1] === null) h.pop();
    const content = record.content === null ? null : contentLimit ? cut(record.content, contentLimit) : record.content;
    // Placed by searchIndexFileOf.
    const doc: IndexedDoc = { p: 0, a: anchor, y: record.type, h, c: content };
    if (record.objectID !== record.url) doc.o = record.objectID;
    const own = record.type === 'content' ? null : record.hierarchy[record.type];
    const named = own ? nameOfRecord(record.url, own) : null;
    if (named) doc.k = nameKindCode(named.kind);
    group.docs.push(doc);
  }
  return group;
}
