import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSearchSynonyms } from '../../../pipeline/search/synonyms.ts';
import { Diagnostics } from '../../../pipeline/diagnostics.ts';
import { expandSynonyms, synonymMap } from '../../../renderer/search/engine/synonyms.ts';
import { analyzeQuery, cjkSplitter } from '../../../schemas/search-format/analyzer.ts';

const segmenter = cjkSplitter('segmenter');

const check = (source: string) => {
  const diagnostics = new Diagnostics();
  const result = checkSearchSynonyms('content/search-synonyms.json', source, diagnostics);
  return { result, errors: diagnostics.errors };
};

describe('search synonyms table (content/search-synonyms.json)', () => {
  it('the site table is valid', () => {
    const { result, errors } = check(readFileSync('content/search-synonyms.json', 'utf8'));
    expect(errors).toEqual([]);
    expect(result!.zh.length).toBeGreaterThan(50);
  });

  it('reports a bad set at its place with the rule', () => {
    const source = '{\n  "en": [["dts", "d.ts"]],\n  "zh": [\n    ["打包"]\n  ]\n}\n';
    const { result, errors } = check(source);
    expect(result).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: 'content/search-synonyms.json', line: 4, rule: 'search-synonyms' });
    expect(errors[0]!.message).toMatch(/zh\.0.*at least two variants/);
    const dup = check('{"en": [["dts", "DTS"]], "zh": []}').errors;
    expect(dup[0]!.message).toMatch(/repeats a variant/);
    expect(check('{"en": [], "zh": [], "fr": []}').errors[0]!.message).toMatch(/fr/);
    expect(check('{"en": [}').errors[0]).toMatchObject({ line: 1, rule: 'search-synonyms' });
  });
});

describe('query expansion', () => {
  const map = synonymMap([['dts', 'declaration files', '类型声明文件', '声明文件'], ['bundleless', '不打包']], segmenter);
  const plan = (q: string) => expandSynonyms(analyzeQuery(q, segmenter), map);
  it('adds the other variants of a set as synonyms of a word, apart from what was typed', () => {
    const [dts, bundle] = plan('dts 不打包 ');
    expect(dts!.synonyms).toContainEqual(['declaration', 'files']);
    expect(dts!.alternatives).toEqual([['dts']]);
    expect(bundle!.synonyms).toContainEqual(['bundleless']);
  });
  it('matches a whole query that is one variant', () => {
    const groups = plan('declaration files ');
    expect(groups).toHaveLength(1);
    expect(groups[0]!.alternatives).toEqual([['declaration', 'files']]);
    expect(groups[0]!.synonyms).toContainEqual(['dts']);
  });
  it('looks a Chinese word up by every term typed, corpus-common ones included', () => {
    const common = new Set(['文件', '后', '名']);
    const sets = synonymMap([['扩展名', '文件后缀'], ['拷贝', '复制']], segmenter);
    const [suffix] = expandSynonyms(analyzeQuery('文件后缀 ', segmenter, common), sets, common);
    // 文件后缀 searches its rare term 缀, and finds 扩展名 by its rare term 扩展.
    expect(suffix!.alternatives).toEqual([['缀']]);
    expect(suffix!.synonyms).toEqual([['扩展']]);
    // A word whose whole is no variant still finds the sets of the terms it searches.
    const [copy] = expandSynonyms(analyzeQuery('拷贝文件 ', segmenter, common), sets, common);
    expect(copy!.synonyms).toEqual([['复制']]);
  });
  it('adds the synonyms of the terms a Chinese word searches to those of the whole word', () => {
    // 入口文件 searches 入口 (文件 is common): an option named `entry` answers it, not only prose
    // saying `entry` and `file`.
    const common = new Set(['文件']);
    const sets = synonymMap([['entry', '入口'], ['entry file', '入口文件']], segmenter);
    const [entry] = expandSynonyms(analyzeQuery('入口文件 ', segmenter, common), sets, common);
    expect(entry!.alternatives).toEqual([['入口']]);
    expect(entry!.synonyms).toEqual([['entry', 'file'], ['entry']]);
  });
  it('keeps a Chinese word made only of common terms as an optional group, with its synonyms', () => {
    const common = new Set(['插', '件']);
    const sets = synonymMap([['plugin', '插件']], segmenter);
    const groups = expandSynonyms(analyzeQuery('Rsbuild 插件 ', segmenter, common), sets, common);
    expect(groups.map((g) => [g.alternatives, !!g.optional])).toEqual([
      [[['rsbuild']], false],
      [[['插', '件']], true],
    ]);
    expect(groups[1]!.synonyms).toEqual([['plugin']]);
  });
  it('finds the sets of the words a half-typed Chinese word begins, but not those of a word of the index (issue 55)', () => {
    const sets = synonymMap([['module federation', '模块联邦'], ['type checking', '类型检查']], segmenter);
    const terms = ['模', '块', '联邦', '类型', '检查'];
    const known = { has: (t: string) => terms.includes(t), hasPrefix: (p: string) => terms.some((t) => t.startsWith(p)) };
    const [typing] = expandSynonyms(analyzeQuery('模块联', segmenter, new Set(), known), sets);
    expect(typing!.synonyms).toEqual([['module', 'federation'], ['模', '块', '联邦']]);
    // `类型` is a word of the index: not the start of every set that begins with it.
    expect(expandSynonyms(analyzeQuery('类型', segmenter, new Set(), known), sets)[0]!.synonyms).toBeUndefined();
    // Finished, `模块联` is what was typed, not the start of a word.
    expect(expandSynonyms(analyzeQuery('模块联 ', segmenter, new Set(), known), sets)[0]!.synonyms).toBeUndefined();
  });
  it('leaves other queries alone', () => {
    expect(plan('autoExternal ')).toEqual(analyzeQuery('autoExternal ', segmenter));
  });
});

