/**
 * Query expansion with the reviewed synonym sets of `content/search-synonyms.json` (validated by
 * the pipeline, schemas/search-synonyms.ts). A query word that is a variant of a set, or a whole
 * query that is one, may also match any other variant of the set: one more alternative spelling
 * of that group (see QueryGroup), so the index itself is unchanged.
 */
import table from '../../content/search-synonyms.json';
import { analyzeQuery, type CjkMode, type QueryGroup } from '../../schemas/search-index.ts';

/** Variant (its analyzed terms, space-joined) → the analyzed terms of every variant of its sets. */
export type SynonymMap = ReadonlyMap<string, string[][]>;

const keyOf = (groups: QueryGroup[]): string => groups.map((g) => g.alternatives[0]!.join(' ')).join(' ');
/** A variant's terms: every group's first spelling (the whole word), all required. */
const termsOf = (groups: QueryGroup[]): string[] => groups.flatMap((g) => g.alternatives[0]!);

export function synonymMap(sets: readonly (readonly string[])[], cjk: CjkMode): SynonymMap {
  const map = new Map<string, string[][]>();
  for (const set of sets) {
    // A finished variant: analyzed as a complete query (trailing space), so no prefix rules.
    const variants = set.map((v) => analyzeQuery(`${v} `, cjk)).filter((g) => g.length > 0);
    for (const groups of variants) {
      const key = keyOf(groups);
      const others = map.get(key) ?? [];
      for (const other of variants) {
        const terms = termsOf(other);
        if (!others.some((o) => o.join(' ') === terms.join(' '))) others.push(terms);
      }
      map.set(key, others);
    }
  }
  return map;
}

const cache = new Map<string, SynonymMap>();
/** The site's synonym map for a language and Chinese analysis mode. */
export function siteSynonyms(lang: 'en' | 'zh', cjk: CjkMode): SynonymMap {
  const key = `${lang}:${cjk}`;
  let map = cache.get(key);
  if (!map) cache.set(key, (map = synonymMap(table[lang], cjk)));
  return map;
}

/**
 * Groups with synonym spellings added: the whole query first (`declaration files` → `dts`),
 * else each group on its own (`dts 打包` → `dts|类型声明文件…` and `打包|bundle`).
 */
export function expandSynonyms(groups: QueryGroup[], map: SynonymMap): QueryGroup[] {
  if (groups.length === 0 || map.size === 0) return groups;
  const plain = groups.filter((g) => !g.optional);
  const whole = groups.length > 1 ? map.get(keyOf(groups)) : undefined;
  if (whole) return [{ alternatives: union([termsOf(groups)], whole), stop: false }];
  if (plain.length === 0) return groups;
  return groups.map((g) => {
    const found = map.get(g.alternatives[0]!.join(' '));
    return found ? { ...g, alternatives: union(g.alternatives, found) } : g;
  });
}

function union(a: string[][], b: string[][]): string[][] {
  const out = [...a];
  for (const terms of b) if (!out.some((o) => o.join(' ') === terms.join(' '))) out.push(terms);
  return out;
}
