/**
 * Ranking rules applied to the searcher's results (scorer.ts, MiniSearch's scores), pure and
 * shared by the unsplit and the split engine (engine.ts): typo reach, relaxed query plans,
 * heading matches (page titles and option names first), repeated headings, and the spread of one
 * page's sections. Each works from what both layouts know of every document (match fields, record
 * type, heading length), so that both rank alike. Each step gives a score per result, as a
 * column (rankResults runs them all); the steps as lists of results (headingFirst…) say the same
 * for one step at a time.
 */
import type { SearchResult } from 'minisearch';
import { hasCjk, type QueryGroup } from '../../../schemas/search-format/analyzer.ts';
import type { NameKindCode } from '../../../schemas/search-index.ts';
import { fieldBit, type SearchField } from '../../../schemas/search-format/format.ts';
import type { HitType } from './types.ts';

/** What the ranking reads of the results, by position: the searcher's columns (found.ts, rankedFound) or a list of results (listRanked). */
export interface Ranked {
  /** The results' documents, by position (columns, not calls: every step reads every result's). */
  readonly ids: Int32Array;
  /** The results' scores, by position. */
  readonly scores: Float64Array;
  /** The terms result `i` matched in any of the fields of `bits` (bits of SEARCH_FIELDS), in the order matched. */
  termsIn(i: number, bits: number): readonly string[];
  /** Whether result `i` matched `term` in `field`. */
  matchedIn(i: number, term: string, field: SearchField): boolean;
  /**
   * The results that matched some term in one of the fields of `bits`, by position: a column read
   * in one pass, as most results of a broad query hold no query word in a heading.
   */
  rowsIn(bits: number): Int32Array;
  /** The results that matched `term` in `field`, by position. */
  rowsMatching(term: string, field: SearchField): Int32Array;
}

const TITLE = fieldBit('title');
const HEAD = TITLE | fieldBit('description');
const SECTION = TITLE | fieldBit('group');

/** Results as the ranking steps read them, with the matched terms of each heading looked up once for all steps. */
interface RankView extends Ranked {
  /** The matched terms of a result found in its own heading (`title` field). */
  title(i: number): readonly string[];
  /** The matched terms of a result found in its heading or its description (a page's top record, for a Chinese query). */
  head(i: number): readonly string[];
  /** The results whose own heading holds a matched term, by position. */
  readonly titled: Int32Array;
}

const NO_TERMS: readonly string[] = [];

function rankView(ranked: Ranked): RankView {
  // Every step reads the heading terms of every result, and most results have none: those of the
  // results that have some, read once; a column by result of where (0: none).
  const titled = ranked.rowsIn(TITLE);
  const titles: Array<readonly string[]> = [NO_TERMS];
  const titleAt = new Int32Array(ranked.ids.length);
  for (let k = 0; k < titled.length; k++) {
    titleAt[titled[k]!] = k + 1;
    titles.push(ranked.termsIn(titled[k]!, TITLE));
  }
  // A result's heading and description terms, read when first asked (for pages' tops): a column
  // by result of where (0: not yet read).
  const heads: Array<readonly string[]> = [NO_TERMS];
  const headAt = new Int32Array(ranked.ids.length);
  return {
    ids: ranked.ids,
    scores: ranked.scores,
    titled,
    termsIn: (i, bits) => ranked.termsIn(i, bits),
    matchedIn: (i, term, field) => ranked.matchedIn(i, term, field),
    rowsIn: (bits) => ranked.rowsIn(bits),
    rowsMatching: (term, field) => ranked.rowsMatching(term, field),
    title: (i) => titles[titleAt[i]!]!,
    head(i) {
      if (headAt[i] === 0) {
        headAt[i] = heads.length;
        heads.push(ranked.termsIn(i, HEAD));
      }
      return heads[headAt[i]!]!;
    },
  };
}

/** A list of MiniSearch's results as the ranking reads them. */
export function listRanked(results: readonly SearchResult[]): Ranked {
  const ranked: Ranked = {
    ids: Int32Array.from(results, (result) => result.id as number),
    scores: Float64Array.from(results, (result) => result.score),
    termsIn(i, bits) {
      const { terms, match } = results[i]!;
      return terms.filter((term) => (match[term] ?? []).some((field) => bits & fieldBit(field as SearchField)));
    },
    matchedIn: (i, term, field) => (results[i]!.match[term] ?? []).includes(field),
    rowsIn: (bits) => Int32Array.from(results.keys()).filter((i) => ranked.termsIn(i, bits).length > 0),
    rowsMatching: (term, field) => Int32Array.from(results.keys()).filter((i) => ranked.matchedIn(i, term, field)),
  };
  return ranked;
}

export const DEPTHS: Record<HitType, number> = { lvl1: 1, lvl2: 2, lvl3: 3, lvl4: 4, lvl5: 5, lvl6: 6, content: 7 };

/**
 * Typo tolerance as the issue asks: one edit from 5 letters, two from 8; none for CJK terms, nor
 * for a flag or module variable typed as written (`--config`, `__dirname`): two edits would drop
 * its marker and reach every page about the word.
 */
export function maxEdits(term: string): number {
  if (hasCjk(term) || term.startsWith('-') || term.startsWith('_')) return 0;
  if (term.length >= 8) return 2;
  if (term.length >= 5) return 1;
  return 0;
}

