/**
 * How the index file stores what MiniSearch holds (../search-index.ts describes the result):
 * postings packed into one string per term, terms front-coded, field lengths as columns of one character per document,
 * record types as one-character codes, and the split layout's parts. Written by the pipeline,
 * read by the browser's engine. Also the MiniSearch setup both sides must share, as a plain
 * object: the pipeline builds the index with it, the browser loads the index with it, and each
 * passes it to its own MiniSearch (this contract imports no engine).
 */
import { analyze, cjkSplitter } from './analyzer.ts';
import type { FileIndex, IndexedDoc, IndexedPage, PackedIndex, CjkMode, NameKindCode, RecordType, PartTable, SearchIndexManifest, SplitPart } from '../search-index.ts';
import type { NameKind } from '../names.ts';
import { PART_HASH_CHARS, SEARCH_FIELDS, TERM_SEPARATOR, type SearchField } from './format.ts';

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

/**
 * The digits of a field length column: the printable ASCII characters that JSON writes as they
 * are (no `"`, no `\\`), but `~`, which marks a longer value. One character per document: the
 * comma-separated base-36 numbers these replace were the largest item of a split index's
 * manifest, a third larger after gzip.
 */
const LENGTH_DIGITS = Array.from({ length: 0x7f - 0x20 }, (_, k) => String.fromCharCode(0x20 + k))
  .filter((c) => c !== '"' && c !== '\\' && c !== '~')
  .join('');
/** Character code → its digit, -1 for none (a table: a column holds a character per document). */
const DIGIT_OF_CODE: Readonly<Int8Array> = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let k = 0; k < LENGTH_DIGITS.length; k++) table[LENGTH_DIGITS.charCodeAt(k)] = k;
  return table;
})();
const LONG_LENGTH = '~';

/** The value of a base-36 digit (`0`-`9`, `a`-`z`) by its character code, -1 for any other character. */
export function base36Digit(code: number): number {
  return code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 122 ? code - 87 : -1;
}

/**
 * Lengths below this are stored exactly (every heading, group and description, most sections'
 * code); longer ones by their step of a scale that grows an eighth a step, as Lucene keeps its
 * field norms: BM25 weighs a term by the length of its field against the average, which the
 * middle of a step gives to within a sixteenth. No reader query's first hit moved (from 16 on,
 * two Chinese ones did); at 10,000 pages per language exact lengths took 13 KB more of the
 * manifest a reader fetches first.
 */
const EXACT_LENGTHS = 32;
/** The most steps a column may name: past any field length (the 250th starts above 10^12). */
const MAX_STEPS = 250;
/**
 * The first length of each step, grown with integer arithmetic so that every JavaScript engine
 * decodes the same lengths (Math.pow may differ in the last bit between browsers).
 */
const STEP_STARTS: readonly number[] = (() => {
  const starts: number[] = [];
  for (let step = 0, start = 0; step <= MAX_STEPS; step++) {
    starts.push(start);
    start = step < EXACT_LENGTHS ? step + 1 : start + Math.max(1, Math.floor(start / 8));
  }
  return starts;
})();
/** The length a step stands for: the middle of its range. */
const stepLength = (step: number): number => (step < EXACT_LENGTHS ? step : Math.floor((STEP_STARTS[step]! + STEP_STARTS[step + 1]! - 1) / 2));
/** The step holding a length: the last whose first length is at most it. */
function stepOf(length: number): number {
  if (length < EXACT_LENGTHS) return length;
  let lo = EXACT_LENGTHS;
  let hi = MAX_STEPS - 1;
  if (length >= STEP_STARTS[hi]!) throw new Error(`Search index: a field of ${length} terms is past the length scale`);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (STEP_STARTS[mid]! <= length) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Per-document rows of field lengths → per-field columns (see SearchIndexManifest.fieldLength):
 * each length's step (stepOf) as one character of LENGTH_DIGITS, a step from 92 on (a field of
 * 33,910 terms or more) as `~`, base 36, `~`. Decoded, a length is its step's (decodeColumn), in
 * the unsplit and the split layout alike.
 */
export function fieldColumns(rows: readonly (readonly number[])[]): string[] {
  // A table lookup per length: a column has a row per document, hundreds of thousands at 10,000 pages.
  return SEARCH_FIELDS.map((_, f) => {
    const digits = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) digits[i] = STEP_DIGITS[stepOf(rows[i]![f] ?? 0)]!;
    return digits.join('');
  });
}

/** Each step's characters in a column: its digit, or from the 92nd step on `~`, base 36, `~`. */
const STEP_DIGITS: readonly string[] = Array.from({ length: MAX_STEPS }, (_, step) => (step < LENGTH_DIGITS.length ? LENGTH_DIGITS[step]! : `${LONG_LENGTH}${step.toString(36)}${LONG_LENGTH}`));

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

/**
 * Sorted terms → front-coded, one string (see SearchIndexManifest.terms): for each, one base-36
 * digit of characters shared with the term before, the rest, and a space between terms.
 */
export function frontCode(sorted: readonly string[]): string {
  const entries = new Array<string>(sorted.length);
  let previous = '';
  for (let t = 0; t < sorted.length; t++) {
    const term = sorted[t]!;
    if (term === '' || term.includes(TERM_SEPARATOR)) throw new Error(`Search index: the term ${JSON.stringify(term)} cannot be stored`);
    let shared = 0;
    while (shared < 35 && shared < term.length && shared < previous.length && term.charCodeAt(shared) === previous.charCodeAt(shared)) shared++;
    previous = term;
    entries[t] = shared.toString(36) + term.slice(shared);
  }
  return entries.join(TERM_SEPARATOR);
}

