/**
 * MiniSearch's plain-object index → the packed form of the index file (schemas/search-format/codec.ts
 * reads it back). Index time only.
 */
import type { AsPlainObject } from 'minisearch';
import type { PackedIndex } from '../../schemas/search-index.ts';
import { encodePosting, type Posting } from '../../schemas/search-format/codec.ts';

/** MiniSearch's plain-object index → the packed form. Requires ids equal to positions. */
export function packIndex(js: AsPlainObject): PackedIndex {
  const count = js.documentCount;
  for (let i = 0; i < count; i++) {
    // Only a fresh index of documents with ids 0..n-1 maps short ids to positions one to one.
    if ((js.documentIds as Record<string, unknown>)[i] !== i) throw new Error(`packIndex: document ${i} has id ${String((js.documentIds as Record<string, unknown>)[i])}`);
  }
  const fieldLength = Array.from({ length: count }, (_, i) => (js.fieldLength as Record<string, number[]>)[i] ?? []);
  const terms: string[] = [];
  const postings: string[] = [];
  for (const [term, fields] of js.index as [string, Posting][]) {
    const posting = encodePosting(fields);
    if (!posting) continue;
    terms.push(term);
    postings.push(posting);
  }
  return { documentCount: count, averageFieldLength: js.averageFieldLength, fieldLength, terms, postings };
}

