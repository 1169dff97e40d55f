/**
 * MiniSearch instances built straight from the packed index (schemas/search-index.ts), without
 * `loadJS`'s detour through MiniSearch's plain-object form. Every term goes into MiniSearch's
 * term tree at once, but a term's postings are decoded only when a query first reaches it: most
 * of an index is never reached in a page visit, and decoding all of it was most of the time
 * between the index's arrival and the first results.
 *
 * MiniSearch 7 keeps its term tree (a SearchableMap of term → field id → document id → term
 * frequency) in a field its typings keep private; searching reads a term's entry only through
 * `get(fieldId)`. The version is pinned; tests/search/engine.test.ts checks that results equal
 * those of `MiniSearch.loadJS` on the same index.
 */
import MiniSearch from 'minisearch';
import type SearchableMap from 'minisearch/SearchableMap';
import { SEARCH_FIELDS, type CjkMode } from '../../schemas/search-index.ts';
import { miniSearchOptions, type SearchDocument } from '../../schemas/search-format/codec.ts';

/** A term's postings: field id → document id → term frequency. */
export type Postings = Map<number, Map<number, number>>;
/** What searching reads of a term's entry. */
export type PostingsEntry = Pick<Postings, 'get'>;
export type TermIndex = Pick<SearchableMap<PostingsEntry>, 'set' | 'get' | 'atPrefix' | 'fuzzyGet'>;

/** `fieldId:doc,doc*tf;fieldId:…` (doc ids delta-encoded, base 36) → postings. */
export function decodePostings(packed: string): Postings {
  const fields: Postings = new Map();
  for (const part of packed.split(';')) {
    const colon = part.indexOf(':');
    const docs = new Map<number, number>();
    let doc = 0;
    for (const entry of part.slice(colon + 1).split(',')) {
      const star = entry.indexOf('*');
      doc += parseInt(star < 0 ? entry : entry.slice(0, star), 36);
      docs.set(doc, star < 0 ? 1 : parseInt(entry.slice(star + 1), 36));
    }
    fields.set(Number(part.slice(0, colon)), docs);
  }
  return fields;
}

/** Postings decoded on first read. */
export function lazyPostings(packed: string): PostingsEntry {
  let decoded: Postings | undefined;
  return {
    get(fieldId: number) {
      decoded ??= decodePostings(packed);
      return decoded.get(fieldId);
    },
  };
}

/**
 * A MiniSearch holding documents 0..count-1 with their field lengths and no terms yet, and its
 * term tree to fill (`index.set(term, postings)`).
 */
export function emptyMiniSearch(
  count: number,
  averageFieldLength: number[],
  fieldLengthOf: (doc: number) => number[],
  cjk: CjkMode,
): { mini: MiniSearch<SearchDocument>; index: TermIndex } {
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  for (let i = 0; i < count; i++) {
    documentIds[i] = i;
    fieldLength[i] = fieldLengthOf(i);
  }
  const mini = MiniSearch.loadJS<SearchDocument>(
    {
      documentCount: count,
      nextId: count,
      documentIds,
      fieldIds: Object.fromEntries(SEARCH_FIELDS.map((f, i) => [f, i])),
      fieldLength,
      averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index: [],
      serializationVersion: 2,
    },
    miniSearchOptions(cjk),
  );
  const index = (mini as unknown as { _index?: TermIndex })._index;
  if (typeof index?.set !== 'function' || typeof index.atPrefix !== 'function') throw new Error('Search index: this MiniSearch version keeps its term index elsewhere');
  return { mini, index };
}
