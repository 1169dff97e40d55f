/**
 * What the published index leaves out: the prose postings of corpus-common terms and the code
 * postings of code-common terms. The analyzer's queries drop the same terms (analyzeQuery's
 * `common`), so both layouts of the file and the engine agree on them.
 */
import type { PackedIndex } from '../../schemas/search-index.ts';
import { SEARCH_FIELDS } from '../../schemas/search-format/format.ts';
import { hasCjk } from '../../schemas/search-format/analyzer.ts';

const CONTENT_FIELD_ID = String(SEARCH_FIELDS.indexOf('content'));
const CODE_FIELD_ID = String(SEARCH_FIELDS.indexOf('code'));
/** The `name` field's place among a record's field lengths. */
export const NAME_FIELD = SEARCH_FIELDS.indexOf('name');

/** Whether a record's field lengths are those of a record found by its name alone: a name, no text. */
export const isNameOnly = (lengths: readonly number[]) => lengths[NAME_FIELD]! > 0 && lengths.every((n, f) => f === NAME_FIELD || n === 0);

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
  // Sections: records found by their name alone (table rows that document a name, exact-names.ts:
  // isNameRow) have no prose, and counted, they would make a term common only in more sections.
  const sections = packed.fieldLength.filter((lengths) => !isNameOnly(lengths)).length;
  const limit = Math.max(min, share * sections);
  const cjkLimit = Math.max(min, cjkShare * sections);
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

