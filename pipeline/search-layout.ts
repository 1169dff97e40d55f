/**
 * Build stage: a language's index file → the files it is published as in dist-data/:
 * `search/<lang>.json`, and past a size threshold a manifest there and the parts of the split
 * layout under `search/<lang>/`. Pure: the emit stage writes what this returns.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { searchDataPath } from '../schemas/paths.ts';
import type { SearchRecord } from '../schemas/search.ts';
import { frontCode, SEARCH_FIELDS, SearchIndexManifest, typeCode, type IndexedDoc, type IndexedPage, type SearchIndexFile } from '../schemas/search-index.ts';
import { buildSearchIndexFile, type SearchFileMemo, type SearchIndexOptions } from './search-index.ts';

export interface SearchLayoutOptions {
  /**
   * Split the index when its single file is larger than this many bytes gzip (default
   * SPLIT_ABOVE_GZIP; 0 always splits, Infinity never).
   */
  splitAbove?: number;
  /** Target raw size of a posting part and of a record part, in bytes. */
  postingPartBytes?: number;
  recordPartBytes?: number;
}

/**
 * Past this size (gzip) a language's index is split (issue 7: the first query of a reader must
 * download no more than 300 KB gzip). This site's own index is far below it.
 */
export const SPLIT_ABOVE_GZIP = 250 * 1024;
/**
 * Part sizes, raw. A query's prefixes reach one or two posting parts; the 20 hits shown reach at
 * most 20 record parts, so record parts are small (tests/bench/search.bench.ts measures both).
 */
export const POSTING_PART_BYTES = 64 * 1024;
export const RECORD_PART_BYTES = 12 * 1024;

/**
 * The files of a language's search index: path relative to dist-data/ → JSON value. One file
 * (`search/<lang>.json`, a SearchIndexFile) up to the size threshold, else a manifest there and
 * its parts under `search/<lang>/` (see splitSearchIndex).
 */
export function buildSearchIndex(lang: 'en' | 'zh', records: SearchRecord[], options: SearchIndexOptions & SearchLayoutOptions = {}): Map<string, unknown> {
  return layoutSearchIndex(buildSearchIndexFile(lang, records, options), options);
}

/** An index file → the files it is published as: itself, or past the threshold a manifest and parts. */
export function layoutSearchIndex(file: SearchIndexFile, options: SearchLayoutOptions = {}, memo?: SearchLayoutMemo): Map<string, unknown> {
  const splitAbove = options.splitAbove ?? SPLIT_ABOVE_GZIP;
  const single = () => new Map<string, unknown>([[searchDataPath(file.lang), file]]);
  if (splitAbove === Infinity) return single();
  if (splitAbove > 0 && !surelyLarger(file, splitAbove)) return single();
  const { manifest, parts } = splitSearchIndex(file, options, memo);
  const files = new Map<string, unknown>([[searchDataPath(file.lang), manifest]]);
  for (const [name, part] of parts) files.set(`search/${name}`, part);
  return files;
}

/**
 * Whether the index is larger than `bytes` gzip. A quick gzip is enough to compare with a
 * threshold (level 9 gains a few percent); far above it, the raw size says so without gzipping
 * megabytes on every rebuild: JSON this varied does not compress 30 times.
 */
function surelyLarger(file: SearchIndexFile, bytes: number): boolean {
  let length = 0;
  for (const posting of file.index.postings) length += posting.length + 3;
  for (const term of file.index.terms) length += term.length + 3;
  for (const doc of file.docs) length += docBytes(doc);
  if (length > bytes * 30) return true; // far above: no need to serialize it to know
  const json = JSON.stringify(file);
  return json.length > bytes * 30 || gzipSync(json, { level: 1 }).length > bytes;
}

/**
 * The unsplit index → a manifest and its parts (name relative to search/ → JSON value).
 * Posting parts hold ranges of the sorted term dictionary, record parts ranges of documents cut
 * at page boundaries. Part names are a hash of their content, so a reader holding an older
 * manifest never combines it with newer parts, and a part an edit did not touch keeps its file.
 *
 * Where a part ends is decided by its content (see cutsAt): a few bytes more in one posting or
 * one page move the cuts around it only, not those of every part after it, so an edit rewrites
 * a few parts. With a `memo` (a caller that lays out the same language again and again), a
 * part whose members are the very values the previous layout had keeps its name unhashed.
 */
