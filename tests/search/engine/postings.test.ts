import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePostings } from '../../../renderer/search/engine/postings.ts';
import { encodeField } from '../../../schemas/search-format/codec.ts';

/** Postings as field id → [document, frequency] in ascending documents, and their packed form. */
const postings = fc
  .uniqueArray(fc.nat({ max: 9 }), { minLength: 1, maxLength: 4 })
  .chain((fields) => fc.tuple(...fields.map((field) => fc.tuple(fc.constant(field), fc.uniqueArray(fc.nat({ max: 5000 }), { minLength: 1, maxLength: 40 }).map((docs) => docs.sort((a, b) => a - b)), fc.array(fc.integer({ min: 1, max: 70000 }), { minLength: 40, maxLength: 40 })))));

describe('compact postings (issue 55)', () => {
  it('reads as each field\'s documents in order and the frequency of each', () => {
    fc.assert(
      fc.property(postings, (fields) => {
        const packed = fields.map(([field, docs, freqs]) => encodeField(field, docs, freqs.slice(0, docs.length))).join(';');
        const decoded = decodePostings(packed);
        for (const [field, docs, freqs] of fields) {
          const read = decoded.get(field)!;
          expect(read.size).toBe(docs.length);
          expect([...read.docs]).toEqual(docs);
          expect(docs.map((_, k) => read.freqs?.[k] ?? 1)).toEqual(freqs.slice(0, docs.length));
        }
        expect([...decoded.keys()].sort()).toEqual(fields.map(([field]) => field).sort());
      }),
    );
  });
});
