/**
 * The embedded search engine (pure, no DOM): loads a `dist-data/search/<lang>.json` file and
 * answers queries with modal hits, scored as MiniSearch scores (scorer.ts) and ranked by
 * ranking.ts. Imported only from the lazily loaded search chunk, and by the benchmark, the MCP
 * server and unit tests.
 */
import type { Query, SearchResult } from 'minisearch';
import type { CjkMode, IndexedDoc, IndexedPage, NameKindCode, SearchIndexFile } from '../../../schemas/search-index.ts';
import type { SynonymSets } from '../../../schemas/search-synonyms.ts';
import type { Lang } from '../../../schemas/lang.ts';
import { fieldBit, SEARCH_FIELDS, type SearchField } from '../../../schemas/search-format/format.ts';
import { analyzeQuery, cjkSplitter, hasCjk, termSpans, type CjkSplitter, type IndexTerms, type QueryGroup, type TermSpan } from '../../../schemas/search-format/analyzer.ts';
import { packedIndexOf } from '../../../schemas/search-format/codec.ts';
import { mergeRanges, snippet, toSegments, type Range } from './highlight.ts';
import { cutoff, DEPTHS, maxEdits, pagesOfTypes, rankResults, relaxedQueries, tieKey, type HeadingRanking, type RankedHit, type RankingRules } from './ranking.ts';
import { indexTermsOf, prefixRange, prepareWhenIdle, termDictionary, termPosition, type TermDictionary } from './term-tree.ts';
import { createSearcher, DOCUMENT_BOOSTS, ONE_QUERY, type Options, type Searcher, type SurveyColumns } from './scorer.ts';
import { filtered, FoundBuilder, heldIn, queryTermsOf, rankedFound, resultOf, type Found } from './found.ts';
import { expandSynonyms, synonymMap } from './synonyms.ts';
import { LEVELS, type Hierarchy, type HitType, type Level, type ModalHit, type Segment, type StoredHit } from './types.ts';

/** Ranking knobs, tuned with tests/bench/search.bench.ts. */
export interface Tuning {
  boost: Record<SearchField, number>;
  /** Weight of a prefix match and of a typo match, relative to an exact match (1). */
  weights: { prefix: number; fuzzy: number };
  /** Score factor by record type: a page's own top section outranks its subsections. */
  typeBoost: Record<HitType, number>;
  /**
   * Score factor for a record whose own heading holds every term the query matched (the page
   * title for a page's top record, an option name for an option's section), and the part of it
   * given when the heading holds only some of them (`autoExtension false`: the option's section
   * wins over prose that mentions both words).
   */
  headingMatch: number;
  /**
   * Weight of a synonym's match (QueryGroup.synonyms) outside headings, relative to the spelling
   * typed (1). In a record's own heading, option name and page description a synonym counts in
   * full: a page titled `lib.dts` is about 类型声明 as much as a section titled so, but prose
   * that says `dts` less so.
   */
  synonym: number;
  /**
   * Score factor for each better hit of the same page above a hit: a page's second section
   * counts `samePage` times its score, the third `samePage²`…, so that one page's sections do
   * not crowd the other pages out of the first places.
   */
  samePage: number;
  /**
   * Score factor for a record that has every word of the query but one (see relaxedQueries):
   * ranked after those with all words, unless its heading is the better match (`copy files to
   * dist` finds the `output.copy` section, which never says "dist").
   */
  relaxed: number;
  /** The same for a record that misses a corpus-common word (QueryGroup.common): its prose may well say it. */
  relaxedCommon: number;
  /** Relaxed plans run only when fewer records than this have every word (a page of results). */
  relaxBelow: number;
  /**
   * Score factor for a page's top record when no heading holds a query word: the words are in
   * its prose, and the page's introduction is where a reader asking about them should land
   * (`react library`), rather than one of its sections that mentions them too.
   */
  proseTop: number;
  /** Score factor for a page's top record whose title holds every word of the query: the page about it. */
  pageTitle: number;
  /**
   * Score factor for a record whose heading holds every word of the query when a shallower
   * record has the same heading: a sub-heading repeating an option (`output.externals` in a
   * guide) or another page's title ranks below the option's own section or that page.
   */
  repeatedHeading: number;
  /** How much of the heading factor depends on the share of the heading the query covers (see HeadingRanking.coverage). */
  headingCoverage: number;
  /** Weight of a heading holding part of a Chinese phrase, relative to a heading holding part of an identifier (see HeadingRanking.phrasePart). */
  phrasePart: number;
  /** Weight of a heading holding a query word's synonym, relative to one holding the word as typed (see HeadingRanking.synonym). */
  headingSynonym: number;
  /** Score factor for a record of a page outside the sidebar (no sidebar group: the home page, a landing page). */
  outsideSidebar: number;
  /**
   * When a broad query scores only the records that may rank first (see firstOfBroad): from how
   * many records its postings reach (fewer are searched whole: their rows cost less than a survey), at most
   * which share of them with a query word in their heading (more would be scored anyway), and how
   * many others that may score highest it scores besides. The answers are the same either way.
   */
  broad: { from: number; headedShare: number; candidates: number };
  /**
   * How many of the terms a prefix begins it reaches at most, those with the most postings
   * (createSearcher). A letter typed on a large site begins a hundred thousand terms (`b` at
   * 10,000 pages a language: identifiers, each in a record or two), and reading all their postings
   * on each keystroke was most of its time; the words a reader means by a letter or two are the
   * common ones. Our own site's largest prefix (`s`) begins 319 terms: none is left out there.
   */
  prefixTerms: number;
}