/**
 * Every word of the query required but one, the last typed first: the words a reader adds after
 * an option's name are values and qualifiers (`dts true`, `format umd`), the name itself comes
 * first. A word is a group, or a term of a group typed as one spelling of several terms (a
 * Chinese phrase cut into words: `依赖打包` also finds sections with `依赖` alone; an identifier's
 * parts: `rslib.config.ts` also finds `rslib` and `config` without `ts`). `common`: the word left
 * out is corpus-common (QueryGroup.common, or `isCommon` for a term).
 */
export function relaxedQueries(groups: QueryGroup[], isCommon: (term: string) => boolean = () => false): { groups: QueryGroup[]; common: boolean }[] {
  const plans: { groups: QueryGroup[]; common: boolean }[] = [];
  for (let drop = groups.length - 1; drop >= 0; drop--) {
    const group = groups[drop]!;
    // A name typed as code (`__dirname`, `--watch`, `autoExternal`) is what the reader looks for:
    // the words around it may be missing (an English error message on a Chinese page), not it.
    if (group.code && groups.length > 1) continue;
    // The spelling of several terms: a Chinese phrase's words, an identifier's parts.
    const terms = group.alternatives.at(-1)!;
    if (terms.length > 1) {
      for (let t = terms.length - 1; t >= 0; t--) {
        const fewer = { ...group, alternatives: [terms.filter((_, k) => k !== t)] };
        plans.push({ groups: groups.map((g, k) => (k === drop ? fewer : g)), common: isCommon(terms[t]!) });
      }
    } else if (groups.length > 1) plans.push({ groups: groups.filter((_, k) => k !== drop), common: !!group.common });
  }
  return plans;
}

/** How the heading factor of headingFirst is given. */
export interface HeadingRanking {
  /** Factor for a record whose own heading holds every word of the query (Tuning.headingMatch). */
  factor: number;
  /** Further factor when that heading is a page's title (Tuning.pageTitle). */
  pageTitle: number;
  /** Further factor for a page's top record when no heading holds a query word (Tuning.proseTop). */
  proseTop: number;
  /** Whether a document is a page's top record (its heading is the page title). */
  isTop: (id: number) => boolean;
  /**
   * Part of the heading factor that depends on how much of the heading the query covers (0: none,
   * Tuning.headingCoverage): `dts.bundle` is all about `dts 打包`, a long question heading that
   * mentions both is less so.
   */
  coverage: number;
  /** Number of terms in a record's own heading. */
  titleLength: (id: number) => number;
  /**
   * Factor on the share of a Chinese phrase cut into words that a heading holds in part
   * (Tuning.phrasePart): the phrase (`目标语法` → 目标|语法) names one thing, and a heading with
   * one of its words (`语法降级`) is about another, unlike an identifier whose parts each name
   * it (`autoExternal.dependencies`). 1: no difference.
   */
  phrasePart: number;
  /**
   * Weight of a heading holding a synonym of a query word (QueryGroup.synonyms) relative to one
   * holding the word as typed (Tuning.headingSynonym): the reader's own word over the table's
   * guess when both headings hold the query (`dts` finds `lib.dts` before "Declaration files").
   */
  synonym: number;
}

/**
 * Ranks records whose own heading holds the query's matched words above those that only mention
 * them: `factor` when every query word matched in the heading (`title` field), in proportion when
 * some did; optional words (values, corpus-common words) count where they match but are not
 * missed where they do not (`bundle false`: the page titled `lib.bundle` holds the query). A
 * page title holding the whole query ranks above a section heading that does too (a sub-heading
 * repeating another page's title). Scores stay comparable between the unsplit and split layouts
 * (same inputs).
 */
export function headingFirst(results: SearchResult[], groups: QueryGroup[], ranking: HeadingRanking): SearchResult[] {
  return rescored(results, headingScores(rankView(listRanked(results)), groups, ranking));
}

/**
 * headingFirst's scores, by result. Results with the same heading shape (the same matched terms in
 * it, page top or not, heading length) get the same factor, worked out once: on a large site a
 * query finds thousands of sections headed alike (`usage notes`: 20,000 at 10,000 pages a language).
 */
