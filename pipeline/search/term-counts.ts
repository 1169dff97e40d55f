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

export interface TermCounts {
  /** The next document: its id is the number of documents before it. */
  add(fields: Record<SearchField, string>): void;
  /** Every term with its posting; terms in the order first met (the caller sorts them). */
  packed(): PackedIndex;
}

const FIELD_COUNT = SEARCH_FIELDS.length;

/**
 * Entries per block of termCounts' entries (BLOCK_BITS bits of an entry's number), three numbers
 * each. The entries grow a block at a time, never copied: as columns that doubled when full they
 * held up to twice what they needed, and three times while one was copied. At 10,000 pages per
 * language each search worker has 5.1 (English) to 5.8 (Chinese) million entries, 61-69 MB, which
 * sat in columns of 8.4 million (101 MB) at the records stage's end, one of the data step's two
 * memory peaks.
 */
const BLOCK_BITS = 16;
const BLOCK = 1 << BLOCK_BITS;
const IN_BLOCK = BLOCK - 1;

/**
 * Each term's documents and frequencies per field, as entries in the order counted (its term and
 * field, its document, the term's frequency there), put in order by term and field once, when
 * packed (documents are added in id order, so each term's entries in a field stay in that order).
 * An object with an array of documents and one of counts per term and field, as before, cost some
 * 400 bytes each however few its documents: 270,000 of them (231,000 terms) at 10,000 pages per
 * language, most of the 258 MB that analyzing a language took in its search worker.
 */
export function termCounts(tokenize: (text: string, field: SearchField) => string[]): TermCounts {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const fieldLength: number[][] = [];
  // By term and field (term * FIELD_COUNT + field): its last entry, and how many it has.
  let last = new Int32Array(1024 * FIELD_COUNT);
  let sizes = new Int32Array(1024 * FIELD_COUNT);
  // Entry e is the numbers [3 * (e & IN_BLOCK), +3) of block e >> BLOCK_BITS: slot, document, frequency.
  const blocks: Int32Array[] = [];
  let entries = 0;
  const grown = (column: Int32Array, size: number) => {
    const bigger = new Int32Array(size);
    bigger.set(column);
    return bigger;
  };
  const idOf = (term: string) => {
    let id = ids.get(term);
    if (id === undefined) {
      id = names.length;
      names.push(term);
      ids.set(term, id);
      if ((id + 1) * FIELD_COUNT > last.length) {
        last = grown(last, last.length * 2);
        sizes = grown(sizes, sizes.length * 2);
      }
    }
    return id;
  };
  return {
    add(fields) {
      const doc = fieldLength.length;
      fieldLength.push(
        SEARCH_FIELDS.map((field, fieldId) => {
          const tokens = tokenize(fields[field], field);
          for (const term of tokens) {
            if (!term) continue;
            const slot = idOf(term) * FIELD_COUNT + fieldId;
            if (sizes[slot]! > 0) {
              const at = last[slot]!;
              const block = blocks[at >> BLOCK_BITS]!;
              const offset = 3 * (at & IN_BLOCK);
              if (block[offset + 1] === doc) {
                block[offset + 2]!++;
                continue;
              }
            }
            if ((entries & IN_BLOCK) === 0) blocks.push(new Int32Array(3 * BLOCK));
            const block = blocks[entries >> BLOCK_BITS]!;
            const offset = 3 * (entries & IN_BLOCK);
            block[offset] = slot;
            block[offset + 1] = doc;
            block[offset + 2] = 1;
            last[slot] = entries++;
            sizes[slot]!++;
          }
          return new Set(tokens).size;
        }),
      );
    },
    packed() {
      // Each term and field's entries side by side, in the order counted: where each one's run starts, then the entries placed.
      const slotCount = names.length * FIELD_COUNT;
      const starts = new Int32Array(slotCount + 1);
      for (let slot = 0; slot < slotCount; slot++) starts[slot + 1] = starts[slot]! + sizes[slot]!;
      const placed = starts.slice(0, slotCount);
      const sortedDocs = new Int32Array(entries);
      const sortedCounts = new Int32Array(entries);
      for (let entry = 0; entry < entries; entry++) {
        const block = blocks[entry >> BLOCK_BITS]!;
        const offset = 3 * (entry & IN_BLOCK);
        const at = placed[block[offset]!]!++;
        sortedDocs[at] = block[offset + 1]!;
        sortedCounts[at] = block[offset + 2]!;
      }
      const postingOf = (id: number) => {
        const parts: string[] = [];
        for (let fieldId = 0; fieldId < FIELD_COUNT; fieldId++) {
          const slot = id * FIELD_COUNT + fieldId;
          if (starts[slot] === starts[slot + 1]) continue;
          const inField: number[] = [];
          const frequencies: number[] = [];
          for (let k = starts[slot]!; k < starts[slot + 1]!; k++) {
            inField.push(sortedDocs[k]!);
            frequencies.push(sortedCounts[k]!);
          }
          parts.push(encodeField(fieldId, inField, frequencies));
        }
        return parts.join(';');
      };
      // The average field lengths are left to canonicalIndex, which computes them from the lengths.
      return { documentCount: fieldLength.length, averageFieldLength: [], fieldLength, terms: [...names], postings: names.map((_, id) => postingOf(id)) };
    },
  };
}
