/**
 * The postings of the terms searches reach (field id → the documents holding the term in that
 * field, and its frequency in each), decoded from the packed index (schemas/search-index.ts:
 * `fieldId:doc,doc*tf;fieldId:…`, document ids delta-encoded in base 36) when a search first
 * reads them, into columns shared by every term: the scorer (scorer.ts) reads a term's fields and
 * documents as runs of a few typed arrays. A posting takes 4 bytes, and 4 more where some
 * frequency in its field is not 1: at 10,000 pages per language, a few keystrokes' prefixes (`f`,
 * `fo`) reach terms with millions of postings between them, which as MiniSearch's Maps (about 80
 * bytes a posting) filled a 4 GiB heap. And a one-letter prefix reaches a hundred thousand terms
 * (`b` at 10,000 pages per language), most in one document: with a few objects of its own for
 * each term (its fields, each field's arrays), reading them, scattered over the heap, was most of
 * that keystroke's time (17 ms of 18).
 */
import { base36Digit } from '../../../schemas/search-format/codec.ts';
import { IntList } from './found.ts';

const COMMA = 44;
const STAR = 42;

/** Numbers per field entry of PostingStore.entries. */
export const ENTRY = 4;

/**
 * Decoded postings by term position. `textAt(position)` gives a term's packed postings, or
 * undefined while they are not there (a split index's part that has not arrived): such a term
 * is decoded once they are.
 *
 * A decoded term has `fieldCount[position]` field entries from `open(position)`, in field id
 * order, each ENTRY numbers of `entries.data`: the field id, the run of its documents in
 * `docs.data` ([from, to), ascending), and where their frequencies start in `freqs.data` (-1:
 * every frequency is 1).
 */
export class PostingStore {
  readonly entries = new IntList(1024);
  readonly docs = new IntList(4096);
  readonly freqs = new IntList(256);
  /** Each term's first field entry, -1 until it is decoded. */
  private readonly first: Int32Array;
  readonly fieldCount: Uint8Array;

  constructor(
    termCount: number,
    private readonly textAt: (position: number) => string | undefined,
  ) {
    this.first = new Int32Array(termCount).fill(-1);
    this.fieldCount = new Uint8Array(termCount);
  }

  /** The first field entry of the term at `position` (decoded now if it was not), -1 where its postings are not there. */
  open(position: number): number {
    const first = this.first[position]!;
    if (first >= 0) return first;
    const packed = this.textAt(position);
    if (packed === undefined) return -1;
    const at = this.entries.length / ENTRY;
    this.fieldCount[position] = this.decode(packed);
    this.first[position] = at;
    return at;
  }

  /** Appends the fields of `packed` to the columns (in field id order); returns how many. */
  private decode(packed: string): number {
    const { entries, docs, freqs } = this;
    const start = entries.length;
    let fields = 0;
    let begin = 0;
    while (begin < packed.length) {
      const colon = packed.indexOf(':', begin);
      const semicolon = packed.indexOf(';', colon);
      const end = semicolon < 0 ? packed.length : semicolon;
      let weighted = false;
      for (let i = colon + 1; i < end && !weighted; i++) weighted = packed.charCodeAt(i) === STAR;
      let field = 0;
      for (let i = begin; i < colon; i++) field = field * 10 + packed.charCodeAt(i) - 48;
      entries.push(field);
      entries.push(docs.length);
      let doc = 0;
      let value = 0;
      let inFreq = false;
      for (let i = colon + 1; i <= end; i++) {
        const code = i < end ? packed.charCodeAt(i) : COMMA;
        if (code === COMMA) {
          // A document's delta, or after `*` its frequency (the delta came before it).
          if (inFreq) freqs.data[freqs.length - 1] = value;
          else {
            doc += value;
            docs.push(doc);
            if (weighted) freqs.push(1);
          }
          value = 0;
          inFreq = false;
        } else if (code === STAR) {
          doc += value;
          docs.push(doc);
          freqs.push(1);
          value = 0;
          inFreq = true;
        } else value = value * 36 + base36Digit(code);
      }
      const count = docs.length - entries.data[entries.length - 1]!;
      entries.push(docs.length);
      entries.push(weighted ? freqs.length - count : -1);
      fields++;
      begin = end + 1;
    }
    sortEntries(entries.data, start, fields);
    return fields;
  }
}

/** Field entries [start, start + count × ENTRY) in field id order (the index writes them so; a few at most: insertion). */
function sortEntries(data: Int32Array, start: number, count: number): void {
  for (let k = 1; k < count; k++) {
    for (let j = k; j > 0 && data[start + j * ENTRY]! < data[start + (j - 1) * ENTRY]!; j--) {
      for (let n = 0; n < ENTRY; n++) {
        const a = start + j * ENTRY + n;
        const b = a - ENTRY;
        const swap = data[a]!;
        data[a] = data[b]!;
        data[b] = swap;
      }
    }
  }
}
