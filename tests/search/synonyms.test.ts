import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSearchSynonyms } from '../../pipeline/search-synonyms.ts';
import { Diagnostics } from '../../pipeline/diagnostics.ts';
import { expandSynonyms, synonymMap } from '../../renderer/search/synonyms.ts';
import { analyzeQuery } from '../../schemas/search-index.ts';

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
  const map = synonymMap([['dts', 'declaration files', '类型声明文件', '声明文件'], ['bundleless', '不打包']], 'segmenter');
  const plan = (q: string) => expandSynonyms(analyzeQuery(q, 'segmenter'), map);
  it('adds the other variants of a set as alternative spellings of a word', () => {
    const [dts, bundle] = plan('dts 不打包 ');
    expect(dts!.alternatives).toContainEqual(['declaration', 'files']);
    expect(dts!.alternatives[0]).toEqual(['dts']);
    expect(bundle!.alternatives).toContainEqual(['bundleless']);
  });
  it('matches a whole query that is one variant', () => {
    const groups = plan('declaration files ');
    expect(groups).toHaveLength(1);
    expect(groups[0]!.alternatives).toContainEqual(['dts']);
  });
  it('leaves other queries alone', () => {
    expect(plan('autoExternal ')).toEqual(analyzeQuery('autoExternal ', 'segmenter'));
  });
});
