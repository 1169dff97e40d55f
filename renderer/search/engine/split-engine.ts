/**
 * A split index (schemas/search-index.ts, SearchIndexManifest) as an engine: the manifest gives
 * the searcher (scorer.ts) everything scoring needs but the postings; each query first fetches the posting
 * parts of the terms it reaches (exact, prefix and typo matches, from the manifest's term
 * dictionary), then searches exactly as over the unsplit index, then fetches the record parts
 * of the hits it shows. Ranking is the unsplit index's (tests/search/engine/split.test.ts).
 */
import type { SearchIndexManifest } from '../../../schemas/search-index.ts';
import type { SynonymSets } from '../../../schemas/search-synonyms.ts';
import { SEARCH_FIELDS } from '../../../schemas/search-format/format.ts';
import { decodeColumn, frontDecode, manifestParts, nameKindOfCode, NO_NAME_CODE, partOf, typeOfCode } from '../../../schemas/search-format/codec.ts';
import { createEngineCore, DEFAULT_TUNING, reachedTerms, storedHit, type LocalSearchOptions, type Tuning } from './engine.ts';
import { trustedReaders, type IndexReaders } from './index-readers.ts';
import { indexTermsOf, prepareWhenIdle, termDictionary } from './term-tree.ts';
import { createSearcher } from './scorer.ts';
import type { ModalHit, StoredHit } from './types.ts';

/** Fetches a part by its `file` (relative to the manifest's directory) and returns its JSON. */
export type FetchPart = (file: string) => Promise<unknown>;

export interface SplitEngine {
  readonly lang: 'en' | 'zh';
  readonly size: number;
  search(query: string, options: LocalSearchOptions): Promise<{ hits: ModalHit[]; nbHits: number }>;
  topLevelHeadings(): string[];
  /** Parts fetched so far (for the benchmark: what a query downloaded). */
  fetched(): string[];
}

/** `read` parses the parts `fetchPart` returns (index-readers.ts); `synonyms` as createLocalEngine's. */
export function createSplitEngine(manifest: SearchIndexManifest, fetchPart: FetchPart, read: Pick<IndexReaders, 'postings' | 'records'> = trustedReaders, tuning: Tuning = DEFAULT_TUNING, synonyms: SynonymSets = []): SplitEngine {
  const count = manifest.documentCount;
  if (manifest.types.length !== count) throw new Error('Search index: record types do not match the document count');
  if (manifest.fieldLength.length !== SEARCH_FIELDS.length) throw new Error('Search index: field length columns do not match the fields');
  const columns = manifest.fieldLength.map((column) => decodeColumn(column, count));
  const parts = manifestParts(manifest);
  const terms = frontDecode(manifest.terms);
  const dictionary = termDictionary(terms);
  prepareWhenIdle(dictionary);
  // A term's packed postings, by position, once its part has arrived.
  const postings: Array<string | undefined> = [];
  const searcher = createSearcher(count, manifest.averageFieldLength, columns, dictionary, (p) => postings[p], tuning.prefixTerms);

  const titles = columns[SEARCH_FIELDS.indexOf('title')]!;
  const groups = columns[SEARCH_FIELDS.indexOf('group')]!;
  if (manifest.names.length !== count) throw new Error('Search index: name kinds do not match the document count');
  const core = createEngineCore(searcher, { typeOf: (id) => typeOfCode(manifest.types[id] ?? 'c'), titleLength: (id) => titles[id] ?? 0, nameKind: (id) => nameKindOfCode(manifest.names[id] ?? NO_NAME_CODE), groupLength: (id) => groups[id] ?? 0 }, { lang: manifest.lang, cjk: manifest.cjk, common: manifest.common, synonyms, terms: indexTermsOf(dictionary) }, tuning);

  const fetched: string[] = [];
  const load = <T>(file: string, parse: (json: unknown) => T): Promise<T> => {
    fetched.push(file);
    return fetchPart(file).then(parse);
  };
  // Parts by position; a failed fetch is forgotten so that the next query tries again.
  const postingParts = new Map<number, Promise<void>>();
  const recordParts = new Map<number, Promise<StoredHit[]>>();
  const loadPostings = (k: number): Promise<void> => {
    let part = postingParts.get(k);
    if (!part) {
      const { file, first } = parts.postings[k]!;
      const end = parts.postings[k + 1]?.first ?? terms.length;
      part = load(file, read.postings).then(({ postings: packedTerms }) => {
        if (packedTerms.length !== end - first) throw new Error(`Search index: ${file} holds ${packedTerms.length} terms, not ${end - first}`);
        // Decoded when a query first reaches the term, as in the unsplit index: a part holds thousands.
        packedTerms.forEach((packed, i) => (postings[first + i] = packed));
        searcher.forgetLeaves();
      });
      postingParts.set(k, part);
      part.catch(() => postingParts.delete(k));
    }
    return part;
  };
  const loadRecords = (k: number): Promise<StoredHit[]> => {
    let part = recordParts.get(k);
    if (!part) {
      const { file, first } = parts.records[k]!;
      const end = parts.records[k + 1]?.first ?? count;
      part = load(file, read.records).then(({ pages, docs }) => {
        if (docs.length !== end - first) throw new Error(`Search index: ${file} holds ${docs.length} records, not ${end - first}`);
        return docs.map((doc, i) => {
          const page = pages[doc.p];
          if (!page) throw new Error(`Search index: record ${first + i} names missing page ${doc.p}`);
          return storedHit(page, doc);
        });
      });
      recordParts.set(k, part);
      part.catch(() => recordParts.delete(k));
    }
    return part;
  };

  return {
    lang: manifest.lang,
    size: count,
    topLevelHeadings: () => [...manifest.groups],
    fetched: () => [...fetched],
    async search(query, { limit, snippetWords }) {
      const groups = core.plan(query);
      if (groups.length === 0) return { hits: [], nbHits: 0 };
      const needed = new Set<number>();
      for (const [from, to] of reachedTerms(groups, dictionary)) {
        if (from < to) for (let k = partOf(parts.postings, from); k <= partOf(parts.postings, to - 1); k++) needed.add(k);
      }
      await Promise.all([...needed].map(loadPostings));
      const { hits: shown, total } = core.run(groups, limit);
      const hits = await Promise.all(
        shown.map(async (result) => {
          const id = result.id as number;
          const k = partOf(parts.records, id);
          const records = await loadRecords(k);
          return core.hit(result, records[id - parts.records[k]!.first]!, snippetWords);
        }),
      );
      return { hits, nbHits: total };
    },
  };
}