export { maxEdits } from './ranking.ts';

export const DEFAULT_TUNING: Tuning = {
  boost: { title: 6, parents: 2, group: 0.5, content: 1, code: 0.3, name: 6, description: 4 },
  weights: { prefix: 0.5, fuzzy: 0.3 },
  typeBoost: { lvl1: 1.4, lvl2: 1.15, lvl3: 1, lvl4: 1, lvl5: 1, lvl6: 1, content: 1 },
  headingMatch: 4,
  synonym: 0.5,
  samePage: 0.5,
  relaxed: 0.3,
  relaxedCommon: 0.6,
  relaxBelow: 20,
  proseTop: 1.5,
  pageTitle: 2,
  repeatedHeading: 0.4,
  headingCoverage: 0.3,
  phrasePart: 0.5,
  headingSynonym: 0.9,
  outsideSidebar: 0.5,
  broad: { from: 10_000, headedShare: 0.25, candidates: 100 },
  prefixTerms: 1000,
};

const TITLE_FIELD = SEARCH_FIELDS.indexOf('title');
/** The fields whose match can lift a record above its score (see firstOfBroad): its heading, description and name. */
const HEAD_FIELDS = fieldBit('title') | fieldBit('description') | fieldBit('name');
const GROUP_FIELD = SEARCH_FIELDS.indexOf('group');
/** firstOfBroad's columns by document (SurveyColumns), with the boosts of the records it scores and room for the bounds it selects among. */
type Scratch = SurveyColumns & { boosts: Float64Array; bounds: Float64Array };
/**
 * A query plan → a MiniSearch query tree (as scorer.ts reads it); each leaf is one already-analyzed term. A group's
 * synonyms match as its alternatives do, with their own field boosts (`synonymBoost`).
 */
export function queryTree(groups: QueryGroup[], combineWith: 'AND' | 'OR', synonymBoost?: Record<string, number>): Query {
  // A finished lone Chinese character is only itself (see prefixReach).
  // A word's -y stem (QueryGroup.inflected) reaches its other forms by prefix, and nothing by a typo.
  const term = (t: string, g: QueryGroup | null): Query => (g?.inflected === t ? { combineWith: 'AND', queries: [t], fuzzy: false } : prefixReach(t, g) ? t : { combineWith: 'AND', queries: [t], prefix: false });
  const leaf = (terms: string[], g: QueryGroup | null): Query => (terms.length === 1 ? term(terms[0]!, g) : { combineWith: 'AND', queries: terms.map((t) => term(t, g)) });
  // A synonym of several words stands for one typed word: its terms share that word's weight.
  const synonymLeaf = (terms: string[]): Query => ({ combineWith: 'AND', queries: terms.map((t) => term(t, null)), ...(synonymBoost && { boost: synonymBoost }), boostTerm: () => 1 / terms.length });
  const group = (g: QueryGroup): Query => {
    const queries = [...g.alternatives.map((terms) => leaf(terms, g)), ...(g.synonyms ?? []).map(synonymLeaf)];
    return queries.length === 1 ? queries[0]! : { combineWith: 'OR', queries };
  };
  if (combineWith === 'OR') {
    // "Any term": every alternative of every group counts on its own.
    const synonyms = groups.flatMap((g) => g.synonyms ?? []).flat();
    const typed: Query[] = groups.flatMap((g) => g.alternatives.flat().map((t) => term(t, g)));
    return { combineWith: 'OR', queries: synonyms.length ? [...typed, { combineWith: 'OR', queries: synonyms.map((t) => term(t, null)), ...(synonymBoost && { boost: synonymBoost }) }] : typed };
  }
  return { combineWith: 'AND', queries: groups.map(group) };
}

/**
 * Whether a query term of group `g` (null: of a synonym) reaches the index's terms it begins, as
 * every term typed does but a lone Chinese character the reader has finished typing
 * (QueryGroup.typing): `同` of `同构` is the character, not the start of 同时 and 同样; `联` at the
 * end of `模块联` is the start of 联邦. A synonym is a whole word of the table: `inline` (of 内联)
 * is not the start of `inlineStyles`.
 */