function headingScores(view: RankView, groups: QueryGroup[], ranking: HeadingRanking): Float64Array {
  const scores = scoresOf(view);
  const required = groups.filter((g) => !g.optional).length || groups.length;
  const { factor } = ranking;
  if (required === 0 || (factor === 1 && ranking.proseTop === 1)) return scores;
  const reached = reachCache();
  const chinese = isChinese(groups);
  // By the heading's matched terms, then its length (negative for a page's top): the heading
  // factor (0: no heading word), and the further factor of a page's title holding the whole query.
  const none: [number, number] = [0, 1];
  const shapeOf = byHeading((inTitle, key): [number, number] => {
    const top = key < 0;
    const titleLength = top ? -1 - key : key;
    let inHeading = 0;
    for (const g of groups) {
      let best = 0;
      for (const terms of g.alternatives) best = Math.max(best, headingShare(terms, heldBy(inTitle, terms, reached), ranking.phrasePart));
      for (const terms of g.synonyms ?? []) best = Math.max(best, ranking.synonym * headingShare(terms, heldBy(inTitle, terms, reached), ranking.phrasePart));
      inHeading += best;
    }
    if (inHeading === 0) return none;
    const share = Math.min(1, inHeading / required);
    const covered = Math.min(1, inTitle.length / Math.max(1, titleLength));
    const exact = 1 - ranking.coverage + ranking.coverage * covered;
    return [1 + (factor - 1) * share * exact, share === 1 && top ? ranking.pageTitle : 1];
  });
  for (let i = 0; i < view.ids.length; i++) {
    const id = view.ids[i]!;
    // Each group counts by the share of its best spelling's terms found in the heading:
    // `autoExternal.dependencies` counts whole in its own section, half on the page's top.
    const top = ranking.isTop(id);
    // A page's description is part of its heading for a Chinese query: the Chinese site titles its
    // option pages with the option's name (lib.redirect), and says what they are in its words there.
    const inTitle = top && chinese ? view.head(i) : view.title(i);
    const shape = inTitle.length ? shapeOf(inTitle, top ? -1 - ranking.titleLength(id) : ranking.titleLength(id)) : none;
    // Read by index: destructuring runs the array's iterator, on every result.
    const heading = shape[0];
    const whole = shape[1];
    if (heading === 0) {
      if (top && ranking.proseTop !== 1) scores[i] = view.scores[i]! * ranking.proseTop;
    } else scores[i] = view.scores[i]! * heading * whole;
  }
  return scores;
}

/**
 * How many of a spelling's `terms` a heading's matched terms reach. Loops, not closures: it runs
 * for every result whose heading holds a query word, on every keystroke.
 */
function heldBy(inTitle: readonly string[], terms: readonly string[], reached: (term: string, leaf: string) => boolean): number {
  let found = 0;
  for (const leaf of terms) {
    for (const term of inTitle) {
      if (reached(term, leaf)) {
        found++;
        break;
      }
    }
  }
  return found;
}

/**
 * The share of a spelling's `terms` that a heading holds (`found` of them), `phrasePart` times
 * less for part of a Chinese phrase cut into words (see HeadingRanking.phrasePart).
 */
function headingShare(terms: string[], found: number, phrasePart: number): number {
  if (found === terms.length) return 1;
  const phrase = terms.length > 1 && terms.every(hasCjk);
  return (phrase ? phrasePart : 1) * (found / terms.length);
}

/** What repeatedHeadings needs to know of a document without its record (a split index has few). */
export interface HeadingShape {
  /** 1 for a page's top, 2-6 for a section under a heading of that level, 7 for content. */
  depth(id: number): number;
  /** Number of terms in the record's own heading (its `title` field). */
  titleLength(id: number): number;
}

/**
 * Records whose own heading holds every query word, and repeats the heading of a shallower
 * record among the results (same matched terms, same length), at `factor` times their score:
 * the shallowest is where the thing is documented. Results come in score order and leave so.
 */
export function repeatedHeadings(results: SearchResult[], groups: QueryGroup[], shape: HeadingShape, factor: number): SearchResult[] {
  const view = rankView(listRanked(results));
  const scores = repeatedHeadingScores(view, scoresOf(view), groups, shape, factor);
  return scores.every((score, i) => score === results[i]!.score) ? results : rescored(results, scores);
}

/** repeatedHeadings' scores, by result, from the `scores` the results have so far. */
function repeatedHeadingScores(view: RankView, scores: Float64Array, groups: QueryGroup[], shape: HeadingShape, factor: number): Float64Array {
  if (factor === 1 || groups.length === 0) return scores;
  const reached = reachCache();
  // Each signature (a heading's matched terms in any order, and its length) and the least depth
  // of the results that have it.
  const bySignature = new Map<string, { depth: number }>();
  // By a heading's matched terms, then its length: its signature's entry, or null where it lacks a query word.
  const entryOf = byHeading((inTitle, titleLength) => {
    const holdsAll = groups.every((g) => g.optional || [...g.alternatives, ...(g.synonyms ?? [])].some((spelling) => spelling.every((leaf) => inTitle.some((term) => reached(term, leaf)))));
    if (!holdsAll) return null;
    const signature = `${titleLength}:${[...inTitle].sort().join(' ')}`;
    const entry = bySignature.get(signature) ?? { depth: Infinity };
    bySignature.set(signature, entry);
    return entry;
  });
  // Only a result whose heading holds a query word has a signature: by its place among those, with its depth.
  const { titled } = view;
  const entries: Array<{ depth: number } | null> = [];
  const depths = new Uint8Array(titled.length);
  for (let k = 0; k < titled.length; k++) {
    const i = titled[k]!;
    const id = view.ids[i]!;
    const entry = entryOf(view.title(i), shape.titleLength(id));
    const depth = (depths[k] = shape.depth(id));
    if (entry && depth < entry.depth) entry.depth = depth;
    entries.push(entry);
  }
  // A copy only when a score changes: most results of a broad query have no heading to repeat.
  let out = scores;
  for (let k = 0; k < titled.length; k++) {
    const entry = entries[k];
    if (entry && depths[k]! > entry.depth) {
      const i = titled[k]!;
      if (out === scores) out = new Float64Array(scores);
      out[i] = scores[i]! * factor;
    }
  }
  return out;
}

/**
 * Each result's score times `factor` for every result of the same page ranked above it (see
 * Tuning.samePage); `pageOf` gives a document's page.
 */
