/**
 * The embedded search index: the file format of `dist-data/search/<lang>.json` and the text
 * analysis shared by the pipeline (index time) and the browser (query time).
 *
 * Both sides must split text into exactly the same terms, or a query would look for terms the
 * index never stored; that is why the analyzer lives here, beside the schema of the file, and
 * why the file records which analyzer (`analyzer`) and which Chinese mode (`cjk`) built it.
 */
import { z } from 'zod';
import type { AsPlainObject, Options } from 'minisearch';

/** Bumped whenever the analyzer below changes what terms it produces. */
export const ANALYZER_VERSION = 4;

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

/**
 * The packed index as the unsplit file stores it: terms front-coded and field lengths as
 * columns, as the split layout's manifest has them (about 2 KB gzip less per language than
 * the plain arrays). fileIndexOf and packedIndexOf convert.
 */
export const FileIndex = z
  .object({
    documentCount: z.number().int().nonnegative(),
    averageFieldLength: z.array(z.number()).describe('Per field, in SEARCH_FIELDS order'),
    fieldLength: z
      .array(z.string())
      .describe("Per field (SEARCH_FIELDS order): each document's number of terms in base 36, comma-separated"),
    terms: z.array(z.string()).describe('Sorted terms, front-coded (see frontCode)'),
    postings: z.array(z.string()).describe('Per term, see PackedIndex'),
  })
  .strict()
  .refine((p) => p.terms.length === p.postings.length, { message: 'terms and postings differ in length' });
export type FileIndex = z.infer<typeof FileIndex>;

/** A packed index (terms sorted, see canonicalIndex) → its stored form. */
export function fileIndexOf(packed: PackedIndex): FileIndex {
  return {
    documentCount: packed.documentCount,
    averageFieldLength: packed.averageFieldLength,
    fieldLength: fieldColumns(packed.fieldLength),
    terms: frontCode(packed.terms),
    postings: packed.postings,
  };
}

/** The stored form → the packed index (throws on columns that do not match the document count). */
export function packedIndexOf(index: FileIndex): PackedIndex {
  const count = index.documentCount;
  const columns = index.fieldLength.map((column) => decodeColumn(column, count));
  return {
    documentCount: count,
    averageFieldLength: index.averageFieldLength,
    fieldLength: Array.from({ length: count }, (_, i) => columns.map((c) => c[i]!)),
    terms: frontDecode(index.terms),
    postings: index.postings,
  };
}

/** Per-document rows of field lengths → per-field columns (see SearchIndexManifest.fieldLength). */
export function fieldColumns(rows: readonly (readonly number[])[]): string[] {
  return SEARCH_FIELDS.map((_, f) => rows.map((row) => (row[f] ?? 0).toString(36)).join(','));
}

