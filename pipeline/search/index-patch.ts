/**
 * Build stage, incremental: a language's analyzed index from the previous run, patched for the
 * pages whose search records changed, instead of analyzing every record again (at 10,000 pages
 * that analysis is most of a warm rebuild). The patch is exact: the same postings, field lengths
 * and document count as a full analysis, in the same canonical form (tests/pipeline/search/index-patch.test.ts
 * compares them).
 */
import type { CjkMode, PackedIndex } from '../../schemas/search-index.ts';
import { ANALYZER_VERSION } from '../../schemas/search-format/format.ts';
import { decodePosting } from '../../schemas/search-format/codec.ts';
import type { SearchRecord } from '../../schemas/search.ts';
import { analyzeRecords, canonicalIndex } from './index.ts';

/** What a run keeps of a language's index for the next one (.cache/pipeline/search-base-<lang>.v8). */
export interface SearchIndexBase {
  /** The analyzer that produced the terms: a base from another one is analyzed again. */
  analyzer: number;
  cjk: CjkMode;
  /** Routes in index order, the hash of each one's search records, and how many it has. */
  routes: string[];
  hashes: string[];
  counts: number[];
  /** Every posting, common terms' prose included (see analyzeRecords). */
  index: PackedIndex;
}

/** A route's search records now and, when the cache has them, as the base indexed them. */
export interface SearchPage {
  route: string;
  hash: string;
  records: SearchRecord[];
  /** The records behind `hash` of the previous run, when they are known. */
  previous?: { hash: string; records: SearchRecord[] };
}

/**
 * The analyzed index of `pages` (in that order) and the base for the next run. Patched when the
 * base holds the same routes and every changed page kept its number of records (so that document
 * ids stay put); analyzed from scratch otherwise.
 */
export function updateSearchIndex(pages: readonly SearchPage[], base: SearchIndexBase | null, cjk: CjkMode): { index: PackedIndex; base: SearchIndexBase; patched: boolean } {
  const next = (index: PackedIndex) => baseOf(pages, index, cjk);
  const changes = base ? patchableChanges(pages, base, cjk) : null;
  if (!base || !changes) {
    const index = analyzeRecords(pages.flatMap((p) => p.records), cjk);
    return { index, base: next(index), patched: false };
  }
  const index = changes.length ? patchIndex(base.index, changes, cjk) : base.index;
  return { index, base: next(index), patched: true };
}

/** The base the next run patches: `index` analyzed from `pages`, in that order. */
export function baseOf(pages: readonly Omit<SearchPage, 'previous'>[], index: PackedIndex, cjk: CjkMode): SearchIndexBase {
  return { analyzer: ANALYZER_VERSION, cjk, routes: pages.map((p) => p.route), hashes: pages.map((p) => p.hash), counts: pages.map((p) => p.records.length), index };
}

/** Whether the base holds a page's records as made with this search hash (see patchBase). */
export function basePageIs(base: SearchIndexBase, route: string, hash: string): boolean {
  const i = base.routes.indexOf(route);
  return i >= 0 && base.hashes[i] === hash;
}

/**
 * The base after one page's records changed from `before` to `after` (as many records): for a
 * run that knows that page's records and not every page's. Also where the page's documents
 * start. Null when the base does not hold the page as `before`, with the hash `hashes.before`.
 */
export function patchBase(
  base: SearchIndexBase,
  route: string,
  hashes: { before: string; after: string },
  before: readonly SearchRecord[],
  after: readonly SearchRecord[],
  cjk: CjkMode,
): { base: SearchIndexBase; first: number } | null {
  const i = base.routes.indexOf(route);
  if (base.analyzer !== ANALYZER_VERSION || base.cjk !== cjk || i < 0 || base.hashes[i] !== hashes.before || base.counts[i] !== before.length || after.length !== before.length) return null;
  let first = 0;
  for (let j = 0; j < i; j++) first += base.counts[j]!;
  const changes = changedRuns(first, before, after);
  const index = changes.length ? patchIndex(base.index, changes, cjk) : base.index;
  const next = base.hashes.slice();
  next[i] = hashes.after;
  return { base: { ...base, hashes: next, index }, first };
}

