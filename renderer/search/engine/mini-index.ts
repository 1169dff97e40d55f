/**
 * MiniSearch instances built straight from the packed index (schemas/search-index.ts), without
 * `loadJS`'s detour through MiniSearch's plain-object form. The term tree is built in one pass
 * over the sorted terms (termTree), and a term's postings are decoded only when a query first
 * reaches it: most of an index is never reached in a page visit, and decoding all of it was most
 * of the time between the index's arrival and the first results.
 *
 * MiniSearch 7 keeps its term tree (a SearchableMap of term → field id → document id → term
 * frequency) in a field its typings keep private, and searches each term of a query and
 * combines the results with methods they leave out (executeQuerySpec, whose results are kept:
 * rememberLeaves; combineResults, replaced); searching reads a term's entry only through
 * `get(fieldId)`. The version is pinned; tests/search/engine/engine.test.ts checks that results equal
 * those of `MiniSearch.loadJS` on the same index.
 */
import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import type { CjkMode } from '../../../schemas/search-index.ts';
import { SEARCH_FIELDS } from '../../../schemas/search-format/format.ts';
import { miniSearchOptions, type SearchDocument } from '../../../schemas/search-format/codec.ts';
import type { IndexTerms } from '../../../schemas/search-format/analyzer.ts';
import type { PostingsEntry } from './postings.ts';

/** A MiniSearch's term tree as the split engine fills it: a term's postings, as its part arrives. */
export interface TermIndex {
  set(term: string, postings: PostingsEntry): void;
}

/**
 * A SearchableMap of these terms (sorted by code unit, no repeats, as the index stores them) to
 * `valueOf(position)`, built as one radix tree in a single pass. Setting the terms one by one
 * looks for each new term's branch among its node's children in turn; Chinese terms start with
 * some 700 different characters, and filling the Chinese site's index (3,000 terms) that way took
 * 50 ms of the first search, four times the English one.
 */
export function termTree<T>(terms: readonly string[], valueOf: (position: number) => T): SearchableMap<T> {
  for (let t = 1; t < terms.length; t++) {
    if (!(terms[t - 1]! < terms[t]!)) throw new Error(`Search index: terms are not sorted (${JSON.stringify(terms[t - 1])}, ${JSON.stringify(terms[t])})`);
  }
  type Node = Map<string, T | Node>;
  // The terms at [from, to) share their first `depth` code units; `node` holds what follows.
  const fill = (node: Node, from: number, to: number, depth: number): Node => {
    let t = from;
    // Sorted: a term that ends here comes first, and is this node's leaf ('', as MiniSearch keys it).
    if (terms[t]!.length === depth) node.set('', valueOf(t++));
    while (t < to) {
      const unit = terms[t]![depth];
      let end = t + 1;
      while (end < to && terms[end]![depth] === unit) end++;
      // The branch's label: what the first and last terms of the run share (sorted, so all of them do).
      const first = terms[t]!;
      const last = terms[end - 1]!;
      let shared = depth + 1;
      while (shared < first.length && shared < last.length && first[shared] === last[shared]) shared++;
      node.set(first.slice(depth, shared), fill(new Map(), t, end, shared));
      t = end;
    }
    return node;
  };
  return new SearchableMap<T>(terms.length ? (fill(new Map(), 0, terms.length, 0) as never) : undefined);
}

/** A term tree's terms as a query being typed consults them (analyzeQuery). */
export function indexTermsOf(tree: SearchableMap<unknown>): IndexTerms {
  return {
    has: (term) => tree.has(term),
    hasPrefix: (prefix) => !tree.atPrefix(prefix).keys().next().done,
  };
}

/**
 * A MiniSearch holding documents 0..count-1 with their field lengths, searching `terms` (a term
 * tree to fill as postings arrive, by default: `index.set(term, postings)`).
 */
export function emptyMiniSearch(
  count: number,
  averageFieldLength: number[],
  fieldLengthOf: (doc: number) => number[],
  cjk: CjkMode,
  terms: SearchableMap<PostingsEntry> = new SearchableMap(),
): { mini: MiniSearch<SearchDocument>; index: TermIndex } {
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  for (let i = 0; i < count; i++) {
    documentIds[i] = i;
    fieldLength[i] = fieldLengthOf(i);
  }
  const mini = MiniSearch.loadJS<SearchDocument>(
    {
      documentCount: count,
      nextId: count,
      documentIds,
      fieldIds: Object.fromEntries(SEARCH_FIELDS.map((f, i) => [f, i])),
      fieldLength,
      averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index: [],
      serializationVersion: 2,
    },
    miniSearchOptions(cjk),
  );
  const internal = mini as unknown as { _index?: SearchableMap<PostingsEntry>; executeQuerySpec?: LeafSearch; combineResults?: typeof combineResults };
  if (typeof internal._index?.set !== 'function' || typeof internal._index.atPrefix !== 'function' || typeof internal.executeQuerySpec !== 'function' || typeof internal.combineResults !== 'function') {
    throw new Error('Search index: this MiniSearch version keeps its term index elsewhere');
  }
  const leaves = rememberLeaves(internal.executeQuerySpec.bind(mini));
  internal.executeQuerySpec = leaves.search;
  internal.combineResults = combineResults;
  internal._index = terms;
  // New postings change what a leaf finds.
  const index: TermIndex = {
    set(term, postings) {
      leaves.forget();
      terms.set(term, postings);
    },
  };
  return { mini, index };
}

