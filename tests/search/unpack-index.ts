/**
 * The packed form → MiniSearch's plain-object index, for `MiniSearch.loadJS`: the inverse of the
 * pipeline's packing (pipeline/search/term-counts.ts), so tests can load a packed index into a plain MiniSearch and compare.
 * (The browser's engine decodes postings as it needs them instead: renderer/search/engine/postings.ts.)
 */
import type { AsPlainObject } from 'minisearch';
import { decodePosting, type Posting } from '../../schemas/search-format/codec.ts';
import type { PackedIndex } from '../../schemas/search-index.ts';
import { SEARCH_FIELDS } from '../../schemas/search-format/format.ts';

/** The packed form → MiniSearch's plain-object index. */
export function unpackIndex(packed: PackedIndex): AsPlainObject {
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  packed.fieldLength.forEach((lengths, i) => {
    documentIds[i] = i;
    fieldLength[i] = lengths;
  });
  const index: [string, Posting][] = packed.terms.map((term, t) => [term, decodePosting(packed.postings[t]!)]);
  return {
    documentCount: packed.documentCount,
    nextId: packed.documentCount,
    documentIds,
    fieldIds: Object.fromEntries(SEARCH_FIELDS.map((f, i) => [f, i])),
    fieldLength,
    averageFieldLength: packed.averageFieldLength,
    // Nothing is stored in MiniSearch: the modal's fields live in `docs` and `pages`.
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  } as AsPlainObject;
}