describe('the site map, made as lookups need it', () => {
  const table = JSON.parse(readFileSync('content/search-synonyms.json', 'utf8')) as Record<'en' | 'zh', string[][]>;

  /** Every variant's key → the terms of every variant of its sets: the map made at once, as the lazy one must answer. */
  function eagerMap(sets: string[][]): Map<string, string[][]> {
    const keyOf = (groups: ReturnType<typeof analyzeQuery>) => groups.map((g) => (g.source ?? g.alternatives[0]!).join(' ')).join(' ');
    const map = new Map<string, string[][]>();
    for (const set of sets) {
      const variants = set.map((v) => analyzeQuery(`${v} `, segmenter)).filter((g) => g.length > 0);
      for (const groups of variants) {
        const others = map.get(keyOf(groups)) ?? [];
        for (const other of variants) {
          const terms = other.flatMap((g) => g.alternatives[0]!);
          if (!others.some((o) => o.join(' ') === terms.join(' '))) others.push(terms);
        }
        map.set(keyOf(groups), others);
      }
    }
    return map;
  }

  it.each(['en', 'zh'] as const)('answers every key of the %s table as the map made at once does, in any order of lookups', (lang) => {
    const eager = eagerMap(table[lang]);
    const keys = [...eager.keys()];
    for (const order of [keys, [...keys].reverse()]) {
      const lazy = synonymMap(table[lang], segmenter);
      for (const key of order) expect(lazy.get(key)).toEqual(eager.get(key));
      expect(lazy.get('no such variant')).toBeUndefined();
    }
  });

  it('segments no Chinese for a Latin query that no set has, and only then for one that a set with Chinese has', () => {
    const calls: string[] = [];
    const counting = (text: string, start: number, end: number) => {
      calls.push(text.slice(start, end));
      return segmenter(text, start, end);
    };
    const map = synonymMap(table.zh, counting);
    expect(calls).toEqual([]);
    expect(expandSynonyms(analyzeQuery('g', counting), map)).toEqual(analyzeQuery('g', counting));
    expect(calls).toEqual([]);
    const [dts] = expandSynonyms(analyzeQuery('dts ', counting), map);
    expect(dts!.synonyms).toContainEqual(['类型', '声明', '文件']);
    expect(calls.length).toBeGreaterThan(0);
  });
});
