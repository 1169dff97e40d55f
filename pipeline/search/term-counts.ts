/**
 * The terms of a language's documents counted as the documents are added, then packed into the
 * index file's form (schemas/search-format/codec.ts: each term's posting of fields, documents and
 * term frequencies). The same counts MiniSearch keeps, the same packing: the analyzer
 * (miniSearchOptions' tokenize) gives the terms, each document's field length is its number of
 * distinct terms, a term's frequency its occurrences. MiniSearch's index is a radix tree made for
 * searching it; an index the build only writes out had no use for it, and building the tree was
 * a third of a cold build's search time.
 */
import type { PackedIndex } from '../../schemas/search-index.ts';
import { encodeField } from '../../schemas/search-format/codec.ts';
import { SEARCH_FIELDS, type SearchField } from '../../schemas/search-format/format.ts';

/** Per field of a term, its documents (in the order added: ids only grow) and its frequency in each. */
type FieldCounts = Array<{ docs: number[]; counts: number[] } | undefined>;

export interface TermCounts {
  /** The next document: its id is the number of documents before it. */
  add(fields: Record<SearchField, string>): void;
  /** Every term with its posting; terms in the order first met (the caller sorts them). */
  packed(): PackedIndex;
}

export function termCounts(tokenize: (text: string, field: SearchField) => string[]): TermCounts {
  const terms = new Map<string, FieldCounts>();
  const fieldLength: number[][] = [];
  return {
    add(fields) {
      const doc = fieldLength.length;
      fieldLength.push(
        SEARCH_FIELDS.map((field, fieldId) => {
          const tokens = tokenize(fields[field], field);
          for (const term of tokens) {
            if (!term) continue;
            let counts = terms.get(term);
            if (!counts) terms.set(term, (counts = []));
            const inField = (counts[fieldId] ??= { docs: [], counts: [] });
            const last = inField.docs.length - 1;
            if (inField.docs[last] === doc) inField.counts[last]!++;
            else {
              inField.docs.push(doc);
              inField.counts.push(1);
            }
          }
          return new Set(tokens).size;
        }),
      );
    },
    packed() {
      const names = [...terms.keys()];
      // The average field lengths are left to canonicalIndex, which computes them from the lengths.
      return { documentCount: fieldLength.length, averageFieldLength: [], fieldLength, terms: names, postings: names.map((term) => postingOf(terms.get(term)!)) };
    },
  };
}

/** A term's counts as its packed posting. */
function postingOf(fields: FieldCounts): string {
  const parts: string[] = [];
  fields.forEach((inField, fieldId) => {
    if (inField) parts.push(encodeField(fieldId, inField.docs, inField.counts));
  });
  return parts.join(';');
}