export function prefixReach(term: string, g: QueryGroup | null): boolean {
  if (g === null) return false;
  return !(term.length === 1 && hasCjk(term)) || g.typing === term;
}

export interface LocalSearchOptions {
  limit: number;
  snippetWords: number;
}

export interface LocalEngine {
  readonly lang: 'en' | 'zh';
  readonly size: number;
  search(query: string, options: LocalSearchOptions): { hits: ModalHit[]; nbHits: number };
  /** How many of the records a search finds it scores and ranks (EngineCore.run): fewer than it finds where firstOfBroad left some out. */
  ranked(query: string, limit: number): number;
  /** Stored form of every record, in index order (for tests and the export). */
  record(id: number): StoredHit;
  /** Distinct sidebar groups (hierarchy.lvl0), in index order: no-results suggestions. */
  topLevelHeadings(): string[];
}

/** A section record as the modal shows it, from its page and document entries. */
export function storedHit(page: IndexedPage, doc: IndexedDoc): StoredHit {
  const hierarchy: Hierarchy = {
    lvl0: page.g,
    lvl1: page.t,
    lvl2: doc.h[0] ?? null,
    lvl3: doc.h[1] ?? null,
    lvl4: doc.h[2] ?? null,
    lvl5: doc.h[3] ?? null,
    lvl6: doc.h[4] ?? null,
  };
  const url = doc.a ? `${page.u}#${doc.a}` : page.u;
  return { objectID: doc.o ?? url, url, type: doc.y, hierarchy, content: doc.c };
}

/**
 * What the unsplit and the split index share: the query plan, ranking and hit rendering over a
 * searcher (scorer.ts). `typeOf` gives a document's record type (for the type boost) without
 * needing its record, which a split index fetches only for the hits shown.
 */
export interface EngineCore {
  /** The query's groups of required terms; empty when there is nothing to search. */
  plan(query: string): QueryGroup[];
  /**
   * The first `limit` results, ranked (and any that tie with the last), how many were found (every
   * group required, else any term), and how many of them were scored and ranked: fewer where a
   * broad query's others could not rank first (firstOfBroad).
   */
  run(groups: QueryGroup[], limit: number): { hits: SearchResult[]; total: number; ranked: number };
  hit(result: SearchResult, record: StoredHit, snippetWords: number): ModalHit;
}

/**
 * Results with the scores (and matches) of optional terms added where they matched too; records
 * that only the optional terms found join at `others` times their score (0: not at all): the
 * results, then those joining (ranked by score, ties in this order).
 */
function withOptional(rowOf: Int32Array, results: Found, optional: Found, others = 0): Found {
  // `rowOf`, a column by document, all 0 (and left so): the optional terms' row + 1 (0: none),
  // then -1 where the results have it. Not a map: a common optional word (页面 of `页面 42`) is in
  // most records of a large site.
  for (let j = 0; j < optional.docs.length; j++) rowOf[optional.docs[j]!] = j + 1;
  const out = new FoundBuilder(results.names, results.docs.length + (others > 0 ? optional.docs.length : 0));
  for (let i = 0; i < results.docs.length; i++) {
    const doc = results.docs[i]!;
    const j = rowOf[doc]! - 1;
    rowOf[doc] = -1;
    // The optional terms' matches, with the required ones' fields where both matched a term; the required ones' query terms.
    if (j < 0) out.copy(results, i);
    else out.join(optional, j, results, i, results.scores[i]! + optional.scores[j]!, queryTermsOf(results, i));
  }
  if (others > 0) for (let j = 0; j < optional.docs.length; j++) if (rowOf[optional.docs[j]!] !== -1) out.copy(optional, j, optional.scores[j]! * others);
  for (let i = 0; i < results.docs.length; i++) rowOf[results.docs[i]!] = 0;
  for (let j = 0; j < optional.docs.length; j++) rowOf[optional.docs[j]!] = 0;
  return out.build();
}

