/**
 * Build stage: a language's index file → the files it is published as in dist-data/:
 * `search/<lang>.json`, and past a size threshold a manifest there and the parts of the split
 * layout under `search/<lang>/`. Pure: the emit stage writes what this returns.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { searchDataPath } from '../../schemas/paths.ts';
import type { SearchRecord } from '../../schemas/search.ts';
import type { z } from 'zod';
import { PostingPartFile, RecordPartFile, SearchIndexFile, SearchIndexManifest, type IndexedDoc, type IndexedPage, type PackedIndex, type SplitPart } from '../../schemas/search-index.ts';
import { INDEX_SCHEMA_VERSION, PART_HASH_CHARS } from '../../schemas/search-format/format.ts';
import { fieldColumns, frontCode, manifestParts, spliceColumns, NO_NAME_CODE, packedIndexOf, partFile, partFiles, partOf, partTable, typeCode, type PartKind } from '../../schemas/search-format/codec.ts';
import { commonTerms, publishedIndex } from './common-terms.ts';
import { buildSearchIndexFile, sortedTerms, type SearchFileMemo, type SearchIndexOptions } from './index.ts';

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
 * Part sizes, raw. A query fetches the parts holding the terms it reaches, whole: a prefix of
 * one digit reaches thousands of terms at 10,000 pages, and parts of 64 KB fetched twice what
 * those terms' postings take. The 20 hits shown reach up to 20 record parts, each fetched for
 * one record. Smaller parts make the manifest's tables longer (about 6 bytes gzip a part);
 * tests/bench/search.bench.ts measures both at 1,000 and 10,000 pages per language.
 */
export const POSTING_PART_BYTES = 8 * 1024;
export const RECORD_PART_BYTES = 4 * 1024;

/**
 * The files of a language's search index: path relative to dist-data/ → JSON value. One file
 * (`search/<lang>.json`, a SearchIndexFile) up to the size threshold, else a manifest there and
 * its parts under `search/<lang>/` (see splitSearchIndex).
 */
export function buildSearchIndex(lang: 'en' | 'zh', records: SearchRecord[], options: SearchIndexOptions & SearchLayoutOptions = {}): Map<string, unknown> {
  return layoutSearchIndex(buildSearchIndexFile(lang, records, options), options);
}

/** An index file → the files it is published as: itself, or past the threshold a manifest and parts. */
export function layoutSearchIndex(file: SearchIndexFile, options: SearchLayoutOptions = {}, memo?: SearchLayoutMemo & Pick<SearchFileMemo, 'encoded'>): Map<string, unknown> {
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
  // The front-coded dictionary is one string: its length is a floor of its JSON.
  length += file.index.terms.length;
  // Far above: no need to serialize it to know. The documents count by their UTF-16 length, at
  // most their UTF-8 size, so the sum stays a floor (measuring each one's UTF-8 bytes took 30 ms
  // of a dev rebuild at 10,000 pages per language).
  for (const doc of file.docs) length += docChars(doc);
  if (length > bytes * 30) return true;
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
export function splitSearchIndex(file: SearchIndexFile, options: SearchLayoutOptions = {}, memo?: SearchLayoutMemo & Pick<SearchFileMemo, 'encoded'>): { manifest: SearchIndexManifest; parts: Map<string, unknown> } {
  const postingBytes = options.postingPartBytes ?? POSTING_PART_BYTES;
  const recordBytes = options.recordPartBytes ?? RECORD_PART_BYTES;
  const { lang } = file;
  const parts = new Map<string, unknown>();
  const previous = memo?.parts ?? new Map<unknown, MemoPart>();
  const next = new Map<unknown, MemoPart>();
  /** The part holding `members` (compared by identity with the previous layout's), made by `json`. */
  const part = (kind: PartKind, members: readonly unknown[], json: () => unknown) => {
    const known = previous.get(members[0]);
    const same = known && sameMembers(known.members, members) ? known : null;
    const value = same ? same.value : json();
    const name = same ? same.file : partName(lang, kind, value);
    next.set(members[0], { members, file: name, value });
    parts.set(name, value);
    return name;
  };

  const index = memo?.encoded?.index === file.index ? memo.encoded.packed : packedIndexOf(file.index);
  const { terms, postings } = postingParts(index, postingBytes, (members) => part('p', members, () => ({ postings: members })));

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
  const records: SplitPart[] = [];
  for (let k = 0, startPage = 0; k < pageCuts.length; startPage = pageCuts[k++]!) {
    const start = pageStarts[startPage]!;
    const end = pageStarts[pageCuts[k]!] ?? docs.length;
    const members = docs.slice(start, end);
    const json = () => recordPartValue(members.map((doc) => ({ page: file.pages[doc.p]!, docs: [doc] })));
    // A document's page is part of the part: the page objects are members too.
    records.push({ file: part('r', [...members, ...new Set(members.map((doc) => file.pages[doc.p]))], json), first: start });
  }
  if (memo) memo.parts = next;

  const groups = [...new Set(file.pages.map((p) => p.g).filter((g): g is string => !!g))];
  // The file stores the dictionary and field lengths as the manifest does: taken as they are (at
  // 10,000 pages per language, coding them again took a tenth of a dev rebuild's search index),
  // the terms when the file has them in the order the parts are cut in.
  const coded = { terms: terms === index.terms ? file.index.terms : frontCode(terms), fieldLength: file.index.fieldLength };
  const manifest = manifestOf(file, index, { groups, types: docs.map((doc) => typeCode(doc.y)).join(''), names: docs.map(nameCode).join(''), ...coded, postings, records });
  return { manifest, parts };
}

/** A document's code in the manifest's `names` column. */
const nameCode = (doc: IndexedDoc): string => doc.k ?? NO_NAME_CODE;

/** A part's file name: the language, the kind of part, a hash of its content. */
function partName(lang: 'en' | 'zh', kind: PartKind, value: unknown): string {
  return partFile(lang, kind, createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, PART_HASH_CHARS));
}

