/**
 * What a search finds, as columns: the scorer (scorer.ts) makes it, the engine (engine.ts) joins
 * the searches of one query with it, the ranking (ranking.ts) reads it, and only the hits shown
 * become result objects (`resultOf`). A broad query on a large site finds tens of thousands of
 * records (`options`: 30,000 at 10,000 pages a language); an object per record, with its matches
 * as an object and copied by each step, was most of such a query's time and garbage.
 */
import type { SearchResult } from 'minisearch';
import { fieldBit, SEARCH_FIELDS, type SearchField } from '../../../schemas/search-format/format.ts';
import type { Ranked } from './ranking.ts';
import { termPosition } from './term-tree.ts';

/**
 * Documents found, a row each, with what MiniSearch's result for each holds: the score, the query
 * terms it matched (queryTermsOf), and the index terms it matched with the fields of each
 * (`matchTerm` and `matchFields` from `matchStart[row]` to `matchStart[row + 1]`, in the order the
 * terms were matched; a term as its position in `names`, fields as bits of SEARCH_FIELDS: fieldBit).
 */
export interface Found {
  readonly docs: Int32Array;
  readonly scores: Float64Array;
  /**
   * The sets of query terms the rows matched, each once, and each row's set by its position:
   * a column, not an array per row, as most rows of a broad query share one.
   */
  readonly querySets: ReadonlyArray<readonly string[]>;
  readonly querySet: Int32Array;
  readonly matchStart: Int32Array;
  readonly matchTerm: Int32Array;
  readonly matchFields: Int32Array;
  /** The index's sorted terms (term-tree.ts: TermDictionary), which matched terms are positions of. */
  readonly names: readonly string[];
}

/** A typed array's worth of numbers that grows as they are pushed (IntList, FloatList). */
class Column<A extends Int32Array | Float64Array> {
  length = 0;
  constructor(
    public data: A,
    private readonly grow: (size: number) => A,
  ) {}
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = this.grow(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  /** The numbers pushed (the list's own array when it is full: a list is not pushed to after). */
  toArray(): A {
    return this.length === this.data.length ? this.data : (this.data.slice(0, this.length) as A);
  }
}

export class IntList extends Column<Int32Array> {
  constructor(capacity = 64) {
    super(new Int32Array(Math.max(1, capacity)), (size) => new Int32Array(size));
  }
}

export class FloatList extends Column<Float64Array> {
  constructor(capacity = 64) {
    super(new Float64Array(Math.max(1, capacity)), (size) => new Float64Array(size));
  }
}

/**
 * A Found made row by row, from rows of others. `rows`: how many it will likely have (the rows
 * of what it is made from), so that its columns are not grown step by step to tens of thousands.
 */
export class FoundBuilder {
  private readonly docs: IntList;
  private readonly scores: FloatList;
  private readonly querySets: Array<readonly string[]> = [];
  private readonly setPositions = new Map<readonly string[], number>();
  private readonly querySet: IntList;
  // The set of the last row and its position: rows come in runs with the same set.
  private lastSet: readonly string[] | null = null;
  private lastPosition = 0;
  private readonly matchStart: IntList;
  private readonly matchTerm: IntList;
  private readonly matchFields: IntList;

  constructor(
    private readonly names: readonly string[],
    rows = 64,
  ) {
    this.docs = new IntList(rows);
    this.scores = new FloatList(rows);
    this.querySet = new IntList(rows);
    this.matchStart = new IntList(rows + 1);
    this.matchTerm = new IntList(rows * 2);
    this.matchFields = new IntList(rows * 2);
  }

  /** Row `i` of `from`, with this score and these query terms. */
  copy(from: Found, i: number, score = from.scores[i]!, queryTerms = queryTermsOf(from, i)): void {
    this.start(from.docs[i]!, score, queryTerms);
    for (let e = from.matchStart[i]!; e < from.matchStart[i + 1]!; e++) this.match(from.matchTerm[e]!, from.matchFields[e]!);
  }

  /**
   * Row `i` of `a` and row `j` of `b` (the same document) as one, as MiniSearch joins two results'
   * matches (`{ ...a.match, ...b.match }`): a's terms, with b's fields where b matched the term too,
   * then b's other terms.
   */
  join(a: Found, i: number, b: Found, j: number, score: number, queryTerms: readonly string[]): void {
    this.start(a.docs[i]!, score, queryTerms);
    const bFrom = b.matchStart[j]!;
    const bTo = b.matchStart[j + 1]!;
    const aFrom = a.matchStart[i]!;
    const aTo = a.matchStart[i + 1]!;
    for (let e = aFrom; e < aTo; e++) {
      const term = a.matchTerm[e]!;
      let fields = a.matchFields[e]!;
      for (let f = bFrom; f < bTo; f++) if (b.matchTerm[f] === term) fields = b.matchFields[f]!;
      this.match(term, fields);
    }
    for (let f = bFrom; f < bTo; f++) {
      const term = b.matchTerm[f]!;
      let inA = false;
      for (let e = aFrom; e < aTo && !inA; e++) inA = a.matchTerm[e] === term;
      if (!inA) this.match(term, b.matchFields[f]!);
    }
  }

