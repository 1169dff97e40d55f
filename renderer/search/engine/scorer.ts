/**
 * The search's scoring: MiniSearch's search (BM25 per field, prefix and typo weights, `AND`/`OR`
 * query trees, per-query options), computed over the packed index's postings (postings.ts) in
 * typed arrays. MiniSearch's own search makes a result object per document a term reaches and
 * adds to it per posting; a one-letter word reaches hundreds of terms (`bundle s` on our site, `7`
 * at 10,000 pages a language), and those objects, their term lists and the copies each
 * combination makes were most of a keystroke's time and garbage. Here a term's postings add to a
 * score column and a document's matched terms are kept as numbers: what a search finds is columns
 * (found.ts), and only the hits shown become result objects.
 *
 * The results are MiniSearch's, exactly: the same documents, scores (added in the same order),
 * query terms and matches (tests/search/engine/engine.test.ts compares them with
 * `MiniSearch.loadJS` on the same index). So is its one oddity: two parts of a query that match
 * the same term of a document keep the fields of the later part only, as MiniSearch joins them.
 * Unlike MiniSearch, a prefix reaches a bounded number of the terms it begins (createSearcher).
 */
import type { Query, SearchOptions } from 'minisearch';
import { SEARCH_FIELDS, type SearchField } from '../../../schemas/search-format/format.ts';
import { ENTRY, PostingStore } from './postings.ts';
import { FloatList, FoundBuilder, IntList, queryTermsOf, type Found } from './found.ts';
import { prefixRange, termPosition, type TermDictionary } from './term-tree.ts';
import { cutoff } from './ranking.ts';

/** What a search of the index reads: the engine's searches go through this, as they went through MiniSearch. */
export interface Searcher {
  readonly documentCount: number;
  /**
   * MiniSearch's search: the documents found, with their scores, in the order MiniSearch finds
   * them. MiniSearch then sorts them by score (a stable sort); the engine ranks them by score and
   * ties in this order (rankResults), never needing them sorted.
   */
  find(query: Query, options: Options): Found;
  /**
   * What `find` would find, without its matches or the scores of most documents: the documents,
   * as a column by document (1: found); those that hold a term a leaf reaches in one of the fields
   * of `into.head` (bits of SEARCH_FIELDS) are marked in `into.headed`, and every other posting
   * adds its score to `into.rest`, as `find` adds it before MiniSearch's quality factor. A pass
   * over the postings with no rows, matches or joins: what a broad query costs find is those.
   */
  survey(query: Query, options: Options, into: SurveyColumns): Uint8Array;
  /**
   * The postings a query tree reaches, counted without reading them: `all`, at least how many
   * documents `find` finds (a leaf's postings over all its terms and fields; the least of an
   * `AND`'s parts, the sum of an `OR`'s), and `head`, those of them in the fields of `head` (bits).
   */
  reach(query: Query, options: Options, head: number): { all: number; head: number };
  /** Forgets the leaves it keeps and the terms capped prefixes reach: postings have arrived (a split index's part), which may change what a leaf finds. */
  forgetLeaves(): void;
}

/** Columns by document that Searcher.survey adds to; `head`: bits of SEARCH_FIELDS. */
export interface SurveyColumns {
  readonly head: number;
  readonly headed: Uint8Array;
  readonly rest: Float64Array;
  /** How many leaves found each document: at least the number of query terms it matched. */
  readonly leaves: Uint8Array;
}

/**
 * The search option that marks a search as one query's own (its options made for it): its leaves'
 * results are not remembered (see leafMemo), and none remembered are given to it.
 */
export const ONE_QUERY = 'oneQuery';

/**
 * The search option that gives each document's boost as a column by document, in place of the
 * function `boostDocument`: read for every posting a query reaches, a call each was most of a
 * broad query's scoring on a large site.
 */
export const DOCUMENT_BOOSTS = 'documentBoosts';

/** Leaves whose results are kept, at most. */
const LEAVES_KEPT = 200;
/**
 * Documents found, over all the leaves kept, at most: a leaf of one or two letters on a large
 * site (`f` at 10,000 pages per language) finds most of its documents.
 */
