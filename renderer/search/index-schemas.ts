/** The index's files parsed with the schemas: the dev server's readers (see index-readers.ts), in a chunk of their own. */
// First: zod must be told not to compile with eval before any schema of the chunk is made.
import './zod-jitless.ts';
import { parseSearchEntry, PostingPartFile, RecordPartFile } from '../../schemas/search-index.ts';
import type { IndexReaders } from './index-readers.ts';

export const schemaReaders: IndexReaders = {
  entry: parseSearchEntry,
  postings: (json) => PostingPartFile.parse(json),
  records: (json) => RecordPartFile.parse(json),
};
