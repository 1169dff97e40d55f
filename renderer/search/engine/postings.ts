/**
 * A term's postings (field id → the documents holding the term in that field, and its frequency
 * in each), decoded from the packed index (schemas/search-index.ts: `fieldId:doc,doc*tf;fieldId:…`,
 * document ids delta-encoded in base 36) into typed arrays, which the scorer (scorer.ts) reads in
 * order. A posting takes 4 bytes, and 4 more where some frequency is not 1: at 10,000 pages per
 * language, a few keystrokes' prefixes (`f`, `fo`) reach terms with millions of postings between
 * them, which as MiniSearch's Maps (about 80 bytes a posting) filled a 4 GiB heap.
 */
import { base36Digit } from '../../../schemas/search-format/codec.ts';

/** One field's postings of a term. */
export class FieldPostings {
  readonly size: number;

  constructor(
    /** The field's id (its position in SEARCH_FIELDS). */
    readonly field: number,
    /** The documents, ascending. */
    readonly docs: Uint32Array,
    /** Each document's term frequency, or null where every one is 1. */
    readonly freqs: Uint32Array | null,
  ) {
    this.size = docs.length;
  }
}

/** A term's postings: field id → its postings in that field. */
export type Postings = Map<number, FieldPostings>;
/**
 * What searching reads of a term's entry: a field's postings, and where it can say so, the fields
 * the term is in, by field id (a prefix of one letter reaches a hundred thousand terms on a large
 * site, most of them in one or two fields of seven).
 */
export type PostingsEntry = Pick<Postings, 'get'> & { inFields?(): readonly FieldPostings[] };

const COMMA = 44;
const STAR = 42;

/** `fieldId:doc,doc*tf;fieldId:…` (doc ids delta-encoded, base 36) → postings. */
export function decodePostings(packed: string): Postings {
  const fields: Postings = new Map();
  let start = 0;
  while (start < packed.length) {
    const colon = packed.indexOf(':', start);
    const semicolon = packed.indexOf(';', colon);
    const end = semicolon < 0 ? packed.length : semicolon;
    let count = 1;
    let weighted = false;
    for (let i = colon + 1; i < end; i++) {
      const code = packed.charCodeAt(i);
      if (code === COMMA) count++;
      else if (code === STAR) weighted = true;
    }
    const docs = new Uint32Array(count);
    const freqs = weighted ? new Uint32Array(count).fill(1) : null;
    let doc = 0;
    let k = 0;
    let value = 0;
    let inFreq = false;
    for (let i = colon + 1; i <= end; i++) {
      const code = i < end ? packed.charCodeAt(i) : COMMA;
      if (code === COMMA) {
        // A document's delta, or after `*` its frequency (the delta came before it).
        if (inFreq) freqs![k] = value;
        else doc += value;
        docs[k++] = doc;
        value = 0;
        inFreq = false;
      } else if (code === STAR) {
        doc += value;
        value = 0;
        inFreq = true;
      } else value = value * 36 + base36Digit(code);
    }
    const field = Number(packed.slice(start, colon));
    fields.set(field, new FieldPostings(field, docs, freqs));
    start = end + 1;
  }
  return fields;
}

/**
 * Postings decoded on first read, by field id in an array and as the list of the fields the term
 * is in: a one-letter prefix of a large site reaches a hundred thousand terms, most in one field.
 */
export function lazyPostings(packed: string): PostingsEntry {
  let byField: Array<FieldPostings | undefined> | undefined;
  let inFields: FieldPostings[] | undefined;
  const decoded = () => {
    if (!byField) {
      byField = [];
      inFields = [...decodePostings(packed).values()].sort((a, b) => a.field - b.field);
      for (const postings of inFields) byField[postings.field] = postings;
    }
    return byField;
  };
  return {
    get: (fieldId: number) => decoded()[fieldId],
    inFields() {
      decoded();
      return inFields!;
    },
  };
}