const LEAF_DOCUMENTS_KEPT = 200_000;
/** Sets of query terms kept (see union), at most, before they are made anew. */
const SETS_KEPT = 10_000;

const DEFAULT_BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const DEFAULT_WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };
const DEFAULT_MAX_FUZZY = 6;

/** A query part's operator (MiniSearch's combineWith, OR by default). */
function operatorOf(options: Options): 'and' | 'or' {
  const combineWith = (options as { combineWith?: string }).combineWith;
  const operator = (combineWith ?? 'or').toLowerCase();
  if (operator !== 'and' && operator !== 'or') throw new Error(`Search: cannot combine query parts with ${combineWith}`);
  return operator;
}

/** What a leaf's search reads of its options: the fields searched, their boosts, each field id's place among them (-1: not searched), BM25's parameters, the documents' boosts. */
function leafSettings(options: Options) {
  const fields = (options.fields ?? SEARCH_FIELDS) as readonly SearchField[];
  return {
    fields,
    boosts: fields.map((field) => options.boost?.[field] || 1),
    fieldSlots: SEARCH_FIELDS.map((field) => fields.indexOf(field)),
    bm25: options.bm25 ?? DEFAULT_BM25,
    boostDocument: options.boostDocument,
    documentBoosts: options[DOCUMENT_BOOSTS],
  };
}

/** BM25+'s term frequency part, as MiniSearch computes it (in its order: the same last bit), for a field `length` long where the average is `average`. */
function saturation(termFreq: number, length: number, average: number, k: number, b: number, d: number): number {
  return d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * length) / average));
}

/** One term of a query, as MiniSearch's termToQuerySpec makes it. */
interface Leaf {
  term: string;
  fuzzy: number | boolean;
  prefix: boolean;
  termBoost: number;
}

export type Options = SearchOptions & { [ONE_QUERY]?: boolean; [DOCUMENT_BOOSTS]?: Float64Array };

/**
 * A searcher over the terms of `dictionary`, whose packed postings `postingsAt` gives by
 * position (undefined for a term whose split part has not arrived; decoded when first read:
 * postings.ts), of `count` documents, whose length in each field is `fieldLengths[field][doc]`.
 * A prefix reaches at most `prefixTerms` of the terms it begins besides itself (Tuning.prefixTerms):
 * those with the most postings (in all fields), ties in dictionary order. Up to that many, the
 * results are MiniSearch's.
 */
