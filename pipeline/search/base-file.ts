/**
 * The search base as its cache file holds it (.cache/pipeline/search-base-<lang>.v8): V8's
 * serialization of the base with its bulk in a few large values rather than hundreds of
 * thousands of small ones. At 10,000 pages a language, the field lengths were 85,544 arrays of
 * seven numbers and the terms and postings 230,964 strings each: V8 took 112 ms to read the
 * file back and 70 ms to write it, in every one-page edit. As one column of numbers and two
 * strings, it reads in about 35 ms and writes in about 35.
 */
import { deserialize, serialize } from 'node:v8';
import { SEARCH_FIELDS } from '../../schemas/search-format/format.ts';
import type { SearchIndexBase } from './index-patch.ts';

/**
 * Between terms and between postings: neither a term (the analyzer's words have no control
 * characters) nor a posting (digits and punctuation) holds it. Were one to, the counts would not
 * match as the file is read, and the base would be taken as absent (the index analyzed anew).
 */
const SEPARATOR = '\0';

interface BaseFile extends Omit<SearchIndexBase, 'index'> {
  index: Omit<SearchIndexBase['index'], 'fieldLength' | 'terms' | 'postings'> & {
    /** Every document's field lengths in one column, SEARCH_FIELDS.length a document. */
    fieldLength: Int32Array;
    termCount: number;
    terms: string;
    postings: string;
  };
}

export function encodeSearchBase(base: SearchIndexBase): Buffer {
  const { fieldLength, terms, postings, ...index } = base.index;
  const fields = SEARCH_FIELDS.length;
  const column = new Int32Array(fieldLength.length * fields);
  for (let doc = 0; doc < fieldLength.length; doc++) {
    const lengths = fieldLength[doc]!;
    if (lengths.length !== fields) throw new Error(`Search base: document ${doc} has ${lengths.length} field lengths, not ${fields}`);
    column.set(lengths, doc * fields);
  }
  const file: BaseFile = { ...base, index: { ...index, fieldLength: column, termCount: terms.length, terms: terms.join(SEPARATOR), postings: postings.join(SEPARATOR) } };
  return serialize(file);
}

/** The base `bytes` hold; null when they are not a base this code wrote (the index is then analyzed anew). */
export function decodeSearchBase(bytes: Buffer): SearchIndexBase | null {
  const file = deserialize(bytes) as BaseFile;
  const { fieldLength: column, termCount, terms: joinedTerms, postings: joinedPostings, ...index } = file.index ?? {};
  if (!(column instanceof Int32Array) || typeof joinedTerms !== 'string' || typeof joinedPostings !== 'string') return null;
  const fields = SEARCH_FIELDS.length;
  const terms = termCount === 0 ? [] : joinedTerms.split(SEPARATOR);
  const postings = termCount === 0 ? [] : joinedPostings.split(SEPARATOR);
  if (terms.length !== termCount || postings.length !== termCount || column.length % fields !== 0) return null;
  // Rows pushed a number at a time: Array.from of each row's subarray took 33 ms at 85,544 documents, this 13.
  const fieldLength: number[][] = new Array(column.length / fields);
  for (let doc = 0, at = 0; doc < fieldLength.length; doc++) {
    const row: number[] = [];
    for (const end = at + fields; at < end; at++) row.push(column[at]!);
    fieldLength[doc] = row;
  }
  return { ...file, index: { ...index, fieldLength, terms, postings } };
}