export function spreadPages(results: SearchResult[], pageOf: (id: number) => number, factor: number): SearchResult[] {
  if (factor === 1) return results;
  const view = listRanked(results);
  const scores = scoresOf(view);
  // The order given is the ranking so far: by score, ties as given.
  return rescored(results, spreadScores(view, scores, scores, pageOf, factor));
}

/**
 * spreadPages' scores, by result, for results ranked so far by `scores`, then `tiebreak`, then
 * their own score, then as given (the order the steps as lists leave the results in, sorted by
 * score first). Each page's results are ranked among
 * themselves alone (a page's records are few), not the whole list.
 */
function spreadScores(ranked: Ranked, scores: Float64Array, tiebreak: Float64Array, pageOf: (id: number) => number, factor: number): Float64Array {
  if (factor === 1) return scores;
  const out = new Float64Array(scores);
  const n = ranked.ids.length;
  // Each page's results as a list through `next`, in the order given: a column by page (pages are
  // documents, fewer than the largest page's id), not a map, as a broad query on a large site
  // finds tens of thousands of results on as many pages.
  const { pages, pageCount } = pagesOfResults(ranked, pageOf);
  const first = new Int32Array(pageCount).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let i = n - 1; i >= 0; i--) {
    next[i] = first[pages[i]!]!;
    first[pages[i]!] = i;
  }
  const before = rankedBefore(ranked, scores, tiebreak);
  // A page's results sorted by insertion, in place: a page has a few, and a sort call per page
  // (ten thousand on a broad query at 10,000 pages a language) cost more than the sorting.
  const members = new Int32Array(n);
  const powers: number[] = [1];
  for (let head = 0; head < n; head++) {
    if (first[pages[head]!] !== head || next[head] === -1) continue;
    let count = 0;
    for (let i = head; i !== -1; i = next[i]!) {
      let k = count++;
      for (; k > 0 && before(i, members[k - 1]!) < 0; k--) members[k] = members[k - 1]!;
      members[k] = i;
    }
    while (powers.length < count) powers.push(factor ** powers.length);
    for (let k = 1; k < count; k++) out[members[k]!] = scores[members[k]!]! * powers[k]!;
  }
  return out;
}

/** Each result's page, by position, and one more than the highest (pages are documents: their ids). */
function pagesOfResults(ranked: Ranked, pageOf: (id: number) => number): { pages: Int32Array; pageCount: number } {
  const pages = new Int32Array(ranked.ids.length);
  let pageCount = 0;
  for (let i = 0; i < pages.length; i++) {
    pages[i] = pageOf(ranked.ids[i]!);
    if (pages[i]! >= pageCount) pageCount = pages[i]! + 1;
  }
  return { pages, pageCount };
}

/** The order of results ranked so far: by `scores`, then `tiebreak`, then their own score, then as given. */
function rankedBefore(ranked: Ranked, scores: Float64Array, tiebreak: Float64Array): (a: number, b: number) => number {
  return (a, b) => scores[b]! - scores[a]! || tiebreak[b]! - tiebreak[a]! || ranked.scores[b]! - ranked.scores[a]! || a - b;
}

/** What exactNamesFirst knows of a record: its number of title terms, whether it is a page's top, and the kind of name it documents. */
export interface ExactNameShape {
  titleLength: (id: number) => number;
  isPage: (id: number) => boolean;
  /** The kind of name of @rslib/core the record documents (IndexedDoc.k), null for none. */
  nameKind: (id: number) => NameKindCode | null;
  /** Whether a record's page is outside the sidebar (no sidebar group: the home page). */
  outsideSidebar: (id: number) => boolean;
}

/**
 * Where a result that documents exactly the name typed stands among those that do (lower is
 * first), or null for any other result: `exactNamePlaces(view, groups, shape)(i, named)` for
 * result `i` (`named`: its `name` field matched the typed name whole). A record documents a
 * name when its `name` field is it (pipeline/search/exact-names.ts: only the page that
 * documents a name indexes it there, the coverage check's rules), and is exactly the name typed
 * when that field matched the typed name whole (QueryGroup.name: `autoExternal`, `target` of
 * `output.target`, `build` of `rslib build`), not a part of it or a prefix. Then, first to last:
 * 0. its heading is the words typed: the heading holds every word (for a dotted name, every part
 *    of its path: `dts.bundle` is the `dts.bundle` section, not the page titled `lib.bundle`)
 *    and nothing else, or the page's title names it (`lib.autoExternal` for `autoExternal`);
 * 1. a page titled with the name that does not hold the path typed (`output.autoExternal`: the
 *    page `lib.autoExternal`, which says the option is set there);
 * 2. a table row that is the name (the types page's `AutoExternal`, the Rsbuild overview's `mode`,
 *    the CLI page's `--config`), the other words typed optional (`rslib` of `rslib --version`).
 * All of these after all the others when the name's case says another kind: a type is written
 * with a capital first (`AutoExternal`, `BuildResult`: the types page's rows), an option, a
 * function or a command with a small letter (`autoExternal`: lib.autoExternal, `build`).
 *
 * Records that document no name stand with them when their heading is exactly the words typed, as
 * words (`module-federation`, `polyfill`), not as code (`moduleFederation` is the option's name):
 * a page so titled at 0 (the guide "Module Federation"), a section so headed at 1 (the output
 * compatibility guide's "Polyfill", before the option `output.polyfill` that only has the word);
 * and for a Chinese query, a page whose title and description hold every word at 1 (the Chinese
 * site titles its option pages with the option's name, lib.redirect, and says what they are in
 * the reader's words in their description), or that documents the name the synonym table gives
 * for the query's one required word (documentsSynonym).
 */