interface Change {
  first: number;
  before: readonly SearchRecord[];
  after: readonly SearchRecord[];
}

/** The changes to patch, or null when the base cannot be patched into `pages`. */
function patchableChanges(pages: readonly SearchPage[], base: SearchIndexBase, cjk: CjkMode): Change[] | null {
  if (base.analyzer !== ANALYZER_VERSION || base.cjk !== cjk || base.routes.length !== pages.length) return null;
  const changes: Change[] = [];
  let first = 0;
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    if (base.routes[i] !== page.route || base.counts[i] !== page.records.length) return null;
    if (base.hashes[i] !== page.hash) {
      // The records the base indexed must be known to take their terms out again.
      const { previous } = page;
      if (!previous || previous.hash !== base.hashes[i] || previous.records.length !== page.records.length) return null;
      changes.push(...changedRuns(first, previous.records, page.records));
    }
    first += page.records.length;
  }
  return first === base.index.documentCount ? changes : null;
}

/**
 * The runs of records that differ between a page's old and new records: an edit to one section
 * re-analyzes that section, not the page (the terms of every other section stay where they are).
 */
function changedRuns(first: number, before: readonly SearchRecord[], after: readonly SearchRecord[]): Change[] {
  const runs: Change[] = [];
  const same = (i: number) => JSON.stringify(before[i]) === JSON.stringify(after[i]);
  for (let i = 0; i < after.length; ) {
    if (same(i)) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < after.length && !same(end)) end++;
    runs.push({ first: first + i, before: before.slice(i, end), after: after.slice(i, end) });
    i = end;
  }
  return runs;
}

/** `index` with each change's documents analyzed again (ids first … first + n - 1 stay). */
function patchIndex(index: PackedIndex, changes: readonly Change[], cjk: CjkMode): PackedIndex {
  const fieldLength = index.fieldLength.slice();
  // Per term touched (in the old or the new records of a change): the changes' document ranges,
  // each with the term's new postings inside it.
  const touched = new Map<string, Splice[]>();
  const spliceOf = (term: string, from: number, to: number) => {
    let splices = touched.get(term);
    if (!splices) touched.set(term, (splices = []));
    let last = splices.at(-1);
    if (last?.from !== from) splices.push((last = { from, to, add: new Map() }));
    return last;
  };
  for (const { first, before, after } of [...changes].sort((a, b) => a.first - b.first)) {
    const to = first + before.length;
    const old = analyzeRecords(before, cjk);
    const now = analyzeRecords(after, cjk);
    // Ids in both are relative to `first`: a term with the same posting in both is left alone
    // (most terms of an edited section, and the longest postings among them).
    const oldPostings = new Map(old.terms.map((term, t) => [term, old.postings[t]!]));
    const nowPostings = new Map(now.terms.map((term, t) => [term, now.postings[t]!]));
    for (const [term, posting] of oldPostings) if (nowPostings.get(term) !== posting) spliceOf(term, first, to);
    now.terms.forEach((term, t) => {
      if (oldPostings.get(term) === now.postings[t]) return;
      const { add } = spliceOf(term, first, to);
      for (const [field, docs] of Object.entries(decodePosting(now.postings[t]!))) {
        add.set(field, Object.entries(docs).map(([doc, tf]) => [first + Number(doc), tf]));
      }
    });
    now.fieldLength.forEach((lengths, i) => (fieldLength[first + i] = lengths));
  }

  const terms: string[] = [];
  const postings: string[] = [];
  const put = (term: string, posting: string) => {
    if (!posting) return; // no document has the term any more
    terms.push(term);
    postings.push(posting);
  };
  // Terms no document had before, each put in its place among the others (the index's terms are
  // in code-unit order), so that canonicalIndex has none to sort.
  const known = new Set(index.terms.filter((term) => touched.has(term)));
  const added = [...touched.keys()].filter((term) => !known.has(term)).sort();
  let next = 0;
  index.terms.forEach((term, t) => {
    for (; next < added.length && added[next]! < term; next++) put(added[next]!, splicePosting('', touched.get(added[next]!)!));
    const splices = touched.get(term);
    put(term, splices ? splicePosting(index.postings[t]!, splices) : index.postings[t]!);
  });
  for (; next < added.length; next++) put(added[next]!, splicePosting('', touched.get(added[next]!)!));

  return canonicalIndex({ ...index, fieldLength, terms, postings });
}