export function createEngineCore(
  searcher: Searcher,
  doc: { typeOf: (id: number) => HitType; titleLength: (id: number) => number; nameKind: (id: number) => NameKindCode | null; groupLength: (id: number) => number },
  settings: { lang: Lang; cjk: CjkMode; common: readonly string[]; synonyms: SynonymSets; terms: IndexTerms },
  tuning: Tuning = DEFAULT_TUNING,
): EngineCore {
  // Each document's record type, read once: the ranking asks for it on every result of every keystroke.
  const types = Array.from({ length: searcher.documentCount }, (_, id) => doc.typeOf(id));
  const typeOf = (id: number): HitType => types[id] ?? 'content';
  const pageOf = pagesOfTypes(typeOf, searcher.documentCount);
  // A record of a page outside the sidebar: no sidebar group, where a record has a heading (a
  // table row that documents a name has neither: pipeline/search/exact-names.ts, isNameRow).
  const outsideSidebar = (id: number) => doc.groupLength(id) === 0 && doc.titleLength(id) > 0;
  // Each document's boost, asked for every posting a query reaches: its record type's, and less
  // for a page outside the sidebar (the home page is a landing page, not the documentation of anything).
  const documentBoosts = new Float64Array(searcher.documentCount);
  // Scratch column of withOptional, by document.
  const optionalRows = new Int32Array(searcher.documentCount);
  for (let id = 0; id < documentBoosts.length; id++) documentBoosts[id] = tuning.typeBoost[typeOf(id)] * (outsideSidebar(id) ? tuning.outsideSidebar : 1);
  // Whether each document is a page's top, as a column: asked for every result of every keystroke.
  const tops = Uint8Array.from(types, (type) => (type === 'lvl1' ? 1 : 0));
  const headingRanking: HeadingRanking = { factor: tuning.headingMatch, pageTitle: tuning.pageTitle, proseTop: tuning.proseTop, isTop: (id) => tops[id] === 1, coverage: tuning.headingCoverage, titleLength: doc.titleLength, phrasePart: tuning.phrasePart, synonym: tuning.headingSynonym };
  const rules: RankingRules = {
    heading: headingRanking,
    shape: { depth: (id) => DEPTHS[typeOf(id)], titleLength: doc.titleLength },
    repeatedHeading: tuning.repeatedHeading,
    pageOf,
    samePage: tuning.samePage,
    names: { titleLength: doc.titleLength, isPage: headingRanking.isTop, nameKind: doc.nameKind, outsideSidebar },
  };
  // The first use of Intl.Segmenter loads the browser's dictionary for Chinese (about 100 ms in
  // Chromium): for the Chinese index, pay it once the browser is idle, after the first results
  // are on screen rather than before them; a Chinese query typed earlier pays it itself. Not for
  // the English one, whose readers type Latin letters: it was an idle task of 52 ms after every
  // English page's load with the CPU slowed four times (Lighthouse's phone), for a query the
  // English site seldom gets; the MCP server's English engine loaded it too.
  const cjk = cjkSplitter(settings.cjk);
  if (settings.cjk === 'segmenter' && settings.lang === 'zh') whenIdle(segmentOnce(cjk));

  const common = new Set(settings.common);
  const b = tuning.boost;
  const w = tuning.synonym;
  // A synonym counts in full where the page names its subject (its own heading, option name and
  // description), at `w` in text that merely mentions it.
  const synonymBoost = { title: b.title, parents: b.parents * w, group: b.group * w, content: b.content * w, code: b.code * w, name: b.name, description: b.description };
  // Made once per engine: an engine lives as long as its search session (session.ts).
  const synonyms = synonymMap(settings.synonyms, cjk);
  const searchOptions = {
    // Leaves are already analyzed (see queryTree): no second tokenization.
    tokenize: (text: string) => [text],
    processTerm: (term: string) => term,
    boost: tuning.boost,
    weights: tuning.weights,
    prefix: true,
    fuzzy: (term: string) => maxEdits(term) || false,
    [DOCUMENT_BOOSTS]: documentBoosts,
  } satisfies Options;

  // Term spans of displayed texts, reused across keystrokes: the same hits come back as the
  // reader types on, and analyzing their texts is most of the cost of a keystroke. While no
  // matched term is Chinese, Chinese runs could mark nothing and are left out: a Latin query
  // (an option name on the Chinese site) then never waits for the dictionary.
  const spanCaches = { all: new Map<string, TermSpan[]>(), latin: new Map<string, TermSpan[]>() };
  const spansOf = (text: string, latin: boolean): TermSpan[] => {
    const cache = latin ? spanCaches.latin : spanCaches.all;
    let spans = cache.get(text);
    if (!spans) {
      if (cache.size > 4000) cache.clear();
      spans = termSpans(text, latin ? null : cjk);
      cache.set(text, spans);
    }
    return spans;
  };

  /**
   * Records with every group but one, at `factor` (or `commonFactor` when the word missed is
   * corpus-common) times their score, those in `all` left out; each at its best plan's score.
   */
  const relaxed = (groups: QueryGroup[], all: Found, factor: number, commonFactor: number): Found => {
    const best = new Set(all.docs);
    // Each record's best plan: the Found, its row, and the score there (a record keeps the place it first joined at).
    const added = new Map<number, [Found, number, number]>();
    for (const plan of relaxedQueries(groups, (term) => common.has(term))) {
      const found = searcher.find(queryTree(plan.groups, 'AND', synonymBoost), searchOptions);
      for (let i = 0; i < found.docs.length; i++) {
        const doc = found.docs[i]!;
        if (best.has(doc)) continue;
        const score = found.scores[i]! * (plan.common ? commonFactor : factor);
        if ((added.get(doc)?.[2] ?? 0) < score) added.set(doc, [found, i, score]);
      }
    }
    const out = new FoundBuilder(all.names, all.docs.length + added.size);
    for (let i = 0; i < all.docs.length; i++) out.copy(all, i);
    for (const [found, i, score] of added.values()) out.copy(found, i, score);
    return out.build();
  };

  /**
   * The search options for these results' records only: the searcher gives a record boosted 0 no
   * score and no result, as MiniSearch does, and what it finds for the others is what it finds
   * searching all.
   */
  const within = (results: Found) => {
    // A column by document, not a set: asked for every posting the words reach, most of a large site's for a common one.
    const boosts = new Float64Array(searcher.documentCount);
    for (let i = 0; i < results.docs.length; i++) boosts[results.docs[i]!] = documentBoosts[results.docs[i]!]!;
    return { ...searchOptions, [DOCUMENT_BOOSTS]: boosts, [ONE_QUERY]: true };
  };

  /**
   * The first `limit` results of a query and how many it finds, searched with `options` (the
   * engine's, or those of firstOfBroad, which score only some of the records): the records with
   * every required group, those with all but one while they are few, the optional words added,
   * ranked. `total`: how many records have every group, when known (firstOfBroad's survey): the
   * records searched are then not all of them, and relaxed plans run by that count.
   */
  const ranked = (planned: QueryGroup[], groups: QueryGroup[], options: Options, limit: number, total: number | null) => {
    let results = searcher.find(queryTree(groups, 'AND', synonymBoost), options);
    // Records with all words but one come after, unless their headings say more: a value the
    // pages spell otherwise (`bundle false`), a word the option's section never uses. Looked
    // up only while those with all words are few: each plan is one more search per keystroke.
    const count = total ?? results.docs.length;
    if (count < tuning.relaxBelow) results = count ? relaxed(groups, results, tuning.relaxed, tuning.relaxedCommon) : relaxed(groups, results, 1, 1);
    // Nothing has every word but one: a Chinese phrase cut into words that no section holds
    // together (several terms in a group), or many words.
    if (total === null && results.docs.length === 0 && (groups.length > 1 || groups.some((g) => g.alternatives.some((a) => a.length > 1)))) {
      results = searcher.find(queryTree(groups, 'OR', synonymBoost), searchOptions);
    }
    const optional = planned.filter((g) => g.optional);
    const phraseParts = optional.filter((g) => g.phrasePart);
    // The phrase's finished lone characters, fragments of a word the segmenter cut (模 and 块 of
    // 模块变量, cut 模|块|变量), count in the description of a page that holds a required word
    // there (the FAQ says 模块变量 in its description); whole words (文件 of 单文件编译) are too
    // loose there: a description lists many things.
    const fragments = phraseParts.filter((g) => !g.typing && g.alternatives[0]!.every((t) => t.length === 1));
    // Records whose heading holds a required word, and pages whose description does (a page's
    // heading for a Chinese query: headingFirst), as the required words found them: each a pass
    // over every result, made only for a query that has phrase parts.
    const holding = (field: SearchField, of: (id: number) => boolean) => {
      const docs = new Set<number>();
      for (let i = 0; i < results.docs.length; i++) if (of(results.docs[i]!) && heldIn(results, i, fieldBit(field))) docs.add(results.docs[i]!);
      return docs;
    };
    const headings = phraseParts.length ? holding('title', () => true) : null;
    const described = fragments.length ? holding('description', (id) => typeOf(id) === 'lvl1') : null;
    const others = joiningOptional(groups);
    const words = optional.filter((g) => !g.phrasePart);
    // Where they only add to the records found (others: 0), they are looked for in those alone:
    // a corpus-common word (页面 of `页面 42` on a large site) is in most records.
    if (words.length) results = withOptional(optionalRows, results, searcher.find(queryTree(words, 'OR', synonymBoost), others > 0 ? options : within(results)), others);
    if (headings) {
      // Only in headings, and only those that hold a required word too (QueryGroup.phrasePart).
      const inHeadings = searcher.find(queryTree(phraseParts, 'OR'), { ...options, fields: ['title'] });
      results = withOptional(optionalRows, results, filtered(inHeadings, (doc) => headings.has(doc)));
    }
    if (described) {
      const inDescriptions = searcher.find(queryTree(fragments, 'OR'), { ...options, fields: ['description'] });
      results = withOptional(optionalRows, results, filtered(inDescriptions, (doc) => described.has(doc)));
    }
    const first = rankResults(rankedFound(results), planned, rules, limit).slice(0, limit);
    return { hits: first.map(({ index, score }) => resultOf(results, index, score)), total: total ?? results.docs.length, first, ranked: results.docs.length };
  };

  /**
   * The factor at which optional words' records join those of the required words: required words
   * that are all corpus-common (`library` in `react library`, typed last) may be in the prose of
   * records that have the other words, which join as relaxed ones; 0: none joins.
   */
  const joiningOptional = (groups: QueryGroup[]) => (groups.every((g) => g.common) ? tuning.relaxedCommon : 0);

  /**
   * A broad query's first results, found by scoring only the records that may be among them, or
   * null where that is not certain (the caller then searches all). On a large site a word or a
   * letter reaches most records (`page` or 页面 at 10,000 pages a language: 85,500 of 85,544), and
   * making, joining and ranking a row for each was most of a keystroke. What lifts a record above
   * its score is a query word in its heading, description or name (headingFirst, exactNamesFirst);
   * a record with none ranks at its score at most, times proseTop for a page's top. A survey of the
   * postings (Searcher.survey: no rows, no matches, no joins) gives which records have a query word
   * there, and for every other the most it can score: its score before MiniSearch's quality factor,
   * times the number of leaves that found it (at least that factor), times proseTop for a page's
   * top. The search then scores those records and the others that may score highest (the
   * Tuning.broad.candidates highest bounds, the first by document among those equal to the last).
   * Their first results stand when every one of them scores above the bound of each record left
   * out, before spreadPages and after it, or ties with the records left out at that bound and
   * comes before them by document, none of them on its page: no record left out ranks above or
   * beside them, nor above one of them on its page (spreadPages), and the highest score that
   * exactNamesFirst adds is one of theirs.
   */
  const firstOfBroad = (planned: QueryGroup[], groups: QueryGroup[], limit: number) => {
    if (!(tuning.samePage > 0 && tuning.samePage <= 1) || limit <= 0) return null;
    const required = queryTree(groups, 'AND', synonymBoost);
    // Too few records to be worth a survey, or too many with a query word in their heading
    // (`usage notes`: 20,000 sections so headed). Counted from the postings' sizes alone.
    const reach = searcher.reach(required, searchOptions, HEAD_FIELDS);
    if (reach.all < tuning.broad.from || reach.head > reach.all * tuning.broad.headedShare) return null;
    const n = searcher.documentCount;
    // Columns by document, made once and cleared after each use: a query's would be megabytes of garbage on a large site.
    scratch ??= { head: HEAD_FIELDS, headed: new Uint8Array(n), rest: new Float64Array(n), leaves: new Uint8Array(n), boosts: new Float64Array(n), bounds: new Float64Array(n) };
    const into = scratch;
    try {
      return surveyed(planned, groups, required, limit, into);
    } finally {
      into.headed.fill(0);
      into.rest.fill(0);
      into.leaves.fill(0);
      into.boosts.fill(0);
    }
  };
  let scratch: Scratch | null = null;

  /** firstOfBroad once it has chosen to survey. */
  const surveyed = (planned: QueryGroup[], groups: QueryGroup[], required: Query, limit: number, into: Scratch) => {
    const n = searcher.documentCount;
    const found = searcher.survey(required, searchOptions, into);
    const count = ones(found);
    // (Fewer than relaxBelow: the relaxed plans add records the survey did not count.)
    if (count < Math.max(tuning.broad.from, tuning.relaxBelow)) return null;
    let total = count;
    const words = planned.filter((g) => g.optional && !g.phrasePart);
    if (words.length) {
      const optional = searcher.survey(queryTree(words, 'OR', synonymBoost), searchOptions, into);
      // Records of the optional words alone join the results (see ranked).
      if (joiningOptional(groups) > 0) total += join(found, optional);
    }
    const { scored, least, near, bound, firstNear } = chooseScored(found, into, tops, documentBoosts, Math.max(1, tuning.proseTop), tuning.broad.candidates);
    const { rest, boosts } = into;
    if (scored < limit) return null;
    // A first result stands when it scores above every record left out by more than the rounding
    // of firstRanked's ties and of the order scores were added in, before spreadPages and after
    // it; or when it ties with those at `least` and comes before them by document, and none of
    // them is on its page (which would rank the page's records among themselves otherwise).
    const above = bound * (1 + 1e-6);
    const atLeast = tieKey(least);
    const leftNearOnPage = (id: number) => {
      const page = pageOf(id);
      for (let other = page; other < n && pageOf(other) === page; other++) if (!boosts[other] && rest[other]! >= near) return true;
      return false;
    };
    const stands = (hit: RankedHit, id: number) => (hit.base > above && hit.score > above) || (tieKey(hit.base) === atLeast && tieKey(hit.score) === atLeast && id < firstNear && !leftNearOnPage(id));
    const first = ranked(planned, groups, { ...searchOptions, [DOCUMENT_BOOSTS]: boosts, [ONE_QUERY]: true }, limit, count);
    if (first.first.length < limit || !first.first.every((hit, k) => stands(hit, first.hits[k]!.id as number))) return null;
    return { hits: first.hits, total, ranked: first.ranked };
  };

  return {
    plan: (query) => expandSynonyms(analyzeQuery(query, cjk, common, settings.terms), synonyms, common),
    run(planned, limit) {
      const groups = planned.filter((g) => !g.optional);
      if (groups.length === 0) return { hits: [], total: 0, ranked: 0 };
      const { hits, total, ranked: rows } = firstOfBroad(planned, groups, limit) ?? ranked(planned, groups, searchOptions, limit, null);
      return { hits, total, ranked: rows };
    },
    hit(result, record, words) {
      const matched = new Set(result.terms);
      const queryTerms: string[] = result.queryTerms;
      const latin = !result.terms.some(hasCjk);
      const rangesOf = (text: string): Range[] => matchRanges(spansOf(text, latin), matched, queryTerms);
      const highlight: Partial<Record<Level, Segment[]>> = {};
      for (const lvl of LEVELS) {
        const text = record.hierarchy[lvl];
        if (text) highlight[lvl] = toSegments(text, rangesOf(text));
      }
      const content = record.content;
      return { ...record, highlight, snippet: content ? snippet(content, rangesOf(content), words) : null };
    },
  };
}