export function frontDecode(coded: string): string[] {
  if (coded === '') return [];
  let previous = '';
  return coded.split(TERM_SEPARATOR).map((entry) => {
    // The shared length's digit read by its code (a large site has hundreds of thousands of terms).
    const shared = base36Digit(entry.charCodeAt(0));
    if (!(shared >= 0 && shared <= previous.length) || entry.length < 2) throw new Error(`Search index: bad front-coded term ${JSON.stringify(entry)}`);
    previous = previous.slice(0, shared) + entry.slice(1);
    return previous;
  });
}

/**
 * Columns (see fieldColumns) with documents `first` … `end` - 1 replaced by those `replacement`
 * holds (columns of as many documents): one page's edit, without coding every document again.
 */
export function spliceColumns(columns: readonly string[], first: number, end: number, replacement: readonly string[]): string[] {
  return columns.map((column, f) => {
    const from = columnOffset(column, 0, first);
    return column.slice(0, from) + replacement[f]! + column.slice(columnOffset(column, from, end - first));
  });
}

/** Where in a column the document `count` documents after the one at character `at` starts. */
function columnOffset(column: string, at: number, count: number): number {
  for (let d = 0; d < count; d++) {
    if (at >= column.length) throw new Error(`Search index: a field length column holds fewer documents than ${count} past character ${at}`);
    at = column[at] === LONG_LENGTH ? column.indexOf(LONG_LENGTH, at + 1) + 1 : at + 1;
    if (at === 0) throw new Error('Search index: a field length column has an unclosed long length');
  }
  return at;
}

/** A per-field column of field lengths (see fieldColumns): each document's step's length. */
export function decodeColumn(column: string, count: number): Float64Array {
  const unreadable = (at: number) => new Error(`Search index: field length column unreadable at character ${at} (${JSON.stringify(column.slice(at, at + 8))})`);
  const tooMany = () => new Error(`Search index: a field length column holds more than ${count} documents`);
  // A typed column, not a list grown a document at a time: a large site's manifest has seven of 85,000.
  const values = new Float64Array(count);
  let n = 0;
  for (let i = 0; i < column.length; i++) {
    const digit = DIGIT_OF_CODE[column.charCodeAt(i)] ?? -1;
    if (n === count && (digit >= 0 || column[i] === LONG_LENGTH)) throw tooMany();
    if (digit >= 0) values[n++] = stepLength(digit);
    else if (column[i] === LONG_LENGTH) {
      const end = column.indexOf(LONG_LENGTH, i + 1);
      const step = end > i + 1 ? parseInt(column.slice(i + 1, end), 36) : NaN;
      if (!(step >= LENGTH_DIGITS.length && step < MAX_STEPS)) throw unreadable(i);
      values[n++] = stepLength(step);
      i = end;
    } else throw unreadable(i);
  }
  if (n !== count) throw new Error(`Search index: a field length column holds ${n} documents, not ${count}`);
  return values;
}

/** The kind of part a table lists, as its files are named: posting parts, record parts. */
export type PartKind = 'p' | 'r';

/** A part's file (relative to search/): the language, the kind of part, a hash of its content. */
export const partFile = (lang: 'en' | 'zh', kind: PartKind, hash: string): string => `${lang}/${kind}-${hash}.json`;

/** A split index's parts of one kind → the manifest's table of them (see PartTable). */
export function partTable(lang: 'en' | 'zh', kind: PartKind, parts: readonly SplitPart[]): PartTable {
  let previous = 0;
  const firsts = parts.map(({ first }, k) => {
    const value = k === 0 ? first : first - previous;
    previous = first;
    return value.toString(36);
  });
  const hashes = parts.map(({ file }) => {
    const hash = file.slice(`${lang}/${kind}-`.length, -'.json'.length);
    if (partFile(lang, kind, hash) !== file || hash.length !== PART_HASH_CHARS || !/^[0-9a-f]+$/.test(hash)) throw new Error(`Search index: ${file} is not the name of a ${kind} part of ${lang}`);
    return hash;
  });
  return { hashes: hashes.join(''), firsts: firsts.join(',') };
}

/** A manifest's table of parts of one kind → the parts, in order (throws when the firsts do not ascend). */
export function partsOf(lang: 'en' | 'zh', kind: PartKind, table: PartTable): SplitPart[] {
  const firsts = table.firsts === '' ? [] : table.firsts.split(',');
  if (firsts.length * PART_HASH_CHARS !== table.hashes.length) throw new Error(`Search index: the ${kind} table's hashes and firsts differ in length`);
  let first = 0;
  return firsts.map((value, k) => {
    const step = parseInt(value, 36);
    if (!(step >= 0) || (k > 0 && step === 0)) throw new Error(`Search index: the ${kind} table's parts do not ascend`);
    first = k === 0 ? step : first + step;
    return { file: partFile(lang, kind, table.hashes.slice(k * PART_HASH_CHARS, (k + 1) * PART_HASH_CHARS)), first };
  });
}

/** A manifest's posting parts and record parts (see partsOf). */
export function manifestParts(manifest: Pick<SearchIndexManifest, 'lang' | 'postings' | 'records'>): { postings: SplitPart[]; records: SplitPart[] } {
  return { postings: partsOf(manifest.lang, 'p', manifest.postings), records: partsOf(manifest.lang, 'r', manifest.records) };
}

/** Every part file a manifest names (relative to search/): its posting parts, then its record parts. */
export function partFiles(manifest: Pick<SearchIndexManifest, 'lang' | 'postings' | 'records'>): string[] {
  const { postings, records } = manifestParts(manifest);
  return [...postings, ...records].map((part) => part.file);
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

