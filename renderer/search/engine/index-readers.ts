/**
 * How the search chunk reads the index's files. Readers get no zod here, as with page records
 * (renderer/app/data.ts): the pipeline validated every file against the schemas before emit, and a
 * page reads the files of its own build, so parsing them again cost the first search a second
 * chunk (zod, 27 KB gzip, fetched only once the search chunk had arrived) and proved nothing
 * new. What can still reach a page is an entry file of another build, cached from an earlier
 * deploy: its format markers are checked (formatProblem), so that a query is never analyzed
 * otherwise than the index was. Parts are named by their content, so a manifest only ever
 * names its own. The dev server, whose files change under a running page, parses with the
 * schemas (renderer/app/validate.ts, as it does records).
 */
import type { PostingPartFile, RecordPartFile, SearchIndexFile, SearchIndexManifest } from '../../../schemas/search-index.ts';
import type { SearchSynonyms } from '../../../schemas/search-synonyms.ts';
import { formatProblem } from '../../../schemas/search-format/format.ts';

export interface IndexReaders {
  /** `search/<lang>.json`: the whole index, or a split index's manifest. */
  entry(json: unknown): SearchIndexFile | SearchIndexManifest;
  postings(json: unknown): PostingPartFile;
  records(json: unknown): RecordPartFile;
  /** `search/synonyms.json`: both languages' synonym sets. */
  synonyms(json: unknown): SearchSynonyms;
}

/** The readers of a production build: the entry's format checked, the rest taken as built. */
export const trustedReaders: IndexReaders = {
  entry(json) {
    const problem = formatProblem(json);
    if (problem) throw new Error(`Search index of another build (${problem}); reload the page`);
    return json as SearchIndexFile | SearchIndexManifest;
  },
  postings: (json) => json as PostingPartFile,
  records: (json) => json as RecordPartFile,
  synonyms: (json) => json as SearchSynonyms,
};

/**
 * The readers to use: the schemas' when `validate` (default: in the dev server), else the trusted
 * ones. Only a development build has the schemas (see validatorsFor in app/data.ts).
 */
export function indexReaders(validate: boolean = import.meta.env.DEV): Promise<IndexReaders> {
  return validate && import.meta.env.DEV ? import('../../app/validate.ts').then(({ searchIndexReaders }) => searchIndexReaders) : Promise.resolve(trustedReaders);
}