/** Documents from … to - 1 of a posting replaced by `add`: per field id, sorted [doc, tf] pairs. */
interface Splice {
  from: number;
  to: number;
  add: Map<string, Array<[number, number]>>;
}

/** A packed posting with its splices (sorted, disjoint) applied; '' when no document is left. */
function splicePosting(posting: string, splices: readonly Splice[]): string {
  const fields = new Map<string, string>();
  if (posting) {
    for (const part of posting.split(';')) {
      const colon = part.indexOf(':');
      fields.set(part.slice(0, colon), part.slice(colon + 1));
    }
  }
  for (const splice of splices) for (const field of splice.add.keys()) if (!fields.has(field)) fields.set(field, '');
  const parts: string[] = [];
  for (const field of [...fields.keys()].sort((a, b) => Number(a) - Number(b))) {
    const entries = spliceEntries(fields.get(field)!, splices, field);
    if (entries) parts.push(`${field}:${entries}`);
  }
  return parts.join(';');
}

/**
 * One field's entries (`delta[*tf]`, comma-separated, deltas in base 36) with the splices
 * applied. Postings of common terms hold tens of thousands of entries, so they are read as text
 * and copied in runs: an entry is rewritten only where the document before it changed, and
 * everything after the last splice is copied without being read.
 */
function spliceEntries(entries: string, splices: readonly Splice[], field: string): string {
  const parts: string[] = [];
  let written = 0; // document of the last entry written (or in the pending run)
  let run = 0; // start of the pending run of entries copied as they are, or -1
  const add = (splice: Splice) => {
    for (const [id, tf] of splice.add.get(field) ?? []) {
      parts.push((id - written).toString(36) + (tf === 1 ? '' : `*${tf.toString(36)}`));
      written = id;
    }
  };
  // tsx names every closure it compiles (a defineProperty per creation): none is made per entry.
  const flushRun = (pos: number) => {
    if (run >= 0 && run < pos) parts.push(entries.slice(run, pos - 1));
    run = -1;
  };
  let s = 0;
  let doc = 0;
  for (let pos = 0; pos < entries.length; ) {
    if (s === splices.length && run >= 0) break; // the rest is copied below
    const comma = entries.indexOf(',', pos);
    const end = comma < 0 ? entries.length : comma;
    const star = entries.indexOf('*', pos);
    const deltaEnd = star >= 0 && star < end ? star : end;
    const before = doc;
    doc += parseInt(entries.slice(pos, deltaEnd), 36);
    // Splices that end before this entry: their documents go in first.
    for (; s < splices.length && splices[s]!.to <= doc; s++) {
      flushRun(pos);
      add(splices[s]!);
    }
    if (s < splices.length && doc >= splices[s]!.from) {
      flushRun(pos); // inside a splice: the entry goes
    } else {
      if (run < 0 && written !== before) {
        // The document before it changed: its delta is rewritten, the run starts after it.
        parts.push((doc - written).toString(36) + entries.slice(deltaEnd, end));
        run = end + 1;
      } else if (run < 0) run = pos;
      written = doc;
    }
    pos = end + 1;
  }
  if (run >= 0 && run < entries.length) parts.push(entries.slice(run));
  for (; s < splices.length; s++) add(splices[s]!);
  return parts.join(',');
}