/** How many of a column's entries are 1. */
function ones(column: Uint8Array): number {
  let count = 0;
  for (let id = 0; id < column.length; id++) count += column[id]!;
  return count;
}

/** Marks in `found` the documents `more` has and it had not; how many. */
function join(found: Uint8Array, more: Uint8Array): number {
  let added = 0;
  for (let id = 0; id < found.length; id++) {
    if (more[id] && !found[id]) {
      found[id] = 1;
      added++;
    }
  }
  return added;
}

/**
 * firstOfBroad's choice of the records to score, in `into.boosts` (their document boosts; 0: left
 * out): those a survey `found` with a query word in their heading, description or name, and of
 * the others, those whose bound (the most they can score: `into.rest` times the leaves that found
 * them, times `lift` for a page's top) is among the `candidates` highest. Of those whose bound is
 * the last of them (`least`), as many as the others leave room for, the first by document: on a
 * large site thousands of records alike bound alike (`group`: every page's top, found by its
 * sidebar group), and firstRanked ranks records that tie by document. Returns how many it chose,
 * the highest bound left out, and the first record left out whose bound is within rounding of
 * `least` (`near` or more). Leaves each record's bound in `into.rest` (-1: none). Loops of its own,
 * over typed columns: in the closure that calls it they ran unoptimized (V8 left its optimized
 * code at every call), most of a broad keystroke's time.
 */