/** Posting parts: the sorted terms, and the parts (made by `partFor` from their postings) with their first terms. */
function postingParts(index: PackedIndex, bytes: number, partFor: (members: string[]) => string): { terms: string[]; postings: SplitPart[] } {
  // Terms in code-unit order, so that the terms of a prefix are one contiguous run. An analyzed
  // index has them so already (canonicalIndex), and what is published of it keeps their order.
  const { terms, postings: sortedPostings } = sortedTerms(index);
  const postings: SplitPart[] = [];
  const termCuts = cutsAt(terms.length, bytes, (t) => sortedPostings[t]!.length + 3, (t) => terms[t]!);
  for (let k = 0, start = 0; k < termCuts.length; start = termCuts[k++]!) postings.push({ file: partFor(sortedPostings.slice(start, termCuts[k])), first: start });
  return { terms, postings };
}

type ManifestHead = Pick<SearchIndexManifest, 'engine' | 'analyzer' | 'lang' | 'cjk' | 'contentLimit' | 'common'>;

/**
 * The manifest of a split index (validated): `index` without common prose, as the parts hold it;
 * its term dictionary and field lengths as the manifest stores them (`terms`, `fieldLength`).
 */
function manifestOf(
  head: ManifestHead,
  index: PackedIndex,
  rest: Pick<SearchIndexManifest, 'groups' | 'types' | 'names' | 'terms' | 'fieldLength'> & { postings: SplitPart[]; records: SplitPart[] },
): SearchIndexManifest {
  return SearchIndexManifest.parse({
    schemaVersion: INDEX_SCHEMA_VERSION,
    layout: 'split',
    engine: head.engine,
    analyzer: head.analyzer,
    lang: head.lang,
    cjk: head.cjk,
    contentLimit: head.contentLimit,
    common: head.common,
    groups: rest.groups,
    documentCount: index.documentCount,
    averageFieldLength: index.averageFieldLength,
    fieldLength: rest.fieldLength,
    types: rest.types,
    names: rest.names,
    terms: rest.terms,
    postings: partTable(head.lang, 'p', rest.postings),
    records: partTable(head.lang, 'r', rest.records),
  });
}

/** A page's documents as they go into a record part: each with its page (as pageDocsOf makes them). */
export interface PageDocuments {
  pages: IndexedPage[];
  docs: IndexedDoc[];
}

