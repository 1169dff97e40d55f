/**
 * What identifies the search index's format and orders its columns: the markers every
 * `search/<lang>.json` carries (../search-index.ts validates them with the rest of the file), the
 * searchable fields, and how the term dictionary is joined. Free of zod: the browser reads an
 * index without the schemas (see formatProblem), so the search chunk loads none.
 */

export const INDEX_SCHEMA_VERSION = 3;
export const INDEX_ENGINE = 'minisearch@7';
/** Bumped whenever the analyzer (analyzer.ts) changes what terms it produces. */
export const ANALYZER_VERSION = 5;

/**
 * Between two front-coded terms of the term dictionary (search-format/codec.ts: frontCode): a
 * space, which the analyzer never leaves in a term. One string rather than an array of them is
 * an eighth smaller after gzip (at 10,000 pages per language, 16 KB of a manifest a reader
 * fetches before the first results).
 */
export const TERM_SEPARATOR = ' ';

/** The hex digits of a split index's part name (`en/p-<hash>.json`): a hash of the part's content. */
export const PART_HASH_CHARS = 10;

/** How many terms a front-coded term dictionary holds. */
export const frontCodedCount = (coded: string): number => (coded === '' ? 0 : coded.split(TERM_SEPARATOR).length);

/**
 * Why a parsed `search/<lang>.json` is not of the format this code reads, or null when it is.
 * The pipeline validates every file it writes against the schemas; what can still reach a
 * page is a file of another build (an index cached from an earlier deploy), whose terms another
 * analyzer may have made: a query analyzed otherwise than the index finds the wrong sections,
 * or nothing.
 */
export function formatProblem(json: unknown): string | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'not a JSON object';
  const file = json as Record<string, unknown>;
  if (file.schemaVersion !== INDEX_SCHEMA_VERSION || file.engine !== INDEX_ENGINE) return `format ${String(file.schemaVersion)} for ${String(file.engine)}, where this page reads format ${INDEX_SCHEMA_VERSION} for ${INDEX_ENGINE}`;
  if (file.analyzer !== ANALYZER_VERSION) return `terms made by analyzer ${String(file.analyzer)}, where this page analyzes queries with analyzer ${ANALYZER_VERSION}`;
  if (file.layout !== undefined && file.layout !== 'split') return `unknown layout ${String(file.layout)}`;
  return null;
}

/**
 * The searchable fields of a section record.
 * - `title`: the section's own heading (the page title for the page's first section);
 * - `parents`: the headings above it (page title, parent sections);
 * - `group`: the sidebar group (hierarchy.lvl0);
 * - `content`: prose; `code`: code-block text, searched with a lower weight;
 * - `name`: the name of @rslib/core a record documents, when its heading (or table row) is one on
 *   the page that documents it (pipeline/search/exact-names.ts, the coverage check's rules):
 *   `output.copy` → `copy`, `lib.autoExtension` → `autoExtension`, indexed whole (nameTerm):
 *   `define` finds the `source.define` option by its name, not the `defineConfig` heading by a
 *   part of it. A heading that only repeats a name elsewhere (a guide's `output.externals`) has
 *   none: its page does not document it;
 * - `description`: the page's frontmatter description, on its top record only: the sentence
 *   in which a page says what it is about (`lib.footer`: "append text at the end of every
 *   output file"), in words a reader uses where its title is an option name. Ranked between
 *   the own heading and the parents' headings; BM25's length normalization keeps a long
 *   description below a short heading holding the same words.
 */
export const SEARCH_FIELDS = ['title', 'parents', 'group', 'content', 'code', 'name', 'description'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A field's bit in a set of fields as one number (the search engine's matches: renderer/search/engine/found.ts). */
export function fieldBit(field: SearchField): number {
  return 1 << SEARCH_FIELDS.indexOf(field);
}
