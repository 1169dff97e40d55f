import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENTRY, PostingStore } from '../../../renderer/search/engine/postings.ts';
import { encodeField } from '../../../schemas/search-format/codec.ts';

/** Postings as field id → [document, frequency] in ascending documents, the fields in any order. */
const postings = fc
  .uniqueArray(fc.nat({ max: 9 }), { minLength: 1, maxLength: 4 })
  .chain((fields) => fc.tuple(...fields.map((field) => fc.tuple(fc.constant(field), fc.uniqueArray(fc.nat({ max: 5000 }), { minLength: 1, maxLength: 40 }).map((docs) => docs.sort((a, b) => a - b)), fc.array(fc.integer({ min: 1, max: 70000 }), { minLength: 40, maxLength: 40 })))));

/** What the store holds for the term at `position`: field id → [documents, frequencies]. */
function read(store: PostingStore, position: number): Map<number, [number[], number[]]> {
  const first = store.open(position);
  const fields = new Map<number, [number[], number[]]>();
  const entries = store.entries.data;
  for (let e = first * ENTRY; e < (first + store.fieldCount[position]!) * ENTRY; e += ENTRY) {
    const [field, from, to, freqFrom] = [entries[e]!, entries[e + 1]!, entries[e + 2]!, entries[e + 3]!];
    const docs = [...store.docs.data.subarray(from, to)];
    fields.set(field, [docs, docs.map((_, k) => (freqFrom < 0 ? 1 : store.freqs.data[freqFrom + k]!))]);
  }
  return fields;
}

describe('compact postings (issue 55)', () => {
  it('reads as each term\'s fields in id order, each field\'s documents in order and the frequency of each, however many terms share the columns', () => {
    fc.assert(
      fc.property(fc.array(postings, { minLength: 1, maxLength: 6 }), (terms) => {
        const packed = terms.map((fields) => fields.map(([field, docs, freqs]) => encodeField(field, docs, freqs.slice(0, docs.length))).join(';'));
        const store = new PostingStore(terms.length, (p) => packed[p]);
        // Decoded in an order of their own, each term's runs stay its own.
        for (const p of [...terms.keys()].reverse()) store.open(p);
        for (const [p, fields] of terms.entries()) {
          const decoded = read(store, p);
          expect([...decoded.keys()]).toEqual(fields.map(([field]) => field).sort((a, b) => a - b));
          for (const [field, docs, freqs] of fields) expect(decoded.get(field)).toEqual([docs, freqs.slice(0, docs.length)]);
        }
      }),
    );
  });

  it('decodes a term once its postings are there, and only once', () => {
    const packed: Array<string | undefined> = [undefined];
    let asked = 0;
    const store = new PostingStore(1, (p) => (asked++, packed[p]));
    expect(store.open(0)).toBe(-1);
    packed[0] = '0:1,2*3';
    const first = store.open(0);
    expect(first).toBe(0);
    expect(store.open(0)).toBe(first);
    expect(asked).toBe(2);
    expect(read(store, 0)).toEqual(new Map([[0, [[1, 3], [1, 3]]]]));
  });
});
