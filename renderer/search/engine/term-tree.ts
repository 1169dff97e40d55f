/**
 * The index's term dictionary: its terms, sorted by code unit as the packed index stores them
 * (schemas/search-index.ts), and a radix tree of their positions (MiniSearch's SearchableMap),
 * built straight from them. The scorer (scorer.ts) finds a query term's prefix matches as a run of
 * the sorted terms (no tree walked, no string made per term: a letter reaches thousands of terms
 * on a large site), its typo matches in the tree; a term's postings are found by its position.
 */
import SearchableMap from 'minisearch/SearchableMap';
import type { IndexTerms } from '../../../schemas/search-format/analyzer.ts';

/**
 * A SearchableMap of these terms (sorted by code unit, no repeats, as the index stores them) to
 * `valueOf(position)`, built as one radix tree in a single pass. Setting the terms one by one
 * looks for each new term's branch among its node's children in turn; Chinese terms start with
 * some 700 different characters, and filling the Chinese site's index (3,000 terms) that way took
 * 50 ms of the first search, four times the English one.
 */
export function termTree<T>(terms: readonly string[], valueOf: (position: number) => T): SearchableMap<T> {
  assertSorted(terms);
  return sortedTermTree(terms, valueOf);
}

/** termTree of terms known to be sorted (termDictionary checks them when it is made). */
function sortedTermTree<T>(terms: readonly string[], valueOf: (position: number) => T): SearchableMap<T> {
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

/** Throws unless the terms are sorted by code unit, with no repeats. */
function assertSorted(terms: readonly string[]): void {
  for (let t = 1; t < terms.length; t++) {
    if (!(terms[t - 1]! < terms[t]!)) throw new Error(`Search index: terms are not sorted (${JSON.stringify(terms[t - 1])}, ${JSON.stringify(terms[t])})`);
  }
}

/**
 * An index's terms (sorted), and the radix tree of their positions. The tree serves typo matches
 * alone (a term and its prefixes are found among the sorted terms: termPosition, prefixRange), and
 * is made when first asked for: a large site's has hundreds of thousands of nodes, whose making
 * was most of loading its index (10,000 pages a language: 350 ms, half of it collecting garbage),
 * and a query's first letters reach no term by a typo (maxEdits).
 */
export interface TermDictionary {
  readonly terms: readonly string[];
  readonly tree: SearchableMap<number>;
  /**
   * The terms within `distance` edits of `term`, each with its position and distance (the tree's
   * fuzzyGet), the last ones asked remembered: a keystroke asks about each of its words several
   * times (the parts to fetch, the survey, the search, the relaxed plans), and the same words
   * again on the next, while a walk of a large site's tree took a twentieth of a broad keystroke.
   */
  typos(term: string, distance: number): ReadonlyMap<string, [number, number]>;
}

/** Typo lookups a dictionary remembers (TermDictionary.typos). */
const TYPOS_KEPT = 64;

export function termDictionary(terms: readonly string[]): TermDictionary {
  assertSorted(terms);
  let tree: SearchableMap<number> | undefined;
  const typos = new Map<string, ReadonlyMap<string, [number, number]>>();
  return {
    terms,
    get tree() {
      return (tree ??= sortedTermTree(terms, (position) => position));
    },
    typos(term, distance) {
      const key = `${distance}\0${term}`;
      let found = typos.get(key);
      if (!found) {
        if (typos.size >= TYPOS_KEPT) typos.delete(typos.keys().next().value!);
        typos.set(key, (found = this.tree.fuzzyGet(term, distance)));
      }
      return found;
    },
  };
}

/**
 * Makes the dictionary's tree once the browser is idle (after the first results, which need none),
 * so that the first word typed long enough for typos does not wait for it. Nothing where there is
 * no idle callback (Node: the MCP server, the bench): the first query that needs the tree makes it,
 * rather than a timer of each engine made and dropped.
 */
export function prepareWhenIdle(dictionary: TermDictionary): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => dictionary.tree, { timeout: 2000 });
}

/** The positions [from, to) of the sorted terms that begin with `prefix` (itself among them). */
export function prefixRange(terms: readonly string[], prefix: string): [number, number] {
  // The first term not below the prefix; those that begin with it follow it, side by side.
  const from = firstPosition(terms, 0, (term) => term >= prefix);
  return [from, firstPosition(terms, from, (term) => !term.startsWith(prefix))];
}

/** The position of `term` among the sorted terms, -1 where it is not one. */
export function termPosition(terms: readonly string[], term: string): number {
  const at = firstPosition(terms, 0, (t) => t >= term);
  return terms[at] === term ? at : -1;
}

/** The first position at or after `from` where `past` holds, `past` being false and then true along the terms. */
function firstPosition(terms: readonly string[], from: number, past: (term: string) => boolean): number {
  let lo = from;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (past(terms[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** A dictionary's terms as a query being typed consults them (analyzeQuery). */
export function indexTermsOf({ terms }: TermDictionary): IndexTerms {
  return {
    has: (term) => termPosition(terms, term) >= 0,
    hasPrefix: (prefix) => {
      const [from, to] = prefixRange(terms, prefix);
      return from < to;
    },
  };
}
