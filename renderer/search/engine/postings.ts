/**
 * A term's postings as MiniSearch reads them (field id → document id → term frequency), decoded
 * from the packed index (schemas/search-index.ts: `fieldId:doc,doc*tf;fieldId:…`, document ids
 * delta-encoded in base 36) into typed arrays rather than Maps. MiniSearch reads a field's
 * postings only as `size`, its documents in order (`keys()`), and the frequency of the document
 * it has just read (`get`). A Map took about 80 bytes a posting; at 10,000 pages per language,
 * a few keystrokes' prefixes (`f`, `fo`) reach terms with millions of postings between them,
 * which as Maps filled a 4 GiB heap. Here a posting takes 4 bytes, and 4 more where some
 * frequency is not 1.
 */

/** One field's postings of a term, as a read-only Map of document id → term frequency for MiniSearch. */
export class FieldPostings {
  readonly size: number;
  /** Where the last document `get` was asked about is: MiniSearch asks about each in turn, as `keys()` gives them. */
  private at = 0;

  constructor(
    private readonly docs: Uint32Array,
    private readonly freqs: Uint32Array | null,
  ) {
    this.size = docs.length;
  }

  keys(): IterableIterator<number> {
    this.at = 0;
    return this.docs.values();
  }

  get(doc: number): number | undefined {
    const { docs } = this;
    let i = this.at;
    // Asked in the order `keys()` gave the documents: the next one is at or after the last.
    if (docs[i] !== doc) {
      if (i < docs.length && docs[i]! < doc) while (i < docs.length && docs[i]! < doc) i++;
      else i = lowerBound(docs, doc);
      if (docs[i] !== doc) return undefined;
      this.at = i;
    }
    return this.freqs ? this.freqs[i] : 1;
  }
}

/** The first position whose document is not below `doc`. */
function lowerBound(docs: Uint32Array, doc: number): number {
  let lo = 0;
  let hi = docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (docs[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A term's postings: field id → its postings in that field. */
export type Postings = Map<number, FieldPostings>;
/** What searching reads of a term's entry. */
export type PostingsEntry = Pick<Postings, 'get'>;

const COMMA = 44;
const STAR = 42;

/** The value of a base-36 digit's character code. */
function digit(code: number): number {
  return code <= 57 ? code - 48 : code - 87;
}

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
      } else value = value * 36 + digit(code);
    }
    fields.set(Number(packed.slice(start, colon)), new FieldPostings(docs, freqs));
    start = end + 1;
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