/** What MiniSearch's search finds for a document: its score, the query terms and the matched terms' fields. */
interface RawResult {
  score: number;
  terms: string[];
  match: Record<string, string[]>;
}
/** What MiniSearch's search finds for one term of a query (or a combination of them), by document. */
type LeafResults = Map<number, RawResult>;
/** MiniSearch's search of one term of a query (a leaf of the query tree), with the options it is searched with. */
type LeafSearch = (leaf: { term: string; fuzzy: number | boolean; prefix: boolean; termBoost: number }, options: Record<string, unknown>) => LeafResults;

/**
 * The search option that marks a search as one query's own (its options made for it): its leaves'
 * results are not remembered (rememberLeaves), and none remembered are given to it.
 */
export const ONE_QUERY = 'oneQuery';

/** Leaves a MiniSearch remembers the results of (see rememberLeaves), at most. */
const LEAVES_KEPT = 200;
/**
 * Documents found, over all the leaves it remembers, at most: a leaf of one or two letters on a
 * large site (`f` at 10,000 pages per language) finds most of its documents, each with its
 * result, and 200 such leaves kept filled a 4 GiB heap.
 */
const LEAF_DOCUMENTS_KEPT = 200_000;

/**
 * Leaf searches with the results of the last ones kept. Each keystroke searches again for the
 * words typed before it, and a query's relaxed plans (engine.ts) for the words of its own plan:
 * a word typed as one letter (`dts t`) reaches hundreds of terms, and scoring them again for
 * each plan was a third of the time of such a keystroke. Kept results are handed out as they
 * are: nothing changes them once made (see combineResults).
 */
function rememberLeaves(search: LeafSearch): { search: LeafSearch; forget(): void } {
  const kept = new Map<string, LeafResults>();
  let documents = 0;
  // Options objects by identity: the engine passes the same few (boosts, weights, scorers) every time.
  const ids = new Map<unknown, number>();
  const idOf = (value: unknown) => {
    let id = ids.get(value);
    if (id === undefined) ids.set(value, (id = ids.size));
    return id;
  };
  const forget = () => {
    kept.clear();
    documents = 0;
  };
  return {
    search(leaf, options) {
      // A search of some records only (engine.ts: within) is one query's: nothing to keep.
      if (options[ONE_QUERY]) return search(leaf, options);
      // A caller making new options for every search (not the engine): start over rather than grow.
      if (ids.size > 64) {
        ids.clear();
        forget();
      }
      const settings = [options.boost, options.boostDocument, options.weights, options.bm25, options.fields, options.maxFuzzy].map(idOf).join(',');
      const key = `${leaf.term}\0${leaf.fuzzy}\0${leaf.prefix}\0${leaf.termBoost}\0${settings}`;
      let results = kept.get(key);
      if (!results) {
        results = search(leaf, options);
        // The oldest go first, until the new one fits; one that alone is larger is not kept.
        if (results.size <= LEAF_DOCUMENTS_KEPT) {
          while (kept.size && (kept.size >= LEAVES_KEPT || documents + results.size > LEAF_DOCUMENTS_KEPT)) {
            const [oldest, old] = kept.entries().next().value!;
            kept.delete(oldest);
            documents -= old.size;
          }
          kept.set(key, results);
          documents += results.size;
        }
      }
      return results;
    },
    forget,
  };
}

/** Two results for one document as one: scores added, query terms and matched terms joined. */
function joined(a: RawResult, b: RawResult): RawResult {
  const terms = [...a.terms];
  for (const term of b.terms) if (!terms.includes(term)) terms.push(term);
  return { score: a.score + b.score, terms, match: { ...a.match, ...b.match } };
}

/**
 * MiniSearch's combination of the results of a query's parts (`and`, `or`, `and_not`), the
 * same results in the same order, made as new maps and entries: MiniSearch's own merges the
 * later parts' entries into the first's in place, which would change kept leaf results
 * (rememberLeaves). Copying each kept result before handing it out instead cost as much as
 * scoring it again.
 */
function combineResults(results: LeafResults[], combineWith = 'or'): LeafResults {
  if (results.length === 0) return new Map();
  const operator = combineWith.toLowerCase();
  if (operator !== 'and' && operator !== 'or' && operator !== 'and_not') throw new Error(`Invalid combination operator: ${combineWith}`);
  return results.reduce((a, b) => {
    if (operator === 'and') {
      const both: LeafResults = new Map();
      for (const [doc, result] of b) {
        const first = a.get(doc);
        if (first) both.set(doc, joined(first, result));
      }
      return both;
    }
    const out: LeafResults = new Map(a);
    if (operator === 'and_not') {
      for (const doc of b.keys()) out.delete(doc);
      return out;
    }
    for (const [doc, result] of b) {
      const first = out.get(doc);
      out.set(doc, first ? joined(first, result) : result);
    }
    return out;
  });
}
