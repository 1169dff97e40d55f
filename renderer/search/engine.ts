/**
 * The embedded search engine (pure, no DOM): loads a `dist-data/search/<lang>.json` file into
 * MiniSearch and answers queries with modal hits. Imported only from the lazily loaded search
 * chunk, and by the benchmark and unit tests.
 */
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { analyzeQuery, miniSearchOptions, termSpans, unpackIndex, type QueryGroup, type TermSpan, type SearchDocument, type SearchIndexFile } from '../../schemas/search-index.ts';
import { mergeRanges, snippet, toSegments, type Range } from './highlight.ts';
import { LEVELS, type Hierarchy, type HitType, type Level, type ModalHit, type Segment, type StoredHit } from './types.ts';

/** Ranking knobs, tuned with tests/bench/search.bench.ts. */
export interface Tuning {
  boost: Record<'title' | 'parents' | 'group' | 'content' | 'code', number>;
  /** Weight of a prefix match and of a typo match, relative to an exact match (1). */
  weights: { prefix: number; fuzzy: number };
  /** Score factor by record type: a page's own top section outranks its subsections. */
  typeBoost: Record<HitType, number>;
}

export const DEFAULT_TUNING: Tuning = {
  boost: { title: 6, parents: 2, group: 0.5, content: 1, code: 0.3 },
  weights: { prefix: 0.5, fuzzy: 0.3 },
  typeBoost: { lvl1: 1.4, lvl2: 1.15, lvl3: 1, lvl4: 1, lvl5: 1, lvl6: 1, content: 1 },
};

/** Typo tolerance as the issue asks: one edit from 5 letters, two from 8; none for CJK terms. */
export function maxEdits(term: string): number {
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(term)) return 0;
  if (term.length >= 8) return 2;
  if (term.length >= 5) return 1;
  return 0;
}

/** A query plan → MiniSearch expression tree; each leaf is one already-analyzed term. */
export function queryTree(groups: QueryGroup[], combineWith: 'AND' | 'OR'): Query {
  const leaf = (terms: string[]): Query => (terms.length === 1 ? terms[0]! : { combineWith: 'AND', queries: terms });
  const group = (g: QueryGroup): Query =>
    g.alternatives.length === 1 ? leaf(g.alternatives[0]!) : { combineWith: 'OR', queries: g.alternatives.map(leaf) };
  if (combineWith === 'OR') {
    // "Any term": every alternative of every group counts on its own.
    return { combineWith: 'OR', queries: groups.flatMap((g) => g.alternatives.flat()) };
  }
  return { combineWith: 'AND', queries: groups.map(group) };
}

export interface LocalSearchOptions {
  limit: number;
  snippetWords: number;
}

export interface LocalEngine {
  readonly lang: 'en' | 'zh';
  readonly size: number;
  search(query: string, options: LocalSearchOptions): { hits: ModalHit[]; nbHits: number };
  /** Stored form of every record, in index order (for tests and the export). */
  record(id: number): StoredHit;
  /** Distinct sidebar groups (hierarchy.lvl0), in index order: no-results suggestions. */
  topLevelHeadings(): string[];
}

