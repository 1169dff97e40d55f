/**
 * How the index file stores what MiniSearch holds (../search-index.ts describes the result):
 * postings packed into one string per term, terms front-coded, field lengths as base-36 columns,
 * record types as one-character codes, and the split layout's parts. Written by the pipeline,
 * read by the browser's engine. Also the MiniSearch setup both sides must share, as a plain
 * object: the pipeline builds the index with it, the browser loads the index with it, and each
 * passes it to its own MiniSearch (this contract imports no engine).
 */
import { analyze, cjkSplitter } from './analyzer.ts';
import type { FileIndex, IndexedDoc, IndexedPage, PackedIndex, CjkMode, NameKindCode, RecordType, SearchIndexManifest, SplitPart } from '../search-index.ts';
import type { NameKind } from '../names.ts';
import { SEARCH_FIELDS, type SearchField } from './format.ts';

/** A packed index (terms sorted, see canonicalIndex) → its stored form. */
export function fileIndexOf(packed: PackedIndex): FileIndex {
  return {
    documentCount: packed.documentCount,
    averageFieldLength: packed.averageFieldLength,
    fieldLength: fieldColumns(packed.fieldLength),
    terms: frontCode(packed.terms),
    postings: packed.postings,
  };
}

/** The stored form → the packed index (throws on columns that do not match the document count). */
export function packedIndexOf(index: FileIndex): PackedIndex {
  const count = index.documentCount;
  const columns = index.fieldLength.map((column) => decodeColumn(column, count));
  return {
    documentCount: count,
    averageFieldLength: index.averageFieldLength,
    fieldLength: Array.from({ length: count }, (_, i) => columns.map((c) => c[i]!)),
    terms: frontDecode(index.terms),
    postings: index.postings,
  };
}

/** Per-document rows of field lengths → per-field columns (see SearchIndexManifest.fieldLength). */
export function fieldColumns(rows: readonly (readonly number[])[]): string[] {
  return SEARCH_FIELDS.map((_, f) => rows.map((row) => (row[f] ?? 0).toString(36)).join(','));
}

const TYPE_CODES: Record<RecordType, string> = { lvl1: '1', lvl2: '2', lvl3: '3', lvl4: '4', lvl5: '5', lvl6: '6', content: 'c' };
const TYPE_OF_CODE = new Map(Object.entries(TYPE_CODES).map(([type, code]) => [code, type as RecordType]));
export const typeCode = (type: RecordType): string => TYPE_CODES[type];
export function typeOfCode(code: string): RecordType {
  const type = TYPE_OF_CODE.get(code);
  if (!type) throw new Error(`Search index: unknown record type code ${JSON.stringify(code)}`);
  return type;
}

const NAME_KIND_CODES: Record<NameKind, NameKindCode> = { 'lib-option': 'l', 'rsbuild-option': 'r', export: 'e', type: 't', method: 'm', 'create-option': 'o', command: 'c', flag: 'f' };
/** A name's kind as the index stores it (IndexedDoc.k, SearchIndexManifest.names). */
export const nameKindCode = (kind: NameKind): NameKindCode => NAME_KIND_CODES[kind];
/** The manifest's code for a document that documents no name. */
export const NO_NAME_CODE = '-';
/** A code of the manifest's `names` column → the name kind code, null for none. */
export function nameKindOfCode(code: string): NameKindCode | null {
  if (code === NO_NAME_CODE) return null;
  if (!(Object.values(NAME_KIND_CODES) as string[]).includes(code)) throw new Error(`Search index: unknown name kind code ${JSON.stringify(code)}`);
  return code as NameKindCode;
}

/** Sorted terms → front-coded (see SearchIndexManifest.terms). */
export function frontCode(sorted: readonly string[]): string[] {
  let previous = '';
  return sorted.map((term) => {
    let shared = 0;
    while (shared < 35 && shared < term.length && shared < previous.length && term[shared] === previous[shared]) shared++;
    previous = term;
    return shared.toString(36) + term.slice(shared);
  });
}

export function frontDecode(coded: readonly string[]): string[] {
  let previous = '';
  return coded.map((entry) => {
    const shared = parseInt(entry[0] ?? '', 36);
    if (!(shared >= 0 && shared <= previous.length)) throw new Error(`Search index: bad front-coded term ${JSON.stringify(entry)}`);
    previous = previous.slice(0, shared) + entry.slice(1);
    return previous;
  });
}

/** A per-field column of field lengths (see SearchIndexManifest.fieldLength). */
export function decodeColumn(column: string, count: number): number[] {
  const values = column === '' ? [] : column.split(',').map((v) => parseInt(v, 36));
  if (values.length !== count || values.some((v) => !(v >= 0))) throw new Error('Search index: field length column does not match the document count');
  return values;
}

/** The part holding item `index` (a term or a document): the last part starting at or before it. */
export function partOf(parts: readonly SplitPart[], index: number): number {
  let lo = 0;
  let hi = parts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (parts[mid]!.first <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A term's documents and term frequencies per field id: MiniSearch's shape, and the patch's. */
export type Posting = Record<string, Record<string, number>>;

/** One field's part of a packed posting: its documents in ascending order, each with its term frequency. */
export function encodeField(fieldId: number | string, docs: readonly number[], counts: readonly number[]): string {
  let previous = 0;
  const entries = docs.map((doc, k) => {
    const tf = counts[k]!;
    const entry = (doc - previous).toString(36) + (tf === 1 ? '' : `*${tf.toString(36)}`);
    previous = doc;
    return entry;
  });
  return `${fieldId}:${entries.join(',')}`;
}

export function decodePosting(posting: string): Posting {
  const fields: Posting = {};
  for (const part of posting.split(';')) {
    const colon = part.indexOf(':');
    const docs: Record<string, number> = {};
    let doc = 0;
    for (const entry of part.slice(colon + 1).split(',')) {
      const star = entry.indexOf('*');
      doc += parseInt(star < 0 ? entry : entry.slice(0, star), 36);
      docs[doc] = star < 0 ? 1 : parseInt(entry.slice(star + 1), 36);
    }
    fields[part.slice(0, colon)] = docs;
  }
  return fields;
}

/** A section record as MiniSearch indexes it: its fields, already analyzed into text. */
export type SearchDocument = { id: number } & Record<SearchField, string>;

/** MiniSearch's options as both sides give them (assignable to minisearch's `Options<SearchDocument>`). */
export interface MiniSearchSetup {
  idField: 'id';
  fields: SearchField[];
  storeFields: SearchField[];
  tokenize(text: string, field?: string): string[];
  processTerm(term: string): string;
  autoVacuum: false;
}

/**
 * MiniSearch options that must be identical when building and loading the index. Documents are
 * already analyzed into fields; the tokenizer turns field text into terms and does all
 * normalization itself, so `processTerm` only passes terms through.
 */
export function miniSearchOptions(cjk: CjkMode): MiniSearchSetup {
  const splitter = cjkSplitter(cjk);
  return {
    idField: 'id',
    fields: [...SEARCH_FIELDS],
    storeFields: [],
    tokenize: (text: string, field?: string) => analyze(text, splitter, field),
    processTerm: (term: string) => term,
    autoVacuum: false,
  };
}