function exactNamePlaces(view: RankView, groups: readonly QueryGroup[], shape: ExactNameShape): (i: number, named: boolean) => number | null {
  const typed = groups.at(-1)!;
  const chinese = isChinese(groups);
  const anyCode = groups.some((g) => g.code);
  const single = groups.length === 1;
  // A row is found by its name alone, beside optional words (`rslib --version`).
  const alone = (single || !!typed.code) && groups.every((g) => g === typed || g.optional);
  // What matched terms hold, worked out once per array of them: results with the same matched
  // terms in a field share one (rankedFound), and a broad Chinese query asks about every page's
  // top (ten thousand on a large site, most headed alike).
  const heading = byTerms((inTitle) => groups.every((g) => g.alternatives.some((terms) => holds(inTitle, terms))) && holds(inTitle, typed.path ?? []));
  // A page that documents the name, in a sidebar section that holds the other words typed:
  // `rsbuild plugins` is the page `plugins` of the section "Rsbuild configurations".
  const sectionHolds = byTerms((inSection) => groups.every((g) => g === typed || g.alternatives.some((terms) => holds(inSection, terms))));
  const described = describedBy(view, groups);
  const synonym = documentsSynonym(view, groups);
  return (i, named) => {
    const id = view.ids[i]!;
    if (!named && anyCode) return null;
    // Most records a query finds document no name and hold none of its words in their heading (a
    // page's top asked about only for a Chinese query): exactNameBonus asks only about the others.
    const inTitle = view.title(i);
    const titleLength = shape.titleLength(id);
    const page = shape.isPage(id);
    if (!named && inTitle.length === 0 && titleLength > 0 && !(chinese && page)) return null;
    // A page outside the sidebar (the home page) is no page of its own for anything.
    if (shape.outsideSidebar(id)) return null;
    let place: number | null;
    if (titleLength === 0) place = named && alone ? 2 : null;
    else {
      const headed = heading(inTitle);
      const covered = inTitle.length >= titleLength;
      if (named) place = (headed || (page && covered && sectionHolds(view.termsIn(i, SECTION)))) && (covered || (single && page)) ? 0 : single && page ? 1 : null;
      else if (headed && covered) place = page ? 0 : 1;
      else place = chinese && page && (described(i) || synonym(i)) ? 1 : null;
    }
    return place === null ? null : place + (!!typed.pascal === (shape.nameKind(id) === 't') ? 0 : 3);
  };
}

/** `of` remembered by the array of terms it is given (arrays shared by the results with the same matched terms). */
function byTerms<T>(of: (terms: readonly string[]) => T): (terms: readonly string[]) => T {
  const known = new Map<readonly string[], T>();
  return (terms) => {
    let value = known.get(terms);
    if (value === undefined) known.set(terms, (value = of(terms)));
    return value;
  };
}

/**
 * `of` remembered by an array of terms (shared by the results with the same matched terms) and a
 * number, the last pair asked answered first: results headed alike come in runs (a broad query's
 * thousands of sections alike, its page tops on a site whose titles share a word).
 */
function byHeading<T>(of: (terms: readonly string[], n: number) => T): (terms: readonly string[], n: number) => T {
  const known = byTerms(() => new Map<number, T>());
  let lastTerms: readonly string[] | null = null;
  let lastN = 0;
  let last: T;
  return (terms, n) => {
    if (terms === lastTerms && n === lastN) return last;
    const byN = known(terms);
    if (!byN.has(n)) byN.set(n, of(terms, n));
    lastTerms = terms;
    lastN = n;
    return (last = byN.get(n)!);
  };
}

/**
 * Whether a record documents a name that the table gives as a synonym of the query's one required
 * word, a name of one term matched in its `name` field: 产物路径重定向 is `redirect`, whose page
 * (lib.redirect) the upgrade guide's heading "检查 bundleless 模式下的路径重定向" would otherwise pass.
 */
function documentsSynonym(view: RankView, groups: readonly QueryGroup[]): (i: number) => boolean {
  const required = groups.filter((g) => !g.optional);
  const names = required.length === 1 ? (required[0]!.synonyms ?? []).filter((terms) => terms.length === 1).map((terms) => terms[0]!) : [];
  if (names.length === 0) return () => false;
  // The other words typed, where they are words of their own (not a phrase's parts), are in its title or description.
  const others = byTerms((inHead) => groups.every((g) => !g.optional || g.phrasePart || [...g.alternatives, ...(g.synonyms ?? [])].some((terms) => holds(inHead, terms))));
  return (i) => others(view.head(i)) && names.some((name) => view.matchedIn(i, name, 'name'));
}

/** Whether a heading's matched terms hold every one of these. */
function holds(inTitle: readonly string[], terms: readonly string[]): boolean {
  for (const term of terms) if (!inTitle.includes(term)) return false;
  return true;
}