function chooseScored(found: Uint8Array, into: Scratch, tops: Uint8Array, documentBoosts: Float64Array, lift: number, candidates: number) {
  const { rest, headed, leaves, boosts, bounds } = into;
  const n = found.length;
  let others = 0;
  let scored = 0;
  for (let id = 0; id < n; id++) {
    if (!found[id]) rest[id] = -1;
    else if (headed[id]) {
      rest[id] = -1;
      scored++;
    } else bounds[others++] = rest[id] = rest[id]! * leaves[id]! * (tops[id] ? lift : 1);
  }
  // All of them when they are few; none when there are no candidates.
  const cut = others <= candidates ? { least: -1, room: 0 } : candidates > 0 ? cutoff(bounds.subarray(0, others), candidates) : { least: Infinity, room: 0 };
  const { least } = cut;
  let { room } = cut;
  let bound = 0;
  const near = least * (1 - 1e-6);
  let firstNear = n;
  for (let id = 0; id < n; id++) {
    if (headed[id] && found[id]) boosts[id] = documentBoosts[id]!;
    else if (rest[id]! > least || (least >= 0 && rest[id] === least && room-- > 0)) {
      boosts[id] = documentBoosts[id]!;
      scored++;
    } else {
      if (rest[id]! > bound) bound = rest[id]!;
      if (rest[id]! >= near && id < firstNear) firstNear = id;
    }
  }
  return { scored, least, near, bound, firstNear };
}

