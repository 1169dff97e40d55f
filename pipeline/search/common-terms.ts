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
  // Passed over unread: a posting too short for any of its fields to hold more entries than the lower limit.
  const shortest = shortestOver(Math.min(limit, cjkLimit));
  for (let t = 0; t < packed.postings.length; t++) {
    const posting = packed.postings[t]!;
    if (posting.length < shortest) continue;
    const prose = proseSegment(posting);
    const term = packed.terms[t]!;
    if (prose && entriesOver(prose, term.length > 1 && hasCjk(term) ? cjkLimit : limit)) common.add(term);
  }
  return common;
}

/** The packed index without the prose postings of `common` terms (a term left with none goes). */
export function withoutCommonProse(packed: PackedIndex, common: ReadonlySet<string>): PackedIndex {
  return withoutFields(packed, [[common, CONTENT_FIELD_ID]]);
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
  const shortest = shortestOver(limit);
  for (let t = 0; t < packed.postings.length; t++) {
    const posting = packed.postings[t]!;
    if (posting.length < shortest) continue;
    const code = fieldSegment(posting, CODE_FIELD_ID);
    if (code && entriesOver(code, limit)) common.add(packed.terms[t]!);
  }
  return common;
}

/**
 * What a file or a split layout publishes of an analyzed index: without the prose postings of
 * the corpus-common terms `common` (see commonTerms) and the code postings of code-common terms
 * (see commonCodeTerms); both layouts call it, so that they rank alike.
 */
export function publishedIndex(analyzed: PackedIndex, common: ReadonlySet<string>): PackedIndex {
  // One pass over the terms for both (hundreds of thousands at 10,000 pages per language).
  return withoutFields(analyzed, [
    [common, CONTENT_FIELD_ID],
    [commonCodeTerms(analyzed), CODE_FIELD_ID],
  ]);
}

/** The packed index without, for each [terms, field id] of `drops`, those terms' postings of that field; a term left with none goes. */
function withoutFields(packed: PackedIndex, drops: ReadonlyArray<readonly [ReadonlySet<string>, string]>): PackedIndex {
  if (drops.every(([terms]) => terms.size === 0)) return packed;
  const terms: string[] = [];
  const postings: string[] = [];
  for (let t = 0; t < packed.terms.length; t++) {
    const term = packed.terms[t]!;
    let posting = packed.postings[t]!;
    for (let d = 0; d < drops.length; d++) {
      const [drop, fieldId] = drops[d]!;
      if (drop.has(term)) posting = withoutField(posting, fieldId);
    }
    if (!posting) continue;
    terms.push(term);
    postings.push(posting);
  }
  return { ...packed, terms, postings };
}

/** A packed posting without the entries of field `fieldId` ('' when it had no other field). */
function withoutField(posting: string, fieldId: string): string {
  return posting
    .split(';')
    .filter((part) => !part.startsWith(`${fieldId}:`))
    .join(';');
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

/** The length below which no field of a posting can hold more than `limit` entries (comma-separated, a character at least each). */
const shortestOver = (limit: number): number => 2 * Math.floor(limit) + 1;

/** Whether a field's comma-separated entries are more than `limit`: counted until they are. */
function entriesOver(entries: string, limit: number): boolean {
  let n = 1;
  for (let i = entries.indexOf(','); i >= 0; i = entries.indexOf(',', i + 1)) if (++n > limit) return true;
  return n > limit;
}