/** Whether a page's top record holds every word of the query in its title or its description. */
function describedBy(view: RankView, groups: readonly QueryGroup[]): (i: number) => boolean {
  // By the matched terms of the description and title, then of the title.
  // A phrase's corpus-common parts (模 and 块 of 模块变量, cut 模|块|变量) add to a description's
  // score (engine.ts), but a page is described by the phrase only where its title holds them.
  const known = byTerms((inHead) => byTerms((inTitle) => groups.every((g) => g.alternatives.some((terms) => holds(g.phrasePart ? inTitle : inHead, terms)))));
  return (i) => known(view.head(i))(view.title(i));
}

/**
 * Records that document exactly the name typed (exactNamePlaces) above every other, in their
 * place's order and by score within it: a query that is exactly a documented name or command
 * (`build`, `rslib build`, `autoExternal`) finds its page first, even where its words are common
 * on the site or another page repeats the name in a heading.
 */
export function exactNamesFirst(results: SearchResult[], groups: readonly QueryGroup[], shape: ExactNameShape): SearchResult[] {
  const view = rankView(listRanked(results));
  const scores = exactNameScores(view, scoresOf(view), groups, shape);
  return scores.every((score, i) => score === results[i]!.score) ? results : rescored(results, scores);
}

/** exactNamesFirst's scores, by result, from the `scores` the results have so far. */
function exactNameScores(view: RankView, scores: Float64Array, groups: readonly QueryGroup[], shape: ExactNameShape): Float64Array {
  const bonus = exactNameBonus(view, groups, shape, highest(scores));
  if (!bonus) return scores;
  const out = new Float64Array(scores);
  for (let i = 0; i < out.length; i++) if (bonus[i] !== 0) out[i] = scores[i]! + bonus[i]!;
  return out;
}

/**
 * What exactNamesFirst adds to each result's score, `top` being the highest score of all (0: a
 * record that documents no name typed), or null when it adds to none.
 */
function exactNameBonus(view: RankView, groups: readonly QueryGroup[], shape: ExactNameShape, top: number): Float64Array | null {
  if (groups.length === 0) return null;
  const chinese = isChinese(groups);
  let bonus: Float64Array | null = null;
  // The results whose `name` field matched the last word typed whole (QueryGroup.name), by
  // position: read in one pass of the matches, as the results are.
  const typed = groups.at(-1)!;
  const named = new Uint8Array(view.ids.length);
  if (typed.name) for (const i of view.rowsMatching(typed.name, 'name')) named[i] = 1;
  // Those and the results with a query word in their heading (for a Chinese query, pages' tops
  // too) are the only ones that may have a place (exactNamePlaces' first tests): most of a broad
  // query's results are asked about none.
  const asked = named.slice();
  for (const i of view.titled) asked[i] = 1;
  if (chinese) for (let i = 0; i < view.ids.length; i++) if (shape.isPage(view.ids[i]!)) asked[i] = 1;
  const placeOf = exactNamePlaces(view, groups, shape);
  for (let i = 0; i < view.ids.length; i++) {
    if (!asked[i]) continue;
    const place = placeOf(i, named[i] === 1);
    // Places 0-5 (exactNamePlaces): each place above every later one and every other record.
    if (place !== null) (bonus ??= new Float64Array(view.ids.length))[i] = (6 - place) * top;
  }
  return bonus;
}

/** The highest of `scores`, 0 when none is above it. */
function highest(scores: Float64Array): number {
  let top = 0;
  for (let i = 0; i < scores.length; i++) if (scores[i]! > top) top = scores[i]!;
  return top;
}

/** What rankResults needs: the settings of each step, and what they know of a document. */
export interface RankingRules {
  heading: HeadingRanking;
  shape: HeadingShape;
  /** Factor of repeatedHeadings (Tuning.repeatedHeading). */
  repeatedHeading: number;
  pageOf: (id: number) => number;
  /** Factor of spreadPages (Tuning.samePage). */
  samePage: number;
  names: ExactNameShape;
}

/**
 * A result's position among those ranked, its score, and its score before spreadPages and
 * exactNamesFirst (headingFirst's and repeatedHeadings').
 */
export interface RankedHit {
  index: number;
  score: number;
  base: number;
}

/**
 * The first `limit` results as headingFirst, repeatedHeadings, spreadPages and exactNamesFirst
 * rank them one after the other (the results sorted by score first, ties as given), in canonical
 * order (firstRanked): each step's scores worked out for every result as a column, with no list
 * sorted before or between them. Only the order of the first
 * results is ever shown; sorting tens of thousands of results four times was a third of a broad
 * query's time on a large site.
 */
export function rankResults(ranked: Ranked, groups: QueryGroup[], rules: RankingRules, limit: number): RankedHit[] {
  const view = rankView(ranked);
  const heading = headingScores(view, groups, rules.heading);
  const repeated = repeatedHeadingScores(view, heading, groups, rules.shape, rules.repeatedHeading);
  // A factor that lowers a page's later results keeps the highest score where it is (a page's first
  // result), to which exactNamesFirst adds: the repeated headings' highest. Any other factor is
  // worked out for every result.
  const lowers = rules.samePage > 0 && rules.samePage <= 1;
  const spread = lowers ? null : spreadScores(view, repeated, heading, rules.pageOf, rules.samePage);
  const bonus = exactNameBonus(view, groups, rules.names, highest(spread ?? repeated));
  const { rows, scores } = spread ? { rows: Int32Array.from(spread.keys()), scores: spread.map((score, i) => score + (bonus ? bonus[i]! : 0)) } : spreadFirst(view, repeated, heading, bonus, rules.pageOf, rules.samePage, limit);
  const ids = new Int32Array(rows.length);
  for (let k = 0; k < rows.length; k++) ids[k] = view.ids[rows[k]!]!;
  return firstOf(ids, scores, limit).map((k) => ({ index: rows[k]!, score: scores[k]!, base: repeated[rows[k]!]! }));
}