export function splitSearchIndex(file: SearchIndexFile, options: SearchLayoutOptions = {}, memo?: SearchLayoutMemo): { manifest: SearchIndexManifest; parts: Map<string, unknown> } {
  const postingBytes = options.postingPartBytes ?? POSTING_PART_BYTES;
  const recordBytes = options.recordPartBytes ?? RECORD_PART_BYTES;
  const { lang } = file;
  const parts = new Map<string, unknown>();
  const previous = memo?.parts ?? new Map<unknown, MemoPart>();
  const next = new Map<unknown, MemoPart>();
  /** The part holding `members` (compared by identity with the previous layout's), made by `json`. */
  const part = (kind: 'p' | 'r', members: readonly unknown[], json: () => unknown) => {
    const known = previous.get(members[0]);
    const same = known && sameMembers(known.members, members) ? known : null;
    const value = same ? same.value : json();
    const name = same ? same.file : `${lang}/${kind}-${createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 10)}.json`;
    next.set(members[0], { members, file: name, value });
    parts.set(name, value);
    return name;
  };

  // Terms in code-unit order, so that the terms of a prefix are one contiguous run.
  const order = file.index.terms.map((_, t) => t).sort((a, b) => (file.index.terms[a]! < file.index.terms[b]! ? -1 : 1));
  const terms = order.map((t) => file.index.terms[t]!);
  const sortedPostings = order.map((t) => file.index.postings[t]!);
  const postings: SearchIndexManifest['postings'] = [];
  const termCuts = cutsAt(terms.length, postingBytes, (t) => sortedPostings[t]!.length + 3, (t) => terms[t]!);
  for (let k = 0, start = 0; k < termCuts.length; start = termCuts[k++]!) {
    const members = sortedPostings.slice(start, termCuts[k]);
    postings.push({ file: part('p', members, () => ({ postings: members })), first: start });
  }

  // Record parts hold whole pages: a part's page table then covers exactly its documents.
  const docs = file.docs;
  const pageStarts: number[] = [];
  for (let d = 0; d < docs.length; d++) if (d === 0 || docs[d]!.p !== docs[d - 1]!.p) pageStarts.push(d);
  const pageBytes = (i: number) => {
    let bytes = 0;
    for (let d = pageStarts[i]!, end = pageStarts[i + 1] ?? docs.length; d < end; d++) bytes += docBytes(docs[d]!);
    return bytes;
  };
  const pageCuts = cutsAt(pageStarts.length, recordBytes, pageBytes, (i) => file.pages[docs[pageStarts[i]!]!.p]!.u);
  const records: SearchIndexManifest['records'] = [];
  for (let k = 0, startPage = 0; k < pageCuts.length; startPage = pageCuts[k++]!) {
    const start = pageStarts[startPage]!;
    const end = pageStarts[pageCuts[k]!] ?? docs.length;
    const members = docs.slice(start, end);
    const json = () => {
      const local = new Map<number, number>();
      const pages: IndexedPage[] = [];
      const partDocs = members.map((doc) => {
        let p = local.get(doc.p);
        if (p === undefined) {
          p = pages.length;
          local.set(doc.p, p);
          pages.push(file.pages[doc.p]!);
        }
        return { ...doc, p };
      });
      return { pages, docs: partDocs };
    };
    // A document's page is part of the part: the page objects are members too.
    records.push({ file: part('r', [...members, ...new Set(members.map((doc) => file.pages[doc.p]))], json), first: start });
  }
  if (memo) memo.parts = next;

  const count = file.index.documentCount;
  const manifest = SearchIndexManifest.parse({
    schemaVersion: 1,
    layout: 'split',
    engine: file.engine,
    analyzer: file.analyzer,
    lang,
    cjk: file.cjk,
    contentLimit: file.contentLimit,
    common: file.common,
    groups: [...new Set(file.pages.map((p) => p.g).filter((g): g is string => !!g))],
    documentCount: count,
    averageFieldLength: file.index.averageFieldLength,
    fieldLength: SEARCH_FIELDS.map((_, f) => file.index.fieldLength.map((lengths) => (lengths[f] ?? 0).toString(36)).join(',')),
    types: docs.map((doc) => typeCode(doc.y)).join(''),
    terms: frontCode(terms),
    postings,
    records,
  });
  return { manifest, parts };
}

/** A part of the previous layout: what it held, and its file. */
interface MemoPart {
  members: readonly unknown[];
  file: string;
  value: unknown;
}

function sameMembers(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** About the length of a document's JSON in a record part (what cutting needs, without serializing). */
function docBytes(doc: IndexedDoc): number {
  let bytes = 40 + doc.a.length + (doc.c?.length ?? 0) + (doc.o?.length ?? 0);
  for (const heading of doc.h) bytes += 3 + (heading?.length ?? 4);
  return bytes;
}

/**
 * Where parts of `count` items end (exclusive ends, the last one `count`), about `target` bytes
 * each. Cuts are content-defined: past half the target, an item ends a part when a hash of its
 * key falls under its share of the other half, so parts average the target and an item's cut
 * depends on the items just before it, not on where the first part began. Past twice the
 * target a part ends regardless.
 */
function cutsAt(count: number, target: number, bytesOf: (i: number) => number, keyOf: (i: number) => string): number[] {
  const cuts: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const size = bytesOf(i);
    bytes += size;
    const last = i === count - 1;
    if (last || bytes >= 2 * target || (bytes >= target / 2 && stringHash(keyOf(i)) / 2 ** 32 < size / (target / 2))) {
      cuts.push(i + 1);
      bytes = 0;
    }
  }
  return cuts;
}

/** FNV-1a over UTF-16 code units: a cheap, stable hash of a short key. */
function stringHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** What a caller that lays out one language's index again and again keeps: the last layout's parts. */
export interface SearchLayoutMemo {
  parts: Map<unknown, MemoPart>;
}

/** Everything a dev session keeps to build one language's index again (see searchIndexFileOf, layoutSearchIndex). */
export type SearchIndexMemo = SearchFileMemo & SearchLayoutMemo;

export const emptySearchIndexMemo = (): SearchIndexMemo => ({ docs: new WeakMap(), fieldLengths: new WeakSet(), parts: new Map() });
