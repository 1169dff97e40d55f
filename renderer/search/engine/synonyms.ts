/**
 * Query expansion with the reviewed synonym sets of `dist-data/search/synonyms.json` (written
 * from content/search-synonyms.json by the pipeline, schemas/search-synonyms.ts; loaded with the
 * index, local-source.ts). A query word that is a variant of a set, or a whole query that is
 * one, may also match any other variant of the set: one more alternative spelling of that group
 * (see QueryGroup), so the index itself is unchanged.
 */
import type { SynonymSets } from '../../../schemas/search-synonyms.ts';
import { analyzeQuery, hasCjk, hasCjkTerm, type CjkSplitter, type QueryGroup } from '../../../schemas/search-format/analyzer.ts';

/**
 * Variant (its analyzed terms, space-joined) → the analyzed terms of every variant of its sets;
 * `empty` when there are no sets.
 */
export interface SynonymMap {
  get(key: string): string[][] | undefined;
  /** The spellings of the sets with a variant whose key starts with this one and is longer (a word being typed). */
  startingWith(key: string): string[][] | undefined;
  readonly empty: boolean;
}

/** A group's lookup key: every term typed, corpus-common ones included (see QueryGroup.source). */
const keyOf = (groups: QueryGroup[]): string => groups.map((g) => (g.source ?? g.alternatives[0]!).join(' ')).join(' ');
/** A variant's terms: every group's first spelling (the whole word), all required. */
const termsOf = (groups: QueryGroup[]): string[] => groups.flatMap((g) => g.alternatives[0]!);

/**
 * The map, analyzed as lookups need it: Chinese variants are segmented only once a key with
 * Chinese is looked up, or a set that has them is found. Segmenting loads the browser's
 * dictionary for Chinese; made eagerly, it held up the first results of a search on the Chinese
 * site by a few tens of milliseconds, even for a Latin query (`g`, an option's name).
 */
export function synonymMap(sets: SynonymSets, cjk: CjkSplitter): SynonymMap {
  // A finished variant: analyzed as a complete query (trailing space), so no prefix rules.
  const analyze = (variant: string) => analyzeQuery(`${variant} `, cjk);
  const setsByKey = new Map<string, Set<number>>();
  const keyed = (groups: QueryGroup[], set: number) => {
    if (groups.length === 0) return;
    const key = keyOf(groups);
    setsByKey.set(key, (setsByKey.get(key) ?? new Set()).add(set));
  };
  /** Variants whose key has Chinese in it (see hasCjkTerm), not keyed yet. */
  let pending: Array<[string, number]> = [];
  sets.forEach((set, i) => {
    for (const variant of set) {
      if (hasCjkTerm(variant)) pending.push([variant, i]);
      else keyed(analyze(variant), i);
    }
  });
  const setTerms = new Map<number, string[][]>();
  const termsOfSet = (i: number): string[][] => {
    let terms = setTerms.get(i);
    if (!terms) setTerms.set(i, (terms = sets[i]!.map(analyze).filter((g) => g.length > 0).map(termsOf)));
    return terms;
  };
  const found = new Map<string, string[][] | undefined>();
  const keyPending = (key: string) => {
    // Only a key with Chinese in it can be a pending variant's.
    if (pending.length && hasCjk(key)) {
      for (const [variant, i] of pending) keyed(analyze(variant), i);
      pending = [];
    }
  };
  const spellings = (matched: Iterable<number>): string[][] => {
    const result: string[][] = [];
    for (const i of [...matched].sort((a, b) => a - b)) {
      for (const terms of termsOfSet(i)) if (!result.some((o) => o.join(' ') === terms.join(' '))) result.push(terms);
    }
    return result;
  };
  const begun = new Map<string, string[][] | undefined>();
  return {
    empty: sets.length === 0,
    get(key) {
      if (found.has(key)) return found.get(key);
      keyPending(key);
      const matched = setsByKey.get(key);
      const result = matched ? spellings(matched) : undefined;
      found.set(key, result);
      return result;
    },
    startingWith(key) {
      if (begun.has(key)) return begun.get(key);
      keyPending(key);
      const matched = new Set<number>();
      for (const [variant, of] of setsByKey) if (variant.length > key.length && variant.startsWith(key)) for (const i of of) matched.add(i);
      const result = matched.size ? spellings(matched) : undefined;
      begun.set(key, result);
      return result;
    },
  };
}

/**
 * Groups with synonym spellings added (QueryGroup.synonyms, weighed below what was typed): the
 * whole query first (`declaration files` → `dts`), else each group on its own (`dts 打包` →
 * `dts|类型声明文件…` and `打包|bundle`). A group keeps its typed spellings as they are.
 */
export function expandSynonyms(groups: QueryGroup[], map: SynonymMap, common: ReadonlySet<string> = new Set()): QueryGroup[] {
  if (groups.length === 0 || map.empty) return groups;
  const plain = groups.filter((g) => !g.optional);
  const whole = groups.length > 1 ? map.get(keyOf(groups)) : undefined;
  if (whole) {
    const typed = [termsOf(groups)];
    return [withSynonyms({ alternatives: typed, stop: false }, whole, common)];
  }
  if (plain.length === 0) return groups;
  return groups.map((g) => {
    // By every term typed (`入口文件` → `entry file`), and by those searched when common ones
    // were left out (`入口` → `entry`): the group requires only those, so their own synonyms
    // (an option named `entry`) answer it as well as the typed word does.
    const whole = map.get(keyOf([g]));
    const searched = g.source ? map.get(g.alternatives[0]!.join(' ')) : undefined;
    // A Chinese word being typed that is no word yet: the sets of the words it begins (模块联 → 模块联邦).
    const begun = !whole && !searched && g.partial ? map.startingWith(keyOf([g])) : undefined;
    const found = whole && searched ? [...whole, ...searched] : (whole ?? searched ?? begun);
    return found ? withSynonyms(g, found, common) : g;
  });
}

/**
 * A group with the spellings of its sets that it does not have yet. Corpus-common terms of a
 * Chinese spelling are left out as the query's own are (their prose postings are not in the
 * index): `扩展名` looks for `扩展`.
 */
function withSynonyms(group: QueryGroup, found: string[][], common: ReadonlySet<string>): QueryGroup {
  const known = new Set([...group.alternatives, ...(group.source ? [group.source] : [])].map((t) => t.join(' ')));
  const synonyms: string[][] = [];
  for (const spelling of found) {
    const rare = spelling.filter((t) => !(common.has(t) && hasCjk(t)));
    const terms = rare.length ? rare : spelling;
    const key = terms.join(' ');
    if (known.has(key)) continue;
    known.add(key);
    synonyms.push(terms);
  }
  return synonyms.length ? { ...group, synonyms } : group;
}