/**
 * The results that may rank among the first `limit` once spreadPages and exactNamesFirst have
 * scored them (spreadScores' scores from `scores` and `tiebreak`, plus `bonus`), with those final
 * scores, by position: every result that ranks there or ties with the last one, and maybe others.
 * Working out where each of a page's results stands among the page's others is most of the
 * ranking of a broad query (tens of thousands of results on as many pages of a large site), and
 * needed only for a page whose second or later result could rank that high: a page's first result
 * keeps its score, and the others' scores only fall below it. So the first results of the pages
 * give the score the last one shown has at least, and a result whose score with its bonus is below
 * that is passed over. `factor` (Tuning.samePage) lowers: above 0, at most 1.
 */
function spreadFirst(ranked: Ranked, scores: Float64Array, tiebreak: Float64Array, bonus: Float64Array | null, pageOf: (id: number) => number, factor: number, limit: number): { rows: Int32Array; scores: Float64Array } {
  const n = ranked.ids.length;
  const bonusOf = (i: number) => (bonus ? bonus[i]! : 0);
  const before = rankedBefore(ranked, scores, tiebreak);
  // Each page's first result, ranked as spreadScores ranks them.
  const { pages, pageCount } = pagesOfResults(ranked, pageOf);
  const firstOfPage = new Int32Array(pageCount).fill(-1);
  for (let i = 0; i < n; i++) {
    const best = firstOfPage[pages[i]!]!;
    if (best < 0 || before(i, best) < 0) firstOfPage[pages[i]!] = i;
  }
  // The limit-th highest final score of the pages' first results: no result scored below it (by
  // more than rounding, see firstRanked) ranks among the first or ties with the last.
  const firsts = new Float64Array(n);
  let pagesFound = 0;
  for (let i = 0; i < n; i++) if (firstOfPage[pages[i]!] === i) firsts[pagesFound++] = scores[i]! + bonusOf(i);
  const least = pagesFound >= limit && limit > 0 ? nthHighest(firsts.subarray(0, pagesFound), limit) : -Infinity;
  const floor = least - Math.abs(least) * 1e-8;
  // Pages whose later results may rank there: their results in the order spreadScores gives them
  // (a few pages: a later result seldom scores as high as other pages' first ones).
  const ordered = new Map<number, number[]>();
  const isOrdered = new Uint8Array(pageCount);
  const rows: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!(scores[i]! + bonusOf(i) >= floor)) continue;
    rows.push(i);
    if (firstOfPage[pages[i]!] !== i && !isOrdered[pages[i]!]) {
      isOrdered[pages[i]!] = 1;
      ordered.set(pages[i]!, []);
    }
  }
  if (ordered.size) for (let i = 0; i < n; i++) if (isOrdered[pages[i]!]) ordered.get(pages[i]!)!.push(i);
  const places = new Map<number, number>();
  for (const members of ordered.values()) {
    members.sort(before);
    for (let k = 1; k < members.length; k++) places.set(members[k]!, k);
  }
  const out = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    const place = places.get(i) ?? 0;
    out[k] = (place === 0 ? scores[i]! : scores[i]! * factor ** place) + bonusOf(i);
  }
  return { rows: Int32Array.from(rows), scores: out };
}

/**
 * The positions of the first `limit` results by `scores`, and of whatever ties with the last of
 * them, in canonical order: by score, scores equal to 10 significant digits counting as ties, and
 * ties by document. The searcher adds up a document's score over the terms a prefix reaches in
 * the order its term tree was filled, which differs between the unsplit index and a split one
 * filled part by part: so both layouts rank alike.
 */
export function firstRanked(ranked: Ranked, scores: Float64Array, limit: number): number[] {
  return firstOf(ranked.ids, scores, limit);
}

/** firstRanked of results given as their documents (`ids`) and scores, by position. */
function firstOf(ids: Int32Array, scores: Float64Array, limit: number): number[] {
  const end = Math.min(limit, ids.length);
  if (end === 0) return [];
  // Keys by score: thousands of results can share one (sections alike on a large site).
  const keys = new Map<number, number>();
  const key = (score: number) => {
    let k = keys.get(score);
    if (k === undefined) keys.set(score, (k = tieKey(score)));
    return k;
  };
  // The end-th highest score, and the key every result ranked with it has at least.
  const last = key(nthHighest(Float64Array.from(scores), end));
  const above: Array<{ i: number; key: number; id: number }> = [];
  const tied: Array<{ i: number; key: number; id: number }> = [];
  for (let i = 0; i < scores.length; i++) {
    // Rounding to 10 digits moves a score by less than a part in 10⁹: only those that close are keyed.
    if (scores[i]! >= last * (1 - 1e-9)) {
      const k = key(scores[i]!);
      if (k > last) above.push({ i, key: k, id: ids[i]! });
      else if (k === last) tied.push({ i, key: k, id: ids[i]! });
    }
  }
  above.sort((a, b) => b.key - a.key || a.id - b.id);
  tied.sort((a, b) => a.id - b.id);
  return [...above, ...tied].map(({ i }) => i);
}

