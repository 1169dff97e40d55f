/**
 * The index's term dictionary as a radix tree (MiniSearch's SearchableMap), built straight from
 * the packed index's sorted terms (schemas/search-index.ts): the scorer (scorer.ts) looks up a
 * query's terms, prefixes and typos in it, and the split engine fills in a term's postings as its
 * part arrives.
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
