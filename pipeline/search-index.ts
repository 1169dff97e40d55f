/**
 * Build stage: a language's section records → the content of `dist-data/search/<lang>.json`.
 * Pure: the emit stage writes what this returns. The format and the analyzer come from
 * schemas/search-index.ts, which the browser loads the file with.
 */
import MiniSearch from 'minisearch';
import type { SearchRecord } from '../schemas/search.ts';
import {
  ANALYZER_VERSION,
  DEFAULT_CJK_MODE,
  commonTerms,
  miniSearchOptions,
  packIndex,
  SearchIndexFile,
  type CjkMode,
  type IndexedDoc,
  type IndexedPage,
  type SearchDocument,
} from '../schemas/search-index.ts';

export interface SearchIndexOptions {
  /** How Chinese text becomes terms; the benchmark measures the modes. */
  cjk?: CjkMode;
  /** Cut stored prose to this many characters (the index still covers all of it). */
  contentLimit?: number | null;
  /** Share of sections above which a term's prose postings are left out (0: keep all). */
  commonShare?: number;
}

/**
 * Stored prose per section, in characters: enough for a snippet near the start of a section
 * and the budget of 70 KB gzip per language (tests/bench/search.bench.ts). A Chinese character
 * carries about as much as two or three Latin ones and costs three bytes.
 */
export const DEFAULT_CONTENT_LIMIT = { en: 200, zh: 70 } as const;

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
  return {
    id,
    title: own ?? '',
    parents: parents.join(' \n '),
    group: h.lvl0 ?? '',
    content: record.content ?? '',
    code: record.code ?? '',
  };
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
 * The content of `dist-data/search/<lang>.json` (JSON-serializable). Throws on records of
 * another language and on duplicate objectIDs: both are bugs upstream that would make hosted
 * and local results disagree.
 */
export function buildSearchIndex(lang: 'en' | 'zh', records: SearchRecord[], options: SearchIndexOptions = {}): SearchIndexFile {
  const cjk = options.cjk ?? DEFAULT_CJK_MODE;
  const contentLimit = options.contentLimit === undefined ? DEFAULT_CONTENT_LIMIT[lang] : options.contentLimit;
  const pages: IndexedPage[] = [];
  const pageIds = new Map<string, number>();
  const docs: IndexedDoc[] = [];
  const seen = new Set<string>();

  for (const record of records) {
    if (record.lang !== lang) throw new Error(`Search record ${record.objectID} is ${record.lang}, not ${lang}`);
    if (seen.has(record.objectID)) throw new Error(`Duplicate search record objectID ${record.objectID}`);
    seen.add(record.objectID);
    const { path, anchor } = splitUrl(record.url);
    const key = JSON.stringify([path, record.hierarchy.lvl0, record.hierarchy.lvl1]);
    let p = pageIds.get(key);
    if (p === undefined) {
      p = pages.length;
      pages.push({ u: path, g: record.hierarchy.lvl0, t: record.hierarchy.lvl1 });
      pageIds.set(key, p);
    }
    const h = [record.hierarchy.lvl2, record.hierarchy.lvl3, record.hierarchy.lvl4, record.hierarchy.lvl5, record.hierarchy.lvl6];
    while (h.length && h[h.length - 1] === null) h.pop();
    const content = record.content === null ? null : contentLimit ? cut(record.content, contentLimit) : record.content;
    const doc: IndexedDoc = { p, a: anchor, y: record.type, h, c: content };
    if (record.objectID !== record.url) doc.o = record.objectID;
    docs.push(doc);
  }

  const mini = new MiniSearch<SearchDocument>(miniSearchOptions(cjk));
  mini.addAll(records.map((record, i) => searchDocument(i, record)));
  const js = mini.toJSON();
  const common = options.commonShare === 0 ? new Set<string>() : commonTerms(js, options.commonShare);

  return SearchIndexFile.parse({
    schemaVersion: 1,
    engine: 'minisearch@7',
    analyzer: ANALYZER_VERSION,
    lang,
    cjk,
    contentLimit,
    pages,
    docs,
    common: [...common].sort(),
    index: packIndex(js, common),
  });
}
