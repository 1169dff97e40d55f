/**
 * The embedded search index: the file format of `dist-data/search/<lang>.json` (one file, or a
 * manifest and parts). The rest of the format's contract is code both sides run, in
 * search-format/: how text becomes terms (analyzer.ts) and how the file encodes the index
 * (codec.ts). The file records which analyzer (`analyzer`) and which Chinese mode (`cjk`) built
 * it, so that a query is never analyzed otherwise than the index was.
 */
import { z } from 'zod';
import { ANALYZER_VERSION, frontCodedCount, INDEX_ENGINE, INDEX_SCHEMA_VERSION, PART_HASH_CHARS } from './search-format/format.ts';

/**
 * The kind of a documented name (names.ts: NameKind) as one character: `l` lib option, `r`
 * Rsbuild option, `e` export, `t` type, `m` method, `o` option of createRslib, `c` command, `f` flag.
 */
export const NameKindCode = z.enum(['l', 'r', 'e', 't', 'm', 'o', 'c', 'f']);
export type NameKindCode = z.infer<typeof NameKindCode>;

/**
 * How runs of Chinese characters become terms.
 * - `char`: every character is a term (robust to any phrase boundary, large posting lists);
 * - `bigram`: every pair of adjacent characters (a lone character stays a unigram), so a term
 *   already encodes word order and a partial phrase still matches by prefix on its last pair;
 * - `segmenter`: words from `Intl.Segmenter('zh')`, which may cut a partial query differently
 *   from the same words in a sentence.
 * The relevance benchmark (tests/bench/search.bench.ts) measures all three.
 */
export const CjkMode = z.enum(['char', 'bigram', 'segmenter']);
export type CjkMode = z.infer<typeof CjkMode>;
/** Measured best on this site, in both rank quality and size (tests/bench/search.bench.ts). */
export const DEFAULT_CJK_MODE: CjkMode = 'segmenter';

export const RecordType = z.enum(['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content']);
export type RecordType = z.infer<typeof RecordType>;

/** A page's shared part of every section record: stored once instead of once per section. */
export const IndexedPage = z
  .object({
    u: z.string().describe('Route of the page, origin stripped, without #anchor'),
    g: z.string().nullable().describe('hierarchy.lvl0: the sidebar group'),
    t: z.string().nullable().describe('hierarchy.lvl1: the page title'),
  })
  .strict();
export type IndexedPage = z.infer<typeof IndexedPage>;

/** One section record; its position in `docs` is its MiniSearch id. */
export const IndexedDoc = z
  .object({
    p: z.number().int().nonnegative().describe('Index of the page in `pages`'),
    a: z.string().describe('URL anchor without #, empty for the top of the page'),
    y: RecordType.describe('Record type: level of the deepest heading, or content'),
    h: z.array(z.string().nullable()).max(5).describe('hierarchy.lvl2..lvl6, trailing nulls dropped'),
    c: z.string().nullable().describe('Section prose (possibly shortened, see `contentLimit`) for snippets'),
    o: z.string().optional().describe('objectID when it differs from the URL'),
    k: NameKindCode.optional().describe('The kind of name of @rslib/core the record documents, when its heading (or table row) is one (search-format/codec.ts: nameKindCode)'),
  })
  .strict();
export type IndexedDoc = z.infer<typeof IndexedDoc>;

/**
 * MiniSearch's index, packed. MiniSearch's own JSON (`{ term: { fieldId: { docId: tf } } }`)
 * is twice the size after gzip; here each term's postings are one string, per field
 * `fieldId:doc,doc,doc` with doc ids delta-encoded in base 36 and a term frequency other than 1
 * appended as `*tf`; fields are separated by `;`. Document ids are the positions in `docs`.
 * Strings keep validation cheap: zod checks one string per term, not every posting.
 */
export const PackedIndex = z
  .object({
    documentCount: z.number().int().nonnegative(),
    averageFieldLength: z.array(z.number()).describe('Per field, in SEARCH_FIELDS order'),
    fieldLength: z.array(z.array(z.number().int().nonnegative())).describe('Per document, per field: number of terms'),
    terms: z.array(z.string()),
    postings: z.array(z.string()).describe('Per term, see above'),
  })
  .strict()
  .refine((p) => p.terms.length === p.postings.length, { message: 'terms and postings differ in length' });
export type PackedIndex = z.infer<typeof PackedIndex>;

/** The term dictionary as the index files store it (search-format/codec.ts: frontCode). */
const FrontCodedTerms = z.string().describe('Sorted terms, front-coded: for each, one base-36 digit of characters shared with the term before, then the rest; a space between terms');

/** Field lengths as the index files store them (search-format/codec.ts: fieldColumns). */
const FieldLengthColumns = z
  .array(z.string())
  .describe("Per field (SEARCH_FIELDS order): each document's number of terms as its step (below 32 the number itself; above, steps growing an eighth each, read as the middle of the step: search-format/codec.ts), steps 0-91 as one character of printable ASCII without \", \\\\ and ~ (0 is the space, 1 is !), larger ones as ~, base 36, ~");

/**
 * The packed index as the unsplit file stores it: terms front-coded and field lengths as
 * columns, as the split layout's manifest has them (about 2 KB gzip less per language than
 * the plain arrays). fileIndexOf and packedIndexOf (search-format/codec.ts) convert.
 */
