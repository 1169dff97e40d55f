import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSearchSynonyms } from '../../pipeline/search/synonyms.ts';
import { Diagnostics } from '../../pipeline/diagnostics.ts';
import { expandSynonyms, synonymMap } from '../../renderer/search/synonyms.ts';
import { analyzeQuery, cjkSplitter } from '../../schemas/search-format/analyzer.ts';

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
  it('leaves other queries alone', () => {
    expect(plan('autoExternal ')).toEqual(analyzeQuery('autoExternal ', segmenter));
  });
});