/**
 * A task that segments a few Chinese words with `cjk` (loading the dictionary), made outside
 * createEngineCore: a closure made there would hold the whole engine until the task runs, and
 * where there is no idle callback (Node: the bench, the MCP server) a timer runs only once the
 * thread is free, after every engine a busy loop made and dropped.
 */
function segmentOnce(cjk: CjkSplitter): () => void {
  return () => {
    termSpans('中文分词', cjk);
  };
}

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 50);
}

/**
 * The terms of the index a query reaches, as the searcher looks them up for each leaf (see
 * queryTree): the term itself, every term it prefixes, and every term within its typo distance,
 * as runs of positions [from, to) of the sorted terms (a letter's prefix reaches thousands, side by
 * side). A split index fetches the postings of exactly these before it searches.
 */
export function reachedTerms(groups: QueryGroup[], dictionary: TermDictionary): Array<[number, number]> {
  const { terms } = dictionary;
  const reached: Array<[number, number]> = [];
  const leaves = new Map<string, boolean>();
  const stems = new Set<string>();
  for (const g of groups) {
    if (g.inflected) stems.add(g.inflected);
    for (const t of g.alternatives.flat()) leaves.set(t, (leaves.get(t) ?? false) || prefixReach(t, g));
    for (const t of (g.synonyms ?? []).flat()) leaves.set(t, (leaves.get(t) ?? false) || prefixReach(t, null));
  }
  for (const [leaf, prefix] of leaves) {
    // A prefix's run begins with the term itself.
    if (prefix) reached.push(prefixRange(terms, leaf));
    else {
      const exact = termPosition(terms, leaf);
      if (exact >= 0) reached.push([exact, exact + 1]);
    }
    const edits = stems.has(leaf) ? 0 : maxEdits(leaf);
    if (edits) for (const [, [t]] of dictionary.typos(leaf, edits)) reached.push([t, t + 1]);
  }
  return reached;
}