export const FileIndex = z
  .object({
    documentCount: z.number().int().nonnegative(),
    averageFieldLength: z.array(z.number()).describe('Per field, in SEARCH_FIELDS order'),
    fieldLength: FieldLengthColumns,
    terms: FrontCodedTerms,
    postings: z.array(z.string()).describe('Per term, see PackedIndex'),
  })
  .strict()
  .refine((p) => frontCodedCount(p.terms) === p.postings.length, { message: 'terms and postings differ in length' });
export type FileIndex = z.infer<typeof FileIndex>;

/** `dist-data/search/<lang>.json`. */
export const SearchIndexFile = z
  .object({
    schemaVersion: z.literal(INDEX_SCHEMA_VERSION),
    engine: z.literal(INDEX_ENGINE),
    analyzer: z.literal(ANALYZER_VERSION).describe('Version of the analyzer that produced the terms'),
    lang: z.enum(['en', 'zh']),
    cjk: CjkMode,
    contentLimit: z.number().int().positive().nullable().describe('Stored prose is cut to this many characters (null: full)'),
    common: z
      .array(z.string())
      .describe('Terms in so many sections that their prose postings were left out; queries treat them as stop words'),
    pages: z.array(IndexedPage),
    docs: z.array(IndexedDoc),
    index: FileIndex,
  })
  .strict();
export type SearchIndexFile = z.infer<typeof SearchIndexFile>;

// ---------------------------------------------------------------------------------------------
// Split layout: a large index as a small manifest plus parts fetched as queries need them
// ---------------------------------------------------------------------------------------------

/**
 * A part of a split index, as a table of the manifest decodes into (search-format/codec.ts:
 * partsOf): `file` is relative to the directory of the manifest (`en/p-1a2b3c4d5e.json` beside
 * `search/en.json`), `first` the first term (posting parts) or document (record parts) it holds;
 * a part ends where the next begins.
 */
export interface SplitPart {
  file: string;
  first: number;
}

/**
 * A manifest's parts of one kind, as two columns: a table of objects was a sixth of the
 * manifest after gzip at 10,000 pages (its keys and quotes), twice what the columns take.
 */
export const PartTable = z
  .object({
    hashes: z
      .string()
      .regex(new RegExp(`^(?:[0-9a-f]{${PART_HASH_CHARS}})*$`))
      .describe(`Each part in order: the hash of its file, ${PART_HASH_CHARS} hex digits (the file is <lang>/<p or r>-<hash>.json)`),
    firsts: z
      .string()
      .regex(/^(?:[0-9a-z]+(?:,[0-9a-z]+)*)?$/)
      .describe("Each part's first term or document: base 36, after the first as the difference from the part before, comma-separated"),
  })
  .strict()
  .refine((t) => t.hashes.length / PART_HASH_CHARS === (t.firsts === '' ? 0 : t.firsts.split(',').length), { message: 'hashes and firsts differ in length' });
export type PartTable = z.infer<typeof PartTable>;

/**
 * `dist-data/search/<lang>.json` when the language's index is past the size threshold: all that
 * scoring needs besides postings (document count, field lengths, record types), and the sorted
 * term dictionary, so that the browser knows which terms a query's prefixes and typos reach
 * before it fetches their postings. Results are the same as with the unsplit file.
 */
export const SearchIndexManifest = z
  .object({
    schemaVersion: z.literal(INDEX_SCHEMA_VERSION),
    layout: z.literal('split'),
    engine: z.literal(INDEX_ENGINE),
    analyzer: z.literal(ANALYZER_VERSION),
    lang: z.enum(['en', 'zh']),
    cjk: CjkMode,
    contentLimit: z.number().int().positive().nullable(),
    common: z.array(z.string()),
    groups: z.array(z.string()).describe('Distinct hierarchy.lvl0 values in index order (no-results suggestions)'),
    documentCount: z.number().int().nonnegative(),
    averageFieldLength: z.array(z.number()),
    fieldLength: FieldLengthColumns,
    types: z.string().describe('Per document, its record type: 1-6 for lvl1-lvl6, c for content'),
    names: z.string().describe('Per document, the kind of name it documents (IndexedDoc.k), - when none'),
    terms: FrontCodedTerms,
    postings: PartTable.describe('Posting parts by term range ({ postings: string[] }, one per term of the range)'),
    records: PartTable.describe('Record parts by document range ({ pages, docs }, `p` local to the part)'),
  })
  .strict();
export type SearchIndexManifest = z.infer<typeof SearchIndexManifest>;

export const PostingPartFile = z.object({ postings: z.array(z.string()) }).strict();
export type PostingPartFile = z.infer<typeof PostingPartFile>;
export const RecordPartFile = z.object({ pages: z.array(IndexedPage), docs: z.array(IndexedDoc) }).strict();
export type RecordPartFile = z.infer<typeof RecordPartFile>;

/** Either layout of `dist-data/search/<lang>.json`. */
export function parseSearchEntry(json: unknown): SearchIndexFile | SearchIndexManifest {
  const split = typeof json === 'object' && json !== null && (json as { layout?: unknown }).layout === 'split';
  return split ? SearchIndexManifest.parse(json) : SearchIndexFile.parse(json);
}