/** `dist-data/search/<lang>.json`. */
export const SearchIndexFile = z
  .object({
    schemaVersion: z.literal(1),
    engine: z.literal('minisearch@7'),
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
 * A part of a split index: `file` is relative to the directory of the manifest
 * (`en/p0-1a2b3c4d.json` beside `search/en.json`), `first` the first term (posting parts) or
 * document (record parts) it holds; a part ends where the next begins.
 */
export const SplitPart = z
  .object({
    file: z.string().regex(/^[a-z]{2}\/[a-z0-9.-]+\.json$/),
    first: z.number().int().nonnegative(),
  })
  .strict();
export type SplitPart = z.infer<typeof SplitPart>;

/**
 * `dist-data/search/<lang>.json` when the language's index is past the size threshold: all that
 * scoring needs besides postings (document count, field lengths, record types), and the sorted
 * term dictionary, so that the browser knows which terms a query's prefixes and typos reach
 * before it fetches their postings. Results are the same as with the unsplit file.
 */
export const SearchIndexManifest = z
  .object({
    schemaVersion: z.literal(1),
    layout: z.literal('split'),
    engine: z.literal('minisearch@7'),
    analyzer: z.literal(ANALYZER_VERSION),
    lang: z.enum(['en', 'zh']),
    cjk: CjkMode,
    contentLimit: z.number().int().positive().nullable(),
    common: z.array(z.string()),
    groups: z.array(z.string()).describe('Distinct hierarchy.lvl0 values in index order (no-results suggestions)'),
    documentCount: z.number().int().nonnegative(),
    averageFieldLength: z.array(z.number()),
    fieldLength: z
      .array(z.string())
      .describe('Per field (SEARCH_FIELDS order): each document\'s number of terms in base 36, comma-separated'),
    types: z.string().describe('Per document, its record type: 1-6 for lvl1-lvl6, c for content'),
    terms: z
      .array(z.string())
      .describe('Sorted terms, front-coded: one base-36 digit of characters shared with the previous term, then the rest'),
    postings: z.array(SplitPart).describe('Posting parts by term range ({ postings: string[] }, one per term of the range)'),
    records: z.array(SplitPart).describe('Record parts by document range ({ pages, docs }, `p` local to the part)'),
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

const TYPE_CODES: Record<RecordType, string> = { lvl1: '1', lvl2: '2', lvl3: '3', lvl4: '4', lvl5: '5', lvl6: '6', content: 'c' };
const TYPE_OF_CODE = new Map(Object.entries(TYPE_CODES).map(([type, code]) => [code, type as RecordType]));
export const typeCode = (type: RecordType): string => TYPE_CODES[type];
export function typeOfCode(code: string): RecordType {
  const type = TYPE_OF_CODE.get(code);
  if (!type) throw new Error(`Search index: unknown record type code ${JSON.stringify(code)}`);
  return type;
}

/** Sorted terms → front-coded (see SearchIndexManifest.terms). */
export function frontCode(sorted: readonly string[]): string[] {
  let previous = '';
  return sorted.map((term) => {
    let shared = 0;
    while (shared < 35 && shared < term.length && shared < previous.length && term[shared] === previous[shared]) shared++;
    previous = term;
    return shared.toString(36) + term.slice(shared);
  });
}

export function frontDecode(coded: readonly string[]): string[] {
  let previous = '';
  return coded.map((entry) => {
    const shared = parseInt(entry[0] ?? '', 36);
    if (!(shared >= 0 && shared <= previous.length)) throw new Error(`Search index: bad front-coded term ${JSON.stringify(entry)}`);
    previous = previous.slice(0, shared) + entry.slice(1);
    return previous;
  });
}

/** A per-field column of field lengths (see SearchIndexManifest.fieldLength). */
export function decodeColumn(column: string, count: number): number[] {
  const values = column === '' ? [] : column.split(',').map((v) => parseInt(v, 36));
  if (values.length !== count || values.some((v) => !(v >= 0))) throw new Error('Search index: field length column does not match the document count');
  return values;
}

/** The part holding item `index` (a term or a document): the last part starting at or before it. */
export function partOf(parts: readonly SplitPart[], index: number): number {
  let lo = 0;
  let hi = parts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (parts[mid]!.first <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * A manifest and all of its parts → the unsplit file it was made from (the inverse of the
 * pipeline's split, up to the order of terms). For tests and tools; the browser never needs all parts.
 */
export function joinSplitIndex(manifest: SearchIndexManifest, parts: ReadonlyMap<string, unknown>): SearchIndexFile {
  const read = <T>(schema: z.ZodType<T>, file: string): T => {
    if (!parts.has(file)) throw new Error(`Search index: missing part ${file}`);
    return schema.parse(parts.get(file));
  };
  const postings = manifest.postings.flatMap((part) => read(PostingPartFile, part.file).postings);
  const pages: IndexedPage[] = [];
  const docs: IndexedDoc[] = [];
  for (const part of manifest.records) {
    const file = read(RecordPartFile, part.file);
    for (const doc of file.docs) docs.push({ ...doc, p: pages.length + doc.p });
    pages.push(...file.pages);
  }
  return SearchIndexFile.parse({
    schemaVersion: 1,
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

// ---------------------------------------------------------------------------------------------
// Analyzer
// ---------------------------------------------------------------------------------------------

/**
 * Words too common to rank anything. They are not indexed (smaller file, no noise), and dropped
 * from queries, except for a query's last word while it is still being typed: `in` may become
 * `install`.
 */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i if in into is it its of on or so that the then this to was we what when where which will with you your'.split(
    ' ',
  ),
);
/**
 * Values readers type after an option's name (`autoExtension false`, `minify true`): they rank
 * the option's own section but are not required, since a page may spell the value otherwise.
 */
const VALUE_WORDS = new Set(['true', 'false', 'null', 'undefined']);

/** Chinese function characters; pairs containing them carry no meaning of their own. */
const CJK_STOP = new Set([...'的了是在和与或及等也就而吗呢吧啊']);

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u3007]/u;
const WORD_RE = /[\p{L}\p{N}\p{M}$]/u;
/** Characters that glue identifier parts together: `lib.dts.bundle`, `auto-external`, `node_modules`. */
const JOINERS = new Set(['.', '-', '_', '/']);
const CAMEL_SPLIT = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** A term with the characters of the source text it stands for. */
export interface TermSpan {
  term: string;
  start: number;
  end: number;
}

/**
 * One typed token of a query: the terms that must all match, in one or more alternative
 * spellings. `autoExternal` is `[["autoexternal"], ["auto", "external"]]`.
 */
export interface QueryGroup {
  alternatives: string[][];
  /** A stop word or lone letter: dropped unless the query has nothing else. */
  stop: boolean;
  /**
   * A corpus-common term (`dts`, `bundle`, `format`): not required (its prose postings are not
   * in the index), but it adds its score where it matches a heading, an option name or code.
   */
  optional?: boolean;
  /**
   * Every term of the typed token, corpus-common ones included, when `alternatives` left some
   * out (`文件后缀` searches `缀`): what the token's synonym sets are looked up by.
   */
  source?: string[];
  /** Spellings from the site's synonym table: they match as alternatives do, with a lower weight. */
  synonyms?: string[][];
  /**
   * Its terms are corpus-common: their prose postings are not in the index, so a record that
   * misses them may well say them (a relaxed plan that drops this group loses little).
   */
  common?: boolean;
}

function normalize(term: string): string {
  // NFKC folds full-width letters (ｄｔｓ → dts); ASCII needs no folding.
  return /^[\x00-\x7f]*$/.test(term) ? term.toLowerCase() : term.normalize('NFKC').toLowerCase();
}

// ASCII fast paths: these run for every character of every highlighted text on each keystroke.
function isCjk(ch: string): boolean {
  return ch.charCodeAt(0) >= 0x1100 && CJK_RE.test(ch);
}
/** Whether a term or text holds a CJK character. */
export function hasCjk(text: string): boolean {
  for (const ch of text) if (isCjk(ch)) return true;
  return false;
}
function isWord(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 36;
  return !isCjk(ch) && WORD_RE.test(ch);
}

/** A Latin-script token: joiner-separated runs, each run possibly camel-cased. */
interface WordToken {
  kind: 'word';
  start: number;
  end: number;
  /** A name's leading marker (`--`, `-`, `__`: `--config`, `-c`, `__dirname`), see leadingMarker. */
  lead: string;
  runs: { start: number; end: number; parts: { start: number; end: number }[] }[];
}
interface CjkToken {
  kind: 'cjk';
  start: number;
  end: number;
}
type Token = WordToken | CjkToken;

/** Splits text into word tokens (with identifier structure) and runs of CJK characters. */
function scan(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const chars = text; // indices are UTF-16 offsets; astral letters are rare enough to be split
  while (i < chars.length) {
    const ch = chars[i]!;
    if (isCjk(ch)) {
      const start = i;
      while (i < chars.length && isCjk(chars[i]!)) i++;
      tokens.push({ kind: 'cjk', start, end: i });
      continue;
    }
    if (!isWord(ch)) {
      i++;
      continue;
    }
    const token: WordToken = { kind: 'word', start: i, end: i, lead: leadingMarker(chars, i), runs: [] };
    for (;;) {
      const runStart = i;
      while (i < chars.length && isWord(chars[i]!)) i++;
      token.runs.push({ start: runStart, end: i, parts: camelParts(chars, runStart, i) });
      token.end = i;
      // A joiner continues the token only when a word character follows it.
      if (i + 1 < chars.length && JOINERS.has(chars[i]!) && isWord(chars[i + 1]!)) {
        i++;
        continue;
      }
      break;
    }
    tokens.push(token);
  }
  return tokens;
}

/**
 * The marker written before a word that starts at `at`, when it is a name's own spelling: a CLI
 * flag (`--config`, `-c`) or a module variable (`__dirname`), which readers type as written and
 * which the word alone does not name (`config` is every configuration page, `--config` is the
 * flag). Only a marker that starts a token (after a space, a bracket, a quote) and a word that
 * starts with a letter: `a-b` is a compound, `-1` a number.
 */
function leadingMarker(text: string, at: number): string {
  if (!/[a-zA-Z]/.test(text[at] ?? '')) return '';
  for (const marker of ['--', '__', '-']) {
    const start = at - marker.length;
    if (start >= 0 && text.startsWith(marker, start) && (start === 0 || !isWord(text[start - 1]!) && !JOINERS.has(text[start - 1]!))) return marker;
  }
  return '';
}

function camelParts(text: string, start: number, end: number): { start: number; end: number }[] {
  const run = text.slice(start, end);
  const pieces = run.split(CAMEL_SPLIT);
  if (pieces.length < 2) return [{ start, end }];
  const parts: { start: number; end: number }[] = [];
  let at = start;
  for (const piece of pieces) {
    parts.push({ start: at, end: at + piece.length });
    at += piece.length;
  }
  return parts;
}

function keepWordTerm(term: string): boolean {
  if (STOP_WORDS.has(term)) return false;
  // Lone letters are noise; lone digits are not (`Node 20`, `ES 5`).
  return term.length > 1 || /\p{N}/u.test(term);
}

/**
 * Adds a term if it is worth indexing. A module-level function, not a closure in wordSpans: the
 * pipeline runs under tsx, which wraps every named closure at creation, once per word here.
 */
function addWordTerm(spans: TermSpan[], term: string, start: number, end: number): void {
  if (term && keepWordTerm(term)) spans.push({ term, start, end });
}

/** Terms of a word token, each with its span. Parts, run wholes, and the whole compound. */
function wordSpans(text: string, token: WordToken): TermSpan[] {
  const spans: TermSpan[] = [];
  for (const run of token.runs) {
    addWordTerm(spans, normalize(text.slice(run.start, run.end)), run.start, run.end);
    if (run.parts.length > 1) for (const part of run.parts) addWordTerm(spans, normalize(text.slice(part.start, part.end)), part.start, part.end);
  }
  if (token.runs.length > 1 && wordJoined(text, token)) {
    const whole = token.runs.map((run) => normalize(text.slice(run.start, run.end))).join('');
    // Long chains make useless wholes; readers type at most a few parts.
    if (token.runs.length <= 4 && whole.length <= 32) addWordTerm(spans, whole, token.start, token.end);
  }
  // A flag or module variable is also indexed as written (see leadingMarker).
  if (token.lead) {
    const start = token.start - token.lead.length;
    const written = normalize(text.slice(start, token.end));
    if (written.length <= 32) spans.push({ term: written, start, end: token.end });
  }
  return spans;
}

/**
 * Whether a compound is one word spelled with `-` or `_` (`auto-external`, `node_modules`), which
 * readers also type run together. Dotted and slashed paths (`lib.dts.bundle`, `@rslib/core`)
 * are typed by their parts; a run-together whole would only inflate prefix matches.
 */
function wordJoined(text: string, token: WordToken): boolean {
  for (let k = 1; k < token.runs.length; k++) {
    const joiner = text[token.runs[k]!.start - 1];
    if (joiner !== '-' && joiner !== '_') return false;
  }
  return true;
}

let segmenter: Intl.Segmenter | undefined;
function cjkSpans(text: string, start: number, end: number, mode: CjkMode): TermSpan[] {
  const spans: TermSpan[] = [];
  const run = text.slice(start, end);
  if (mode === 'segmenter') {
    segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
    for (const seg of segmenter.segment(run)) {
      if (!seg.isWordLike) continue;
      const term = normalize(seg.segment);
      if (term.length === 1 && CJK_STOP.has(term)) continue;
      spans.push({ term, start: start + seg.index, end: start + seg.index + seg.segment.length });
    }
    return spans;
  }
  const chars = [...run];
  let at = start;
  const offsets = chars.map((ch) => {
    const o = at;
    at += ch.length;
    return o;
  });
  if (mode === 'char' || chars.length === 1) {
    chars.forEach((ch, k) => {
      if (!CJK_STOP.has(ch)) spans.push({ term: ch, start: offsets[k]!, end: offsets[k]! + ch.length });
    });
    return spans;
  }
  for (let k = 0; k + 1 < chars.length; k++) {
    const a = chars[k]!;
    const b = chars[k + 1]!;
    if (CJK_STOP.has(a) || CJK_STOP.has(b)) continue;
    spans.push({ term: a + b, start: offsets[k]!, end: offsets[k + 1]! + b.length });
  }
  // A character with stop characters on both sides would otherwise vanish (`的包的`).
  chars.forEach((ch, k) => {
    if (CJK_STOP.has(ch)) return;
    const prevOk = k > 0 && !CJK_STOP.has(chars[k - 1]!);
    const nextOk = k + 1 < chars.length && !CJK_STOP.has(chars[k + 1]!);
    if (!prevOk && !nextOk) spans.push({ term: ch, start: offsets[k]!, end: offsets[k]! + ch.length });
  });
  return spans;
}

/**
 * Every term of a text with the characters it covers, in text order. Used for highlighting;
 * with `cjk` null, runs of CJK characters give no terms (when none is looked for).
 */
export function termSpans(text: string, cjk: CjkMode | null): TermSpan[] {
  const spans: TermSpan[] = [];
  for (const token of scan(text)) {
    if (token.kind === 'cjk') {
      if (cjk) spans.push(...cjkSpans(text, token.start, token.end, cjk));
    } else spans.push(...wordSpans(text, token));
  }
  return spans;
}

/**
 * Syntax words of code blocks. Nearly every block has them, so in the code field they cost the
 * most postings and rank nothing; prose and headings still index them.
 */
const CODE_STOP_WORDS = new Set(
  'import export default from const let var function return true false null undefined new await async type interface extends string number boolean object void module exports require defineconfig define config rslib rslibcore core js ts json npm npx run'.split(
    ' ',
  ),
);

/** The terms a text is indexed under; `field` names the field for field-specific rules. */
export function analyze(text: string, cjk: CjkMode, field?: string): string[] {
  // An option name is one term, as a reader types it whole (`autoExtension`, `cleanDistPath`).
  if (field === 'name') return text ? [normalize(text)] : [];
  const terms = termSpans(text, cjk).map((span) => span.term);
  return field === 'code' ? terms.filter((t) => !CODE_STOP_WORDS.has(t)) : terms;
}

/**
 * The option a heading names, or '' when it names none: a heading written as one identifier
 * with a dot or a capital inside (`output.copy`, `lib.autoExtension`, `dts.bundle`,
 * `shims.esm.__filename`), whose last dotted part is the option's own name. Prose headings and
 * plain words (`Bundle`, `Quick start`) name none.
 */
export function optionName(heading: string): string {
  const text = heading.trim();
  if (!/^[\w$@.\-]+$/.test(text) || !/[.]|[a-z][A-Z]/.test(text)) return '';
  const last = text.split('.').filter(Boolean).at(-1) ?? '';
  return /[\p{L}\p{N}]/u.test(last) ? last : '';
}

/**
 * A query as groups of required terms. Unlike indexing, a group keeps the alternative spellings
 * of one typed token apart so that the query side can require *either* the whole identifier
 * *or* all of its parts: `auto external` and `autoExternal` then find the same sections.
 */
export function analyzeQuery(query: string, cjk: CjkMode, common: ReadonlySet<string> = new Set()): QueryGroup[] {
  const groups: QueryGroup[] = [];
  const tokens = scan(query);
  const typingLast = !/\s$/.test(query);
  tokens.forEach((token, k) => {
    const isLast = k === tokens.length - 1;
    if (token.kind === 'cjk') {
      const terms = cjkSpans(query, token.start, token.end, cjk).map((s) => s.term);
      const rare = terms.filter((t) => !common.has(t));
      if (rare.length) groups.push(rare.length < terms.length ? { alternatives: [rare], stop: false, source: terms } : { alternatives: [rare], stop: false });
      // Only common words (插件 cut into 插|件): not required, but scored where they match a
      // heading or code, and looked up in the synonym sets (插件 → plugin).
      else if (terms.length) groups.push({ alternatives: [terms], stop: false, optional: true, common: true });
      return;
    }
    // A flag or module variable typed as written is that name (see leadingMarker): required, and
    // only as written, since the word alone is in every page about it (`--config`, `config`).
    if (token.lead) {
      groups.push({ alternatives: [[normalize(query.slice(token.start - token.lead.length, token.end))]], stop: false });
      return;
    }
    const runs = token.runs.map((run) => normalize(query.slice(run.start, run.end)));
    const parts = token.runs.flatMap((run) => run.parts.map((p) => normalize(query.slice(p.start, p.end))));
    const whole = runs.join('');
    const stop = !keepWordTerm(whole);
    const isCommon = common.has(whole);
    if (!stop && (isCommon || VALUE_WORDS.has(whole)) && !(isLast && typingLast && !VALUE_WORDS.has(whole))) {
      groups.push(isCommon ? { alternatives: [[whole]], stop: false, optional: true, common: true } : { alternatives: [[whole]], stop: false, optional: true });
      return;
    }
    if (stop && !(isLast && typingLast)) {
      // A finished stop word or a lone letter; kept only as a fallback below.
      groups.push({ alternatives: [[whole]], stop: true });
      return;
    }
    const alternatives: string[][] = [[whole]];
    const kept = parts.filter(keepWordTerm);
    if (parts.length > 1 && kept.length) alternatives.push(kept);
    groups.push(isCommon ? { alternatives, stop: false, common: true } : { alternatives, stop: false });
  });
  // A query made only of stop words still searches for them (as prefixes: `in` → `install`).
  if (groups.length && groups.every((g) => g.stop)) return groups.map((g) => ({ ...g, stop: false }));
  const kept = groups.filter((g) => !g.stop);
  // Only common terms (and values): they are what the reader looks for, so they are required,
  // values excepted while there is anything else.
  if (kept.every((g) => g.optional)) {
    const names = kept.filter((g) => !VALUE_WORDS.has(g.alternatives[0]![0]!));
    return kept.map((g) => {
      const { optional: _, ...group } = g;
      return names.length && !names.includes(g) ? { ...group, optional: true } : group;
    });
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------
// MiniSearch configuration shared by index and query time
// ---------------------------------------------------------------------------------------------

/**
 * The searchable fields of a section record.
 * - `title`: the section's own heading (the page title for the page's first section);
 * - `parents`: the headings above it (page title, parent sections);
 * - `group`: the sidebar group (hierarchy.lvl0);
 * - `content`: prose; `code`: code-block text, searched with a lower weight;
 * - `name`: the option a record documents, when its own heading is one (`output.copy` → `copy`,
 *   `lib.autoExtension` → `autoExtension`; see optionName), indexed whole: `define` finds the
 *   `source.define` option by its name, not the `defineConfig` heading by a part of it;
 * - `description`: the page's frontmatter description, on its top record only: the sentence
 *   in which a page says what it is about (`lib.footer`: "append text at the end of every
 *   output file"), in words a reader uses where its title is an option name. Ranked between
 *   the own heading and the parents' headings; BM25's length normalization keeps a long
 *   description below a short heading holding the same words.
 */
export const SEARCH_FIELDS = ['title', 'parents', 'group', 'content', 'code', 'name', 'description'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export type SearchDocument = { id: number } & Record<SearchField, string>;
const CONTENT_FIELD_ID = String(SEARCH_FIELDS.indexOf('content'));
const CODE_FIELD_ID = String(SEARCH_FIELDS.indexOf('code'));

/**
 * Terms whose prose postings are left out of the file: those in more than `share` of the
 * sections (and at least `min`). They rank almost nothing (BM25 gives them a tiny weight), yet
 * hold a third of all postings; queries drop them like stop words (see analyzeQuery).
 * Chinese words of two or more characters count as common only past `cjkShare`: Chinese prose
 * says a thing with a few frequent words (输出 目录, 依赖 打包) where English has rarer ones,
 * and at the English share a Chinese query would lose most of its words. Lone characters (the
 * segmenter's splinters, see cjkSpans) keep the English share.
 */
export function commonTerms(packed: PackedIndex, share = 0.1, min = 40, cjkShare = 0.2): Set<string> {
  const limit = Math.max(min, share * packed.documentCount);
  const cjkLimit = Math.max(min, cjkShare * packed.documentCount);
  const common = new Set<string>();
  packed.postings.forEach((posting, t) => {
    const prose = proseSegment(posting);
    const term = packed.terms[t]!;
    // Entries are comma-separated: a field with more than `limit` commas has more than `limit` documents.
    if (prose && countCommas(prose) + 1 > (term.length > 1 && hasCjk(term) ? cjkLimit : limit)) common.add(term);
  });
  return common;
}

/** The packed index without the prose postings of `common` terms (a term left with none goes). */
export function withoutCommonProse(packed: PackedIndex, common: ReadonlySet<string>): PackedIndex {
  return withoutField(packed, common, CONTENT_FIELD_ID);
}

/**
 * Terms in the code blocks of more than `share` of the sections (and more than `min`): config
 * keys and commands every example repeats (`lib`, `format`, `output`, `pnpm`, `plugins`). Their
 * code postings rank nothing the heading, name and prose postings do not (code weighs 0.3 and
 * such a term is in every example), yet take a tenth of the file; they are left out of it, the
 * data-driven counterpart of CODE_STOP_WORDS. Terms of prose or headings keep those postings.
 */
export function commonCodeTerms(packed: PackedIndex, share = 0.05, min = 20): Set<string> {
  const limit = Math.max(min, share * packed.documentCount);
  const common = new Set<string>();
  packed.postings.forEach((posting, t) => {
    const code = fieldSegment(posting, CODE_FIELD_ID);
    if (code && countCommas(code) + 1 > limit) common.add(packed.terms[t]!);
  });
  return common;
}

/**
 * What a file or a split layout publishes of an analyzed index: without the prose postings of
 * the corpus-common terms `common` (see commonTerms) and the code postings of code-common terms
 * (see commonCodeTerms); both layouts call it, so that they rank alike.
 */
export function publishedIndex(analyzed: PackedIndex, common: ReadonlySet<string>): PackedIndex {
  return withoutCommonCode(withoutCommonProse(analyzed, common), commonCodeTerms(analyzed));
}

/** The packed index without the code postings of `common` terms (see commonCodeTerms; a term left with none goes). */
export function withoutCommonCode(packed: PackedIndex, common: ReadonlySet<string>): PackedIndex {
  return withoutField(packed, common, CODE_FIELD_ID);
}

/** The packed index without the postings of field `fieldId` for `terms`; a term left with none goes. */
function withoutField(packed: PackedIndex, drop: ReadonlySet<string>, fieldId: string): PackedIndex {
  if (drop.size === 0) return packed;
  const terms: string[] = [];
  const postings: string[] = [];
  packed.terms.forEach((term, t) => {
    let posting = packed.postings[t]!;
    if (drop.has(term)) {
      posting = posting
        .split(';')
        .filter((part) => !part.startsWith(`${fieldId}:`))
        .join(';');
      if (!posting) return;
    }
    terms.push(term);
    postings.push(posting);
  });
  return { ...packed, terms, postings };
}

/** The prose field's entries of a packed posting, or null when the term is in no prose. */
function proseSegment(posting: string): string | null {
  return fieldSegment(posting, CONTENT_FIELD_ID);
}

/** A field's entries of a packed posting, or null when the term is not in that field. */
function fieldSegment(posting: string, fieldId: string): string | null {
  const tag = `${fieldId}:`;
  let start: number;
  if (posting.startsWith(tag)) start = tag.length;
  else {
    const at = posting.indexOf(`;${tag}`);
    if (at < 0) return null;
    start = at + 1 + tag.length;
  }
  const end = posting.indexOf(';', start);
  return posting.slice(start, end < 0 ? undefined : end);
}

function countCommas(text: string): number {
  let n = 0;
  for (let i = text.indexOf(','); i >= 0; i = text.indexOf(',', i + 1)) n++;
  return n;
}

/**
 * MiniSearch options that must be identical when building and loading the index. Documents are
 * already analyzed into fields; the tokenizer turns field text into terms and does all
 * normalization itself, so `processTerm` only passes terms through.
 */
export function miniSearchOptions(cjk: CjkMode): Options<SearchDocument> {
  return {
    idField: 'id',
    fields: [...SEARCH_FIELDS],
    storeFields: [],
    tokenize: (text, field) => analyze(text, cjk, field),
    processTerm: (term) => term,
    autoVacuum: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Packing MiniSearch's serialization
// ---------------------------------------------------------------------------------------------

/** MiniSearch's plain-object index → the packed form. Requires ids equal to positions. */
export function packIndex(js: AsPlainObject): PackedIndex {
  const count = js.documentCount;
  for (let i = 0; i < count; i++) {
    // Only a fresh index of documents with ids 0..n-1 maps short ids to positions one to one.
    if ((js.documentIds as Record<string, unknown>)[i] !== i) throw new Error(`packIndex: document ${i} has id ${String((js.documentIds as Record<string, unknown>)[i])}`);
  }
  const fieldLength = Array.from({ length: count }, (_, i) => (js.fieldLength as Record<string, number[]>)[i] ?? []);
  const terms: string[] = [];
  const postings: string[] = [];
  for (const [term, fields] of js.index as [string, Posting][]) {
    const posting = encodePosting(fields);
    if (!posting) continue;
    terms.push(term);
    postings.push(posting);
  }
  return { documentCount: count, averageFieldLength: js.averageFieldLength, fieldLength, terms, postings };
}

/** A term's documents and term frequencies per field id: MiniSearch's shape, and the patch's. */
export type Posting = Record<string, Record<string, number>>;

/** A posting → its packed string (see PackedIndex.postings); '' when no field has a document. */
function encodePosting(fields: Posting): string {
  const parts: string[] = [];
  for (const fieldId of Object.keys(fields).sort((a, b) => Number(a) - Number(b))) {
    const docs = fields[fieldId]!;
    let previous = 0;
    const entries = Object.keys(docs)
      .map(Number)
      .sort((a, b) => a - b)
      .map((doc) => {
        const tf = docs[doc]!;
        const entry = (doc - previous).toString(36) + (tf === 1 ? '' : `*${tf.toString(36)}`);
        previous = doc;
        return entry;
      });
    if (entries.length) parts.push(`${fieldId}:${entries.join(',')}`);
  }
  return parts.join(';');
}

export function decodePosting(posting: string): Posting {
  const fields: Posting = {};
  for (const part of posting.split(';')) {
    const colon = part.indexOf(':');
    const docs: Record<string, number> = {};
    let doc = 0;
    for (const entry of part.slice(colon + 1).split(',')) {
      const star = entry.indexOf('*');
      doc += parseInt(star < 0 ? entry : entry.slice(0, star), 36);
      docs[doc] = star < 0 ? 1 : parseInt(entry.slice(star + 1), 36);
    }
    fields[part.slice(0, colon)] = docs;
  }
  return fields;
}

/** The packed form → MiniSearch's plain-object index, for `MiniSearch.loadJS`. */
export function unpackIndex(packed: PackedIndex): AsPlainObject {
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  packed.fieldLength.forEach((lengths, i) => {
    documentIds[i] = i;
    fieldLength[i] = lengths;
  });
  const index: [string, Posting][] = packed.terms.map((term, t) => [term, decodePosting(packed.postings[t]!)]);
  return {
    documentCount: packed.documentCount,
    nextId: packed.documentCount,
    documentIds,
    fieldIds: Object.fromEntries(SEARCH_FIELDS.map((f, i) => [f, i])),
    fieldLength,
    averageFieldLength: packed.averageFieldLength,
    // Nothing is stored in MiniSearch: the modal's fields live in `docs` and `pages`.
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  } as AsPlainObject;
}