export function createLocalEngine(file: SearchIndexFile, tuning: Tuning = DEFAULT_TUNING): LocalEngine {
  const mini = MiniSearch.loadJS<SearchDocument>(unpackIndex(file.index), miniSearchOptions(file.cjk));
  const records: StoredHit[] = file.docs.map((doc, id) => {
    const page = file.pages[doc.p];
    if (!page) throw new Error(`Search index: record ${id} names missing page ${doc.p}`);
    const hierarchy: Hierarchy = {
      lvl0: page.g,
      lvl1: page.t,
      lvl2: doc.h[0] ?? null,
      lvl3: doc.h[1] ?? null,
      lvl4: doc.h[2] ?? null,
      lvl5: doc.h[3] ?? null,
      lvl6: doc.h[4] ?? null,
    };
    const url = doc.a ? `${page.u}#${doc.a}` : page.u;
    return { objectID: doc.o ?? url, url, type: doc.y, hierarchy, content: doc.c };
  });

  // The first use of Intl.Segmenter loads the browser's dictionary for Chinese (about 100 ms in
  // Chromium): pay it here, while the index loads, not on the reader's first keystroke.
  if (file.cjk === 'segmenter') termSpans('中文分词', 'segmenter');

  const common = new Set(file.common);
  const searchOptions = {
    // Leaves are already analyzed (see queryTree): no second tokenization.
    tokenize: (text: string) => [text],
    processTerm: (term: string) => term,
    boost: tuning.boost,
    weights: tuning.weights,
    prefix: true,
    fuzzy: (term: string) => maxEdits(term) || false,
    boostDocument: (id: unknown) => tuning.typeBoost[records[id as number]?.type ?? 'content'],
  };

  // Term spans of displayed texts, reused across keystrokes: the same hits come back as the
  // reader types on, and analyzing their texts is most of the cost of a keystroke.
  const spanCache = new Map<string, TermSpan[]>();
  const spansOf = (text: string): TermSpan[] => {
    let spans = spanCache.get(text);
    if (!spans) {
      if (spanCache.size > 4000) spanCache.clear();
      spans = termSpans(text, file.cjk);
      spanCache.set(text, spans);
    }
    return spans;
  };

  function toHit(result: SearchResult, words: number): ModalHit {
    const record = records[result.id as number]!;
    const matched = new Set(result.terms);
    const queryTerms: string[] = result.queryTerms;
    const rangesOf = (text: string): Range[] => matchRanges(spansOf(text), matched, queryTerms);
    const highlight: Partial<Record<Level, Segment[]>> = {};
    for (const lvl of LEVELS) {
      const text = record.hierarchy[lvl];
      if (text) highlight[lvl] = toSegments(text, rangesOf(text));
    }
    const content = record.content;
    return {
      ...record,
      highlight,
      snippet: content ? snippet(content, rangesOf(content), words) : null,
    };
  }

  return {
    lang: file.lang,
    size: records.length,
    record: (id) => records[id]!,
    topLevelHeadings: () => [...new Set(file.pages.map((p) => p.g).filter((g): g is string => !!g))],
    search(query, { limit, snippetWords }) {
      const groups = analyzeQuery(query, file.cjk, common);
      if (groups.length === 0) return { hits: [], nbHits: 0 };
      let results = mini.search(queryTree(groups, 'AND'), searchOptions);
      if (results.length === 0 && groups.length > 1) results = mini.search(queryTree(groups, 'OR'), searchOptions);
      return { hits: results.slice(0, limit).map((r) => toHit(r, snippetWords)), nbHits: results.length };
    },
  };
}

/**
 * Where a text matches: spans of matched index terms. When the reader typed only the start of
 * a word, only that start is marked (`ext` in `external`), as the hosted service does.
 */
function matchRanges(spans: TermSpan[], matched: Set<string>, queryTerms: string[]): Range[] {
  const ranges: Range[] = [];
  for (const span of spans) {
    if (!matched.has(span.term)) continue;
    let end = span.end;
    if (!queryTerms.includes(span.term) && span.end - span.start === span.term.length) {
      const prefix = queryTerms.filter((q) => span.term.startsWith(q)).reduce((a, q) => Math.max(a, q.length), 0);
      if (prefix > 0) end = span.start + prefix;
    }
    ranges.push({ start: span.start, end });
  }
  // A matched compound (`auto-external`) is marked only where none of its parts matched, so a
  // prefix shows as typed: `auto` in `auto-external`, not the whole word.
  const inner = ranges.filter((r) => !ranges.some((o) => o !== r && o.start >= r.start && o.end <= r.end && o.end - o.start < r.end - r.start));
  return mergeRanges(inner);
}