  /** A new row, its matches to follow (`match`). */
  start(doc: number, score: number, queryTerms: readonly string[]): void {
    this.docs.push(doc);
    this.scores.push(score);
    if (queryTerms !== this.lastSet) {
      let position = this.setPositions.get(queryTerms);
      if (position === undefined) {
        this.setPositions.set(queryTerms, (position = this.querySets.length));
        this.querySets.push(queryTerms);
      }
      this.lastSet = queryTerms;
      this.lastPosition = position;
    }
    this.querySet.push(this.lastPosition);
    this.matchStart.push(this.matchTerm.length);
  }

  match(term: number, fields: number): void {
    this.matchTerm.push(term);
    this.matchFields.push(fields);
  }

  build(): Found {
    this.matchStart.push(this.matchTerm.length);
    return {
      docs: this.docs.toArray(),
      scores: this.scores.toArray(),
      querySets: this.querySets,
      querySet: this.querySet.toArray(),
      matchStart: this.matchStart.toArray(),
      matchTerm: this.matchTerm.toArray(),
      matchFields: this.matchFields.toArray(),
      names: this.names,
    };
  }
}

/** The query terms row `i` matched. */
export function queryTermsOf(found: Found, i: number): readonly string[] {
  return found.querySets[found.querySet[i]!]!;
}

/** The rows whose document `keep` keeps, in their order. */
export function filtered(found: Found, keep: (doc: number) => boolean): Found {
  const out = new FoundBuilder(found.names, found.docs.length);
  for (let i = 0; i < found.docs.length; i++) if (keep(found.docs[i]!)) out.copy(found, i);
  return out.build();
}

/** Whether row `i` matched some term in one of the fields of `bits`. */
export function heldIn(found: Found, i: number, bits: number): boolean {
  for (let e = found.matchStart[i]!; e < found.matchStart[i + 1]!; e++) if (found.matchFields[e]! & bits) return true;
  return false;
}

/** Whether row `i` matched the term at `position` of the names in one of the fields of `bits`. */
function matchedAt(found: Found, i: number, position: number, bits: number): boolean {
  for (let e = found.matchStart[i]!; e < found.matchStart[i + 1]!; e++) if (found.matchTerm[e] === position) return (found.matchFields[e]! & bits) !== 0;
  return false;
}

/** Row `i` as MiniSearch's search result, with this score. */
export function resultOf(found: Found, i: number, score = found.scores[i]!): SearchResult {
  const terms: string[] = [];
  const match: Record<string, string[]> = {};
  for (let e = found.matchStart[i]!; e < found.matchStart[i + 1]!; e++) {
    const term = found.names[found.matchTerm[e]!]!;
    terms.push(term);
    match[term] = fieldsOf(found.matchFields[e]!);
  }
  return { id: found.docs[i]!, score, terms, queryTerms: queryTermsOf(found, i) as string[], match };
}

/** Every row as MiniSearch's search result. */
export function resultsOf(found: Found): SearchResult[] {
  return Array.from(found.docs, (_, i) => resultOf(found, i));
}

/** The fields of a set of bits, in SEARCH_FIELDS order. */
function fieldsOf(bits: number): SearchField[] {
  return SEARCH_FIELDS.filter((field) => bits & fieldBit(field));
}

/**
 * A Found as the ranking reads it. The matched terms of a row in some fields are the same array
 * for every row with the same ones (thousands of sections headed `Usage notes` share one), so
 * what the ranking works out from them it works out once.
 */
const NONE: readonly string[] = [];

export function rankedFound(found: Found): Ranked {
  type Node = { next: Map<number, Node>; terms?: readonly string[] };
  const roots = new Map<number, Node>();
  const positions = new Map<string, number>();
  return {
    ids: found.docs,
    scores: found.scores,
    termsIn(i, bits) {
      // Most rows of a broad query matched nothing in the fields asked (a heading): no lookup for them.
      if (!heldIn(found, i, bits)) return NONE;
      let node = roots.get(bits);
      if (!node) roots.set(bits, (node = { next: new Map() }));
      for (let e = found.matchStart[i]!; e < found.matchStart[i + 1]!; e++) {
        if (!(found.matchFields[e]! & bits)) continue;
        const term = found.matchTerm[e]!;
        let next = node.next.get(term);
        if (!next) node.next.set(term, (next = { next: new Map() }));
        node = next;
      }
      if (!node.terms) {
        const terms: string[] = [];
        for (let e = found.matchStart[i]!; e < found.matchStart[i + 1]!; e++) if (found.matchFields[e]! & bits) terms.push(found.names[found.matchTerm[e]!]!);
        node.terms = terms;
      }
      return node.terms;
    },
    rowsIn(bits) {
      const rows = new IntList();
      for (let i = 0; i < found.docs.length; i++) if (heldIn(found, i, bits)) rows.push(i);
      return rows.toArray();
    },
    rowsMatching(term, field) {
      const rows = new IntList();
      const position = termPosition(found.names, term);
      const bit = fieldBit(field);
      if (position >= 0) for (let i = 0; i < found.docs.length; i++) if (matchedAt(found, i, position, bit)) rows.push(i);
      return rows.toArray();
    },
    matchedIn(i, term, field) {
      // The term as its position, looked up once: compared with every row's matched terms.
      let position = positions.get(term);
      if (position === undefined) positions.set(term, (position = termPosition(found.names, term)));
      return matchedAt(found, i, position, fieldBit(field));
    },
  };
}