/** A score as firstRanked compares it: to 10 significant digits, scores equal so counting as ties (ranked by document). */
export function tieKey(score: number): number {
  return Number(score.toPrecision(10));
}

/**
 * Where the `k` highest of `values` end (`k` ≥ 1, fewer than there are values): the k-th highest
 * (`least`), and how many of those equal to it are among the k (`room`), so that the k are the
 * values above `least` and the first `room` equal to it in their order. Reorders `values` (nthHighest).
 */
export function cutoff(values: Float64Array, k: number): { least: number; room: number } {
  const least = nthHighest(values, k);
  let room = k;
  for (let i = 0; i < values.length; i++) if (values[i]! > least) room--;
  return { least, room };
}

/** The k-th highest of `values` (1: the highest), which it reorders: a quickselect with three-way partitions, as many values are equal. */
export function nthHighest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = values.length - k;
  for (;;) {
    if (lo >= hi) return values[target]!;
    const pivot = values[(lo + hi) >> 1]!;
    // [lo, lt) below the pivot, [lt, i) equal, (gt, hi] above.
    let lt = lo;
    let gt = hi;
    let i = lo;
    while (i <= gt) {
      const v = values[i]!;
      if (v < pivot) {
        values[i] = values[lt]!;
        values[lt++] = v;
        i++;
      } else if (v > pivot) {
        values[i] = values[gt]!;
        values[gt--] = v;
      } else i++;
    }
    if (target < lt) hi = lt - 1;
    else if (target > gt) lo = gt + 1;
    else return pivot;
  }
}

/** A copy of the results' scores, for a step to change. */
function scoresOf(ranked: Ranked): Float64Array {
  return ranked.scores.slice();
}

/** The results with these scores, by score (ties as given). */
function rescored(results: readonly SearchResult[], scores: Float64Array): SearchResult[] {
  return results.map((result, i) => (result.score === scores[i] ? result : { ...result, score: scores[i]! })).sort((a, b) => b.score - a.score);
}

/** Whether a query has Chinese words. */
const isChinese = (groups: readonly QueryGroup[]) => groups.some((g) => g.alternatives.some((terms) => terms.some(hasCjk)));

/**
 * A document → its page, from the record types in index order: a page's records are a run that
 * starts with its one lvl1 record, the page's top (pipeline/search/records.ts).
 */
export function pagesOfTypes(typeOf: (id: number) => HitType, count: number): (id: number) => number {
  const pages = new Int32Array(count);
  let page = -1;
  for (let id = 0; id < count; id++) {
    if (typeOf(id) === 'lvl1' || page < 0) page = id;
    pages[id] = page;
  }
  return (id) => pages[id] ?? id;
}

/** reachedBy, remembered for one ranking pass: the same few pairs come back for every result. */
function reachCache(): (term: string, leaf: string) => boolean {
  const kept: EditRows = { rows: new Int32Array(64) };
  // By term, then leaf: a key made of both was a string made for every pair asked, on every result.
  const known = new Map<string, Map<string, boolean>>();
  return (term, leaf) => {
    let leaves = known.get(term);
    if (!leaves) known.set(term, (leaves = new Map()));
    let value = leaves.get(leaf);
    if (value === undefined) leaves.set(leaf, (value = reachedBy(term, leaf, kept)));
    return value;
  };
}

/** Whether a matched index term is one a query leaf reaches: itself, by prefix, or within its typo distance. */
function reachedBy(term: string, leaf: string, kept: EditRows): boolean {
  if (term === leaf || term.startsWith(leaf)) return true;
  const edits = maxEdits(leaf);
  return edits > 0 && Math.abs(term.length - leaf.length) <= edits && editDistance(term, leaf, edits, kept) <= edits;
}

/** editDistance's two rows, one after the other, grown to the longest term asked about. */
export interface EditRows {
  rows: Int32Array;
}

/**
 * Levenshtein distance of two terms, or `max + 1` once it is known to exceed `max`. Its rows are
 * `kept` by the caller from one call to the next: a broad query asks it about a thousand heading
 * terms a keystroke (`group 7` at 10,000 pages), and two arrays made for each were most of its time.
 */
export function editDistance(a: string, b: string, max: number, kept: EditRows = { rows: new Int32Array(0) }): number {
  const width = b.length + 1;
  if (kept.rows.length < 2 * width) kept.rows = new Int32Array(2 * width);
  const rows = kept.rows;
  let previous = 0;
  let row = width;
  for (let j = 0; j < width; j++) rows[j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[row] = i;
    let least = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const cost = code === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(rows[previous + j]! + 1, rows[row + j - 1]! + 1, rows[previous + j - 1]! + cost);
      rows[row + j] = value;
      if (value < least) least = value;
    }
    if (least > max) return max + 1;
    [previous, row] = [row, previous];
  }
  return rows[previous + b.length]!;
}
