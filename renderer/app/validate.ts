/**
 * The dev server's validators, split into their own chunk by the dynamic imports in data.ts and
 * search/engine/index-readers.ts (zod is the bulk of it): page records, the shell, sidebars and the
 * search index's files and synonyms. Readers' pages take all of these as built.
 */
import { PageRecord } from '../../schemas/page.ts';
import { SidebarFile } from '../../schemas/sidebar-file.ts';
import { parseSearchEntry, PostingPartFile, RecordPartFile } from '../../schemas/search-index.ts';
import { SearchSynonyms } from '../../schemas/search-synonyms.ts';
import { SiteShell } from '../../schemas/site.ts';
import type { IndexReaders } from '../search/engine/index-readers.ts';

export function parsePage(json: unknown): PageRecord {
  return PageRecord.parse(json);
}

export function parseShell(json: unknown): SiteShell {
  return SiteShell.parse(json);
}

export function parseSidebar(json: unknown): SidebarFile {
  return SidebarFile.parse(json);
}

/** The search index's files, parsed with their schemas. */
export const searchIndexReaders: IndexReaders = {
  entry: parseSearchEntry,
  postings: (json) => PostingPartFile.parse(json),
  records: (json) => RecordPartFile.parse(json),
  synonyms: (json) => SearchSynonyms.parse(json),
};