/**
 * The split layout after one page's documents changed (as many as before, from document
 * `first` on), made from the layout in dist-data/ instead of every page's records: posting
 * parts from the patched analysis `index` (every posting, common prose included), record parts
 * cut again from the part that held the page until a cut falls where one fell before (cuts
 * depend on the items just before them, see cutsAt), the manifest's columns patched. The same
 * files as splitSearchIndex of the whole index (tests/pipeline/search/layout.test.ts). `readPart`
 * reads a record part of the old layout by its name in the manifest; the parts returned are
 * those the old layout does not have (by name, relative to search/).
 */
export function patchSplitLayout(
  old: SearchIndexManifest,
  readPart: (file: string) => RecordPartFile,
  index: PackedIndex,
  change: { first: number; before: number } & PageDocuments,
  options: SearchLayoutOptions = {},
): { manifest: SearchIndexManifest; parts: Map<string, unknown> } {
  const { lang } = old;
  const parts = new Map<string, unknown>();
  const partFor = (kind: PartKind, value: unknown) => {
    const name = partName(lang, kind, value);
    parts.set(name, value);
    return name;
  };
  const common = commonTerms(index);
  const packed = publishedIndex(index, common);
  const { terms, postings } = postingParts(packed, options.postingPartBytes ?? POSTING_PART_BYTES, (members) => partFor('p', { postings: members }));

  const { first, before } = change;
  const end = first + before;
  const oldParts = manifestParts(old);
  const count = index.documentCount;
  if (change.docs.length !== before || old.documentCount !== count) throw new Error('patchSplitLayout: a page must keep its number of documents');
  const records: SplitPart[] = [];
  const k = before === 0 ? oldParts.records.length : partOf(oldParts.records, first);
  records.push(...oldParts.records.slice(0, k));
  if (k < oldParts.records.length) {
    // Pages (runs of documents of one page) from part k on, the changed page's new ones in place of its old ones.
    type Item = { page: IndexedPage; docs: IndexedDoc[] };
    const itemsOf = (docs: readonly IndexedDoc[], pageOf: (doc: IndexedDoc, d: number) => IndexedPage): Item[] => {
      const items: Item[] = [];
      docs.forEach((doc, d) => {
        const page = pageOf(doc, d);
        const last = items.at(-1);
        if (last && (last.page === page || pageKey(last.page) === pageKey(page))) last.docs.push(doc);
        else items.push({ page, docs: [doc] });
      });
      return items;
    };
    const changed = itemsOf(change.docs, (_, d) => change.pages[d]!);
    const cut = cutter(options.recordPartBytes ?? RECORD_PART_BYTES);
    let part: Item[] = [];
    let partFirst = oldParts.records[k]!.first;
    let doc = partFirst; // the document after the items so far
    for (let j = k; j < oldParts.records.length; j++) {
      const file = readPart(oldParts.records[j]!.file);
      const olds = itemsOf(file.docs, (d) => file.pages[d.p]!);
      const items: Item[] = [];
      let at = oldParts.records[j]!.first;
      for (const item of olds) {
        if (at === first) items.push(...changed);
        if (at < first || at >= end) items.push(item);
        at += item.docs.length;
      }
      let synced = false;
      for (const item of items) {
        part.push(item);
        doc += item.docs.length;
        if (!cut(item.docs.reduce((sum, d) => sum + docBytes(d), 0), item.page.u, doc === count)) continue;
        records.push({ file: partFor('r', recordPartValue(part)), first: partFirst });
        part = [];
        partFirst = doc;
        // Past the change, a cut where the old layout had one (the end of part j): every later part is as it was.
        if (doc >= end && doc === (oldParts.records[j + 1]?.first ?? count)) synced = true;
      }
      if (synced) {
        records.push(...oldParts.records.slice(j + 1));
        break;
      }
    }
  }

  const types = old.types.slice(0, first) + change.docs.map((d) => typeCode(d.y)).join('') + old.types.slice(end);
  const names = old.names.slice(0, first) + change.docs.map(nameCode).join('') + old.names.slice(end);
  const fieldLength = spliceColumns(old.fieldLength, first, end, fieldColumns(packed.fieldLength.slice(first, end)));
  const manifest = manifestOf({ ...old, common: [...common].sort() }, packed, { groups: old.groups, types, names, terms: frontCode(terms), fieldLength, postings, records });
  // Parts the old layout has are files already; only new ones are returned.
  for (const file of partFiles(old)) parts.delete(file);
  return { manifest, parts };
}

/** A page's identity in an index (as searchIndexFileOf keys pages). */
const pageKey = (page: IndexedPage) => JSON.stringify([page.u, page.g, page.t]);