/** `synonyms`: the sets of the index's language (dist-data/search/synonyms.json), none by default. */
export function createLocalEngine(file: SearchIndexFile, tuning: Tuning = DEFAULT_TUNING, synonyms: SynonymSets = []): LocalEngine {
  const packed = packedIndexOf(file.index);
  if (packed.fieldLength.length !== packed.documentCount || file.docs.length !== packed.documentCount) throw new Error('Search index: documents do not match the document count');
  // Postings are decoded when a query first reaches their term.
  const dictionary = termDictionary(packed.terms);
  prepareWhenIdle(dictionary);
  const searcher = createSearcher(packed.documentCount, packed.averageFieldLength, SEARCH_FIELDS.map((_, f) => packed.fieldLength.map((lengths) => lengths[f]!)), dictionary, (p) => packed.postings[p], tuning.prefixTerms);
  const records: StoredHit[] = file.docs.map((doc, id) => {
    const page = file.pages[doc.p];
    if (!page) throw new Error(`Search index: record ${id} names missing page ${doc.p}`);
    return storedHit(page, doc);
  });
  const core = createEngineCore(searcher, { typeOf: (id) => records[id]?.type ?? 'content', titleLength: (id) => packed.fieldLength[id]?.[TITLE_FIELD] ?? 0, nameKind: (id) => file.docs[id]?.k ?? null, groupLength: (id) => packed.fieldLength[id]?.[GROUP_FIELD] ?? 0 }, { lang: file.lang, cjk: file.cjk, common: file.common, synonyms, terms: indexTermsOf(dictionary) }, tuning);

  return {
    lang: file.lang,
    size: records.length,
    record: (id) => records[id]!,
    topLevelHeadings: () => [...new Set(file.pages.map((p) => p.g).filter((g): g is string => !!g))],
    search(query, { limit, snippetWords }) {
      const { hits, total } = core.run(core.plan(query), limit);
      return { hits: hits.map((r) => core.hit(r, records[r.id as number]!, snippetWords)), nbHits: total };
    },
    ranked(query, limit) {
      return core.run(core.plan(query), limit).ranked;
    },
  };
}

/**
 * Where a text matches: spans of matched index terms. When the reader typed only the start of
 * a word, only that start is marked (`ext` in `external`), as the hosted service does.
 */
function matchRanges(spans: TermSpan[], matched: Set<string>, queryTerms: string[]): Range[] {
  const ranges: Range[] = [];
  for (const span of spans) {
    if (!matched.has(span.term)) continue;
    let end = span.end;
    if (!queryTerms.includes(span.term) && span.end - span.start === span.term.length) {
      const prefix = queryTerms.filter((q) => span.term.startsWith(q)).reduce((a, q) => Math.max(a, q.length), 0);
      if (prefix > 0) end = span.start + prefix;
    }
    ranges.push({ start: span.start, end });
  }
  // A matched compound (`auto-external`) is marked only where none of its parts matched, so a
  // prefix shows as typed: `auto` in `auto-external`, not the whole word.
  const inner = ranges.filter((r) => !ranges.some((o) => o !== r && o.start >= r.start && o.end <= r.end && o.end - o.start < r.end - r.start));
  return mergeRanges(inner);
}