export function createSearcher(count: number, averageFieldLength: readonly number[], fieldLengths: ReadonlyArray<ArrayLike<number>>, dictionary: TermDictionary, postingsAt: (position: number) => string | undefined, prefixTerms = Infinity): Searcher {
  // A matched term is its position in the dictionary's terms (Found.names).
  const names = dictionary.terms;
  const store = new PostingStore(names.length, postingsAt);
  const memo = leafMemo();
  // Sets of query terms, one array for each (rows share them): a's terms, then b's that a has not
  // (MiniSearch's assignUniqueTerms). Rows hold the arrays, so the memo can start over at any time.
  let unions = new Map<readonly string[], Map<readonly string[], readonly string[]>>();
  let setCount = 0;
  // The last pair asked and its set: a broad query's rows come in long runs of the same pair.
  let lastPair: [readonly string[], readonly string[], readonly string[]] | null = null;
  const union = (a: readonly string[], b: readonly string[]): readonly string[] => {
    if (a === b) return a;
    if (lastPair && lastPair[0] === a && lastPair[1] === b) return lastPair[2];
    if (setCount > SETS_KEPT) {
      unions = new Map();
      setCount = 0;
    }
    let byB = unions.get(a);
    if (!byB) unions.set(a, (byB = new Map()));
    let set = byB.get(b);
    if (!set) {
      const list = [...a];
      for (const term of b) if (!list.includes(term)) list.push(term);
      byB.set(b, (set = list));
      setCount++;
    }
    lastPair = [a, b, set];
    return set;
  };
  // Scratch columns by document, reset after each use.
  const scratchScore = new Float64Array(count);
  const rowOf = new Int32Array(count).fill(-1);
  const termFields = new Int32Array(count);
  // Scratch lists of searchLeaf (which runs to its end before another starts), emptied before each use:
  // the documents in the order found, the matches (three numbers each: row, term, fields), the
  // documents a term reached, the terms a leaf reached.
  const lists = { order: new IntList(), entries: new IntList(), touched: new IntList(), positions: new IntList(), termWeights: new FloatList() };
  // A field's inverse document frequency by how many documents hold the term there, for the few
  // counts most terms have: a prefix of one letter reaches a hundred thousand terms, most in one document.
  const idfs = new Float64Array(64).fill(NaN);
  const idfOf = (matching: number) => {
    const idf = matching < idfs.length ? idfs[matching]! : NaN;
    if (idf === idf) return idf;
    const computed = Math.log(1 + (count - matching + 0.5) / (matching + 0.5));
    if (matching < idfs.length) idfs[matching] = computed;
    return computed;
  };

  // The terms reached by each prefix that begins more than `prefixTerms` (besides itself), by the
  // prefix: positions, ascending. Worked out once while the postings stay as they are.
  const capped = new Map<string, Int32Array>();
  const cappedRange = (prefix: string, from: number, to: number): Int32Array => {
    let kept = capped.get(prefix);
    if (kept) return kept;
    // Each term's postings (0 for the prefix itself, reached as the term it is).
    const counts = new Float64Array(to - from);
    for (let p = from; p < to; p++) {
      const first = names[p] === prefix ? -1 : store.open(p);
      if (first < 0) continue;
      let postings = 0;
      for (let e = first * ENTRY, end = (first + store.fieldCount[p]!) * ENTRY; e < end; e += ENTRY) postings += store.entries.data[e + 2]! - store.entries.data[e + 1]!;
      counts[p - from] = postings;
    }
    // Of the terms with `least` postings, the first ones fill what those with more leave.
    const cut = cutoff(Float64Array.from(counts), prefixTerms);
    const { least } = cut;
    let { room } = cut;
    kept = new Int32Array(prefixTerms);
    let k = 0;
    for (let i = 0; i < counts.length; i++) if (counts[i]! > least || (counts[i] === least && room-- > 0)) kept[k++] = from + i;
    if (capped.size > LEAVES_KEPT) capped.clear();
    capped.set(prefix, kept);
    return kept;
  };

  /**
   * The terms a leaf reaches, into lists.positions and lists.termWeights: the term itself, its
   * prefix matches, its typo matches, with their weights. MiniSearch's tree gives a prefix's terms
   * last first (the deepest branch first, a term after those it begins): the scores add up in that
   * order, to the same last bit.
   */
  const reachOf = (leaf: Leaf, options: Options) => {
    const weights = { ...DEFAULT_WEIGHTS, ...options.weights };
    const exact = termPosition(names, leaf.term);
    // The terms reached, as positions and weights: a letter's prefix reaches a hundred thousand on a large site.
    const { positions, termWeights } = lists;
    positions.length = 0;
    termWeights.length = 0;
    const reach = (position: number, weight: number) => {
      positions.push(position);
      termWeights.push(weight);
    };
    if (exact >= 0) reach(exact, 1);
    let fuzzyMatches: Map<string, [number, number]> | undefined;
    if (leaf.fuzzy) {
      const fuzzy = leaf.fuzzy === true ? 0.2 : leaf.fuzzy;
      const maxDistance = fuzzy < 1 ? Math.min(options.maxFuzzy ?? DEFAULT_MAX_FUZZY, Math.round(leaf.term.length * fuzzy)) : fuzzy;
      // A copy: the prefix's own terms are taken out of it below.
      if (maxDistance) fuzzyMatches = new Map(dictionary.typos(leaf.term, maxDistance));
    }
    if (leaf.prefix) {
      const [from, to] = prefixRange(names, leaf.term);
      const reachPrefix = (p: number) => {
        const term = names[p]!;
        const distance = term.length - leaf.term.length;
        if (!distance) return;
        fuzzyMatches?.delete(term);
        reach(p, (weights.prefix * term.length) / (term.length + 0.3 * distance));
      };
      // The terms it begins besides itself (the first of the run when it is a term).
      const begun = to - from - (names[from] === leaf.term ? 1 : 0);
      if (begun <= prefixTerms) for (let p = to - 1; p >= from; p--) reachPrefix(p);
      else {
        const kept = cappedRange(leaf.term, from, to);
        for (let k = kept.length - 1; k >= 0; k--) reachPrefix(kept[k]!);
      }
    }
    if (fuzzyMatches) {
      for (const [term, [p, distance]] of fuzzyMatches) {
        if (!distance) continue;
        reach(p, (weights.fuzzy * term.length) / (term.length + distance));
      }
    }
    return { positions, termWeights };
  };

  /**
   * Each field entry, in a field searched, of the terms a leaf reached (reachOf): `visit(e, f,
   * weight, term)`, `e` the entry's place in store.entries, `f` the field's place among those
   * searched. Opening a term decodes its postings on their first read and may grow the store's
   * columns: `visit` reads them itself. In the order searched, the order scores add up in: field by
   * field as `fieldIds` lists them when given (fields searched not in id order), else in id order,
   * only the fields the term is in. `termDone(position)` after each term's entries.
   */
  const eachField = (reached: ReturnType<typeof reachOf>, fieldSlots: readonly number[], fieldIds: readonly number[] | null, visit: (e: number, f: number, weight: number, term: string) => void, termDone?: (position: number) => void) => {
    const { positions, termWeights } = reached;
    for (let r = 0; r < positions.length; r++) {
      const position = positions.data[r]!;
      const first = store.open(position);
      if (first < 0) continue;
      const end = (first + store.fieldCount[position]!) * ENTRY;
      const weight = termWeights.data[r]!;
      const term = names[position]!;
      if (fieldIds) {
        for (let f = 0; f < fieldIds.length; f++) {
          for (let e = first * ENTRY; e < end; e += ENTRY) if (store.entries.data[e] === fieldIds[f]) visit(e, f, weight, term);
        }
      } else {
        for (let e = first * ENTRY; e < end; e += ENTRY) {
          const f = fieldSlots[store.entries.data[e]!]!;
          if (f >= 0) visit(e, f, weight, term);
        }
      }
      termDone?.(position);
    }
  };

  /** MiniSearch's executeQuerySpec and termResults: one term, with its prefix and typo matches. */
  const searchLeaf = (leaf: Leaf, options: Options): Found => {
    const { fields, boosts, fieldSlots, bm25: { k, b, d }, boostDocument, documentBoosts } = leafSettings(options);
    const fieldIds = fields.map((field) => SEARCH_FIELDS.indexOf(field));
    // Whether the fields searched are in id order.
    const ascending = fieldIds.every((id, f) => f === 0 || id > fieldIds[f - 1]!);
    const reached = reachOf(leaf, options);
    const { positions } = reached;

    // The searcher's lists, emptied: a broad leaf fills them with hundreds of thousands of numbers.
    const { order, entries, touched } = lists;
    order.length = 0;
    entries.length = 0;
    // A leaf that reaches one term (a word typed whole, a prefix that begins one term) matches it
    // once in each of its rows: its matches are made from its rows at the end, not listed term by term.
    const single = positions.length === 1;
    /** Adds a term's postings in a field (its field entry `e`, the `f`-th field searched) to its documents' scores and matched fields. */
    const addField = (e: number, f: number, weight: number, term: string) => {
      const entry = store.entries.data;
      const fieldId = entry[e]!;
      const from = entry[e + 1]!;
      const to = entry[e + 2]!;
      const freqFrom = entry[e + 3]!;
      const average = averageFieldLength[fieldId]!;
      const lengths = fieldLengths[fieldId]!;
      const scale = weight * leaf.termBoost * boosts[f]!;
      const bit = 1 << fieldId;
      const invDocFreq = idfOf(to - from);
      const holding = store.docs.data;
      const freqs = store.freqs.data;
      for (let i = from; i < to; i++) {
        const doc = holding[i]!;
        const docBoost = documentBoosts ? documentBoosts[doc]! : boostDocument ? boostDocument(doc, term, undefined) : 1;
        if (!docBoost) continue;
        const termFreq = freqFrom < 0 ? 1 : freqs[freqFrom + i - from]!;
        const rawScore = invDocFreq * saturation(termFreq, lengths[doc]!, average, k, b, d);
        // MiniSearch's product, in its order: termWeight * termBoost * fieldBoost * docBoost * rawScore.
        const score = scale * docBoost * rawScore;
        if (rowOf[doc] === -1) {
          rowOf[doc] = order.length;
          order.push(doc);
          scratchScore[doc] = score;
        } else scratchScore[doc] = scratchScore[doc]! + score;
        if (!single && termFields[doc] === 0) touched.push(doc);
        termFields[doc] = termFields[doc]! | bit;
      }
    };
    touched.length = 0;
    // A term's matches, as entries of its rows, once its fields are added (one term reached: made at the end).
    const termDone = (position: number) => {
      for (let i = 0; i < touched.length; i++) {
        const doc = touched.data[i]!;
        entries.push(rowOf[doc]!);
        entries.push(position);
        entries.push(termFields[doc]!);
        termFields[doc] = 0;
      }
      touched.length = 0;
    };
    eachField(reached, fieldSlots, ascending ? null : fieldIds, addField, single ? undefined : termDone);
    const size = order.length;
    const docs = order.data.slice(0, size);
    const scores = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      const doc = docs[i]!;
      scores[i] = scratchScore[doc]!;
      rowOf[doc] = -1;
    }
    const { matchStart, matchTerm, matchFields } = single ? singleTermMatches(docs, positions.data[0]!) : entryMatches(size);
    // Every row matched the leaf's term: one set of query terms, at position 0 for all.
    return { docs, scores, querySets: [[leaf.term]], querySet: new Int32Array(size), matchStart, matchTerm, matchFields, names };
  };

  /** A one-term leaf's matches: the term once in each row, in the fields it was found in there (termFields, reset here). */
  const singleTermMatches = (docs: Int32Array, position: number) => {
    const matchStart = new Int32Array(docs.length + 1);
    const matchTerm = new Int32Array(docs.length).fill(position);
    const matchFields = new Int32Array(docs.length);
    for (let i = 0; i < docs.length; i++) {
      matchStart[i + 1] = i + 1;
      matchFields[i] = termFields[docs[i]!]!;
      termFields[docs[i]!] = 0;
    }
    return { matchStart, matchTerm, matchFields };
  };

  /** A leaf's matches from its entries (lists.entries), grouped by row, each row's in the order its terms were matched. */
  const entryMatches = (size: number) => {
    const { entries } = lists;
    const matchStart = new Int32Array(size + 1);
    const n = entries.length / 3;
    for (let e = 0; e < n; e++) matchStart[entries.data[3 * e]! + 1]!++;
    for (let i = 0; i < size; i++) matchStart[i + 1]! += matchStart[i]!;
    const fill = matchStart.slice(0, size);
    const matchTerm = new Int32Array(n);
    const matchFields = new Int32Array(n);
    for (let e = 0; e < n; e++) {
      const at = fill[entries.data[3 * e]!]!++;
      matchTerm[at] = entries.data[3 * e + 1]!;
      matchFields[at] = entries.data[3 * e + 2]!;
    }
    return { matchStart, matchTerm, matchFields };
  };

  /**
   * Two parts' results as MiniSearch's combineResults joins them: `and` keeps b's documents that
   * a has, in b's order; `or` keeps a's, then b's others. A document in both adds its scores, its
   * query terms (a's, then b's new ones) and its matches (a's terms, with b's fields where b
   * matched the term too, then b's new terms).
   */
  const combine = (a: Found, b: Found, operator: 'and' | 'or'): Found => {
    const out = new FoundBuilder(names, operator === 'and' ? Math.min(a.docs.length, b.docs.length) : a.docs.length + b.docs.length);
    const join = (i: number, j: number) => out.join(a, i, b, j, a.scores[i]! + b.scores[j]!, union(queryTermsOf(a, i), queryTermsOf(b, j)));
    for (let i = 0; i < a.docs.length; i++) rowOf[a.docs[i]!] = i;
    if (operator === 'and') {
      for (let j = 0; j < b.docs.length; j++) {
        const i = rowOf[b.docs[j]!]!;
        if (i !== -1) join(i, j);
      }
    } else {
      const inB = new Int32Array(a.docs.length).fill(-1);
      const bOnly: number[] = [];
      for (let j = 0; j < b.docs.length; j++) {
        const i = rowOf[b.docs[j]!]!;
        if (i === -1) bOnly.push(j);
        else inB[i] = j;
      }
      for (let i = 0; i < a.docs.length; i++) {
        if (inB[i] === -1) out.copy(a, i);
        else join(i, inB[i]!);
      }
      for (const j of bOnly) out.copy(b, j);
    }
    for (let i = 0; i < a.docs.length; i++) rowOf[a.docs[i]!] = -1;
    return out.build();
  };

  /** A query string's leaves, as MiniSearch's termToQuerySpec makes them. */
  const leavesOf = (query: string, options: Options): Leaf[] => {
    const words = (options.tokenize ? options.tokenize(query) : [query]).flatMap((word) => (options.processTerm ? options.processTerm(word) : word) || []).filter((word): word is string => !!word);
    return words.map((term, i): Leaf => ({
      term,
      fuzzy: typeof options.fuzzy === 'function' ? options.fuzzy(term, i, words) : options.fuzzy || false,
      prefix: typeof options.prefix === 'function' ? options.prefix(term, i, words) : options.prefix === true,
      termBoost: typeof options.boostTerm === 'function' ? options.boostTerm(term, i, words) : 1,
    }));
  };

  /**
   * MiniSearch's executeQuery, for any answer of a leaf: a query tree's leaves each given to
   * `leaf` with their options (a part's own over those it is given), and the answers of a part's
   * parts combined with its operator.
   */
  const walk = <T>(query: Query, options: Options, leaf: (leaf: Leaf, options: Options) => T, combineParts: (parts: T[], operator: 'and' | 'or') => T): T => {
    if (typeof query === 'symbol') throw new Error('Search: the wildcard query is not supported');
    if (typeof query === 'string') return combineParts(leavesOf(query, options).map((one) => leaf(one, options)), operatorOf(options));
    const merged = { ...options, ...query, queries: undefined } as Options;
    return combineParts(
      query.queries.map((part: Query) => walk(part, merged, leaf, combineParts)),
      operatorOf(merged),
    );
  };

  /** MiniSearch's executeQuery: a query tree's parts searched with their options, and combined. */
  const run = (query: Query, options: Options): Found =>
    walk(query, options, (leaf, own) => (own[ONE_QUERY] ? searchLeaf(leaf, own) : memo.get(leaf, own, () => searchLeaf(leaf, own))), (parts, operator) => (parts.length === 0 ? new FoundBuilder(names).build() : parts.reduce((a, b) => combine(a, b, operator))));

  /**
   * A leaf's documents, as a column by document (1: found), as searchLeaf finds them; its
   * postings in the fields of `head` mark their documents in `headed`, the others add their
   * scores to `rest`, as searchLeaf adds them (before MiniSearch's quality factor).
   */
  const surveyLeaf = (leaf: Leaf, options: Options, into: SurveyColumns): Uint8Array => {
    const found = new Uint8Array(count);
    const { headed, rest, head, leaves } = into;
    const { boosts, fieldSlots, bm25: { k, b, d }, boostDocument, documentBoosts } = leafSettings(options);
    // In id order whatever the order searched: `rest` is a bound, not a score to the last bit.
    eachField(reachOf(leaf, options), fieldSlots, null, (e, f, weight, term) => {
      const entry = store.entries.data;
      const holding = store.docs.data;
      const freqs = store.freqs.data;
      const fieldId = entry[e]!;
      const from = entry[e + 1]!;
      const to = entry[e + 2]!;
      const freqFrom = entry[e + 3]!;
      const inHead = (head & (1 << fieldId)) !== 0;
      const average = averageFieldLength[fieldId]!;
      const lengths = fieldLengths[fieldId]!;
      const scale = weight * leaf.termBoost * boosts[f]!;
      const invDocFreq = idfOf(to - from);
      for (let i = from; i < to; i++) {
        const doc = holding[i]!;
        const docBoost = documentBoosts ? documentBoosts[doc]! : boostDocument ? boostDocument(doc, term, undefined) : 1;
        if (!docBoost) continue;
        if (!found[doc]) {
          found[doc] = 1;
          leaves[doc]!++;
        }
        if (inHead) {
          headed[doc] = 1;
          continue;
        }
        const termFreq = freqFrom < 0 ? 1 : freqs[freqFrom + i - from]!;
        rest[doc] = rest[doc]! + scale * docBoost * (invDocFreq * saturation(termFreq, lengths[doc]!, average, k, b, d));
      }
    });
    return found;
  };

  /** A query tree's documents as a column by document (1: found), its leaves surveyed into `into` (surveyLeaf). */
  const survey = (query: Query, options: Options, into: SurveyColumns): Uint8Array =>
    walk(
      query,
      options,
      (leaf, own) => surveyLeaf(leaf, own, into),
      (parts, operator) => {
        if (parts.length === 0) return new Uint8Array(count);
        const out = parts[0]!;
        for (const part of parts.slice(1)) {
          if (operator === 'and') for (let i = 0; i < count; i++) out[i] = out[i]! & part[i]!;
          else for (let i = 0; i < count; i++) out[i] = out[i]! | part[i]!;
        }
        return out;
      },
    );

  const find = (query: Query, options: Options): Found => {
    const found = run(query, options);
    // MiniSearch's quality: a document's score times the number of query terms it matched.
    const scores = new Float64Array(found.scores);
    const factors = found.querySets.map((terms) => terms.length || 1);
    for (let i = 0; i < scores.length; i++) scores[i] = scores[i]! * factors[found.querySet[i]!]!;
    return { ...found, scores };
  };
  const reach = (query: Query, options: Options, head: number): { all: number; head: number } =>
    walk(
      query,
      options,
      (leaf, own) => {
        const counted = { all: 0, head: 0 };
        eachField(reachOf(leaf, own), leafSettings(own).fieldSlots, null, (e) => {
          const entry = store.entries.data;
          const postings = entry[e + 2]! - entry[e + 1]!;
          counted.all += postings;
          if (head & (1 << entry[e]!)) counted.head += postings;
        });
        return counted;
      },
      (parts, operator) => (parts.length === 0 ? { all: 0, head: 0 } : parts.reduce((a, b) => (operator === 'and' ? (a.all <= b.all ? a : b) : { all: a.all + b.all, head: a.head + b.head }))),
    );
  const forgetLeaves = () => {
    memo.forget();
    capped.clear();
  };
  return { documentCount: count, find, survey, reach, forgetLeaves };

  /**
   * Leaf results kept, the last ones: each keystroke searches again for the words typed before
   * it, and a query's relaxed plans (engine.ts) for the words of its own plan. Kept results are
   * handed out as they are: nothing changes a Found once made.
   */
  function leafMemo() {
    const kept = new Map<string, Found>();
    let documents = 0;
    // Options objects by identity: the engine passes the same few (boosts, weights, scorers) every time.
    const ids = new Map<unknown, number>();
    const idOf = (value: unknown) => {
      let id = ids.get(value);
      if (id === undefined) ids.set(value, (id = ids.size));
      return id;
    };
    const clear = () => {
      kept.clear();
      documents = 0;
    };
    return {
      forget: clear,
      get(leaf: Leaf, options: Options, search: () => Found): Found {
        // A caller making new options for every search (not the engine): start over rather than grow.
        if (ids.size > 64) {
          ids.clear();
          clear();
        }
        const settings = [options.boost, options.boostDocument, options[DOCUMENT_BOOSTS], options.weights, options.bm25, options.fields, options.maxFuzzy].map(idOf).join(',');
        const key = `${leaf.term}\0${leaf.fuzzy}\0${leaf.prefix}\0${leaf.termBoost}\0${settings}`;
        let found = kept.get(key);
        if (!found) {
          found = search();
          const size = found.docs.length;
          // The oldest go first, until the new one fits; one that alone is larger is not kept.
          if (size <= LEAF_DOCUMENTS_KEPT) {
            while (kept.size && (kept.size >= LEAVES_KEPT || documents + size > LEAF_DOCUMENTS_KEPT)) {
              const [oldest, old] = kept.entries().next().value!;
              kept.delete(oldest);
              documents -= old.docs.length;
            }
            kept.set(key, found);
            documents += size;
          }
        }
        return found;
      },
    };
  }
}