/**
 * A record part: its pages, each once, and its documents with `p` local to the part. One page
 * is one object throughout (an index's page table; a page's run of documents in patchSplitLayout).
 */
function recordPartValue(items: ReadonlyArray<{ page: IndexedPage; docs: IndexedDoc[] }>): RecordPartFile {
  const local = new Map<IndexedPage, number>();
  const pages: IndexedPage[] = [];
  const docs: IndexedDoc[] = [];
  for (const item of items) {
    const key = item.page;
    let p = local.get(key);
    if (p === undefined) {
      local.set(key, (p = pages.length));
      pages.push(item.page);
    }
    for (const doc of item.docs) docs.push({ ...doc, p });
  }
  return { pages, docs };
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

/**
 * About the length of a document's JSON in a record part (what cutting needs, without
 * serializing), in UTF-8 bytes: a Chinese character is three, and counted as one the Chinese
 * site's parts were three times the English ones, each hit shown fetching as much more.
 */
const docBytes = (doc: IndexedDoc): number => docSize(doc, utf8Length);

/** docBytes counting characters (UTF-16 code units): never more than docBytes. */
const docChars = (doc: IndexedDoc): number => docSize(doc, charLength);

const utf8Length = (text: string): number => Buffer.byteLength(text, 'utf8');
const charLength = (text: string): number => text.length;

/** A document's JSON length, each of its texts measured by `measure`. */
function docSize(doc: IndexedDoc, measure: (text: string) => number): number {
  // No closure made per document: run under tsx, each one made is also named (a call), and a
  // dev rebuild sizes every document of a language (hundreds of thousands at 10,000 pages).
  let size = 40 + (doc.a ? measure(doc.a) : 0) + (doc.c ? measure(doc.c) : 0) + (doc.o ? measure(doc.o) : 0);
  for (const heading of doc.h) size += 3 + (heading === null ? 4 : heading ? measure(heading) : 0);
  return size;
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
  const cut = cutter(target);
  for (let i = 0; i < count; i++) if (cut(bytesOf(i), keyOf(i), i === count - 1)) cuts.push(i + 1);
  return cuts;
}

/** cutsAt one item at a time: whether a part ends after an item of `size` bytes and this key. */
function cutter(target: number): (size: number, key: string, last: boolean) => boolean {
  let bytes = 0;
  return (size, key, last) => {
    bytes += size;
    if (!(last || bytes >= 2 * target || (bytes >= target / 2 && stringHash(key) / 2 ** 32 < size / (target / 2)))) return false;
    bytes = 0;
    return true;
  };
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

export const emptySearchIndexMemo = (): SearchIndexMemo => ({ docs: new WeakMap(), parts: new Map() });

/**
 * A manifest and all of its parts → the unsplit file it was made from (the inverse of
 * splitSearchIndex, up to the order of terms). For tests and tools; the browser never needs all
 * parts, and reads those it needs as built (renderer/search/engine/index-readers.ts).
 */
export function joinSplitIndex(manifest: SearchIndexManifest, parts: ReadonlyMap<string, unknown>): SearchIndexFile {
  const read = <T>(schema: z.ZodType<T>, file: string): T => {
    if (!parts.has(file)) throw new Error(`Search index: missing part ${file}`);
    return schema.parse(parts.get(file));
  };
  const listed = manifestParts(manifest);
  const postings = listed.postings.flatMap((part) => read(PostingPartFile, part.file).postings);
  const pages: IndexedPage[] = [];
  const docs: IndexedDoc[] = [];
  for (const part of listed.records) {
    const file = read(RecordPartFile, part.file);
    for (const doc of file.docs) docs.push({ ...doc, p: pages.length + doc.p });
    pages.push(...file.pages);
  }
  return SearchIndexFile.parse({
    schemaVersion: manifest.schemaVersion,
    engine: manifest.engine,
    analyzer: manifest.analyzer,
    lang: manifest.lang,
    cjk: manifest.cjk,
    contentLimit: manifest.contentLimit,
    common: manifest.common,
    pages,
    docs,
    index: {
      documentCount: manifest.documentCount,
      averageFieldLength: manifest.averageFieldLength,
      fieldLength: manifest.fieldLength,
      terms: manifest.terms,
      postings,
    },
  });
}
