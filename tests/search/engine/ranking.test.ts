import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QueryGroup } from '../../../schemas/search-format/analyzer.ts';
import { editDistance, exactNamesFirst, firstRanked, headingFirst, listRanked, pagesOfTypes, rankResults, relaxedQueries, repeatedHeadings, spreadPages } from '../../../renderer/search/engine/ranking.ts';

const result = (id: number, score: number, match: Record<string, string[]> = {}) => ({ id, score, match, terms: Object.keys(match), queryTerms: Object.keys(match) });

describe('typo reach', () => {
  it('counts edits exactly, stopping past the limit', () => {
    expect(editDistance('federaton', 'federation', 2)).toBe(1);
    expect(editDistance('autoexternal', 'dependencies', 2)).toBe(3);
  });

  it('gives the distance a full table gives, whenever it is within the limit, whatever it was asked before', () => {
    const full = (a: string, b: string) => {
      const table = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) table[i]![j] = Math.min(table[i - 1]![j]! + 1, table[i]![j - 1]! + 1, table[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      return table[a.length]![b.length]!;
    };
    // Few letters, so that near strings are common; lengths past the rows' first size.
    const word = fc.oneof(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '模'), maxLength: 12 }), fc.string({ unit: fc.constantFrom('a', 'b'), minLength: 60, maxLength: 90 }));
    // Rows kept across every call, as a ranking pass keeps them.
    const kept = { rows: new Int32Array(4) };
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const distance = full(a, b);
        const found = editDistance(a, b, max, kept);
        if (distance <= max) expect(found).toBe(distance);
        else expect(found).toBeGreaterThan(max);
      }),
      { numRuns: 500 },
    );
  });

});

describe('relaxed plans', () => {
  it('drops one word at a time, the last typed first', () => {
    expect(relaxedQueries([{ alternatives: [['a']], stop: false }, { alternatives: [['b']], stop: false }]).map((plan) => plan.groups.map((g) => g.alternatives[0]![0]))).toEqual([['a'], ['b']]);
    // A Chinese phrase cut into words is relaxed word by word: 依赖打包 also finds 依赖 alone.
    expect(relaxedQueries([{ alternatives: [['依赖', '打包']], stop: false }]).map((plan) => plan.groups[0]!.alternatives)).toEqual([[['依赖']], [['打包']]]);
    // An identifier's parts are relaxed part by part, beside its whole spelling.
    const parts = relaxedQueries([{ alternatives: [['rslibconfigts'], ['rslib', 'config', 'ts']], stop: false }], (term) => term === 'ts');
    expect(parts.map((plan) => [plan.groups[0]!.alternatives, plan.common])).toEqual([
      [[['rslib', 'config']], true],
      [[['rslib', 'ts']], false],
      [[['config', 'ts']], false],
    ]);
    // A name typed as code stays: the words around it are left out (an English error on a Chinese page).
    expect(relaxedQueries([{ alternatives: [['__dirname']], stop: false, code: true }, { alternatives: [['defined']], stop: false }]).map((plan) => plan.groups.map((g) => g.alternatives[0]![0]))).toEqual([['__dirname']]);
    // Whether the word left out is corpus-common.
    expect(relaxedQueries([{ alternatives: [['react']], stop: false, common: true }, { alternatives: [['vue']], stop: false }]).map((plan) => plan.common)).toEqual([false, true]);
  });
});

describe('ranking by headings (issue 22)', () => {
  it('ranks a record whose heading holds the query words above one that only mentions them', () => {
    const groups = [{ alternatives: [['autoextension']], stop: false }, { alternatives: [['false']], stop: false }];
    const prose = result(1, 10, { autoextension: ['content'], false: ['content'] });
    const option = result(2, 6, { autoextension: ['title'], false: ['code'] });
    const ranking = (factor: number) => ({ factor, pageTitle: 1, proseTop: 1, isTop: () => false, phrasePart: 1, synonym: 1, coverage: 0, titleLength: () => 1 });
    expect(headingFirst([prose, option], groups, ranking(3)).map((r) => r.id)).toEqual([2, 1]);
    // Factor 1 leaves the order alone.
    expect(headingFirst([prose, option], groups, ranking(1)).map((r) => r.id)).toEqual([1, 2]);
  });
  it("ranks a page whose title holds the query above a section heading that repeats it, and a page's top above its sections for prose matches", () => {
    const groups = [{ alternatives: [['dts']], stop: false }];
    const section = result(1, 10, { dts: ['title'] });
    const page = result(2, 7, { dts: ['title'] });
    const ranking = { factor: 4, pageTitle: 2, proseTop: 1.5, isTop: (id: number) => id === 2 || id === 4, phrasePart: 1, synonym: 1, coverage: 0, titleLength: () => 1 };
    expect(headingFirst([section, page], groups, ranking).map((r) => r.id)).toEqual([2, 1]);
    expect(headingFirst([section, page], groups, { ...ranking, pageTitle: 1 }).map((r) => r.id)).toEqual([1, 2]);
    const prose = result(3, 10, { dts: ['content'] });
    const top = result(4, 8, { dts: ['content'] });
    expect(headingFirst([prose, top], groups, ranking).map((r) => r.id)).toEqual([4, 3]);
  });
  it('does not miss an optional word (a value) in a heading that holds the rest', () => {
    const groups = [{ alternatives: [['bundle']], stop: false }, { alternatives: [['false']], stop: false, optional: true }];
    const page = result(1, 5, { bundle: ['title'] });
    const prose = result(2, 12, { bundle: ['content'], false: ['content'] });
    const ranking = { factor: 4, pageTitle: 1, proseTop: 1, isTop: () => false, phrasePart: 1, synonym: 1, coverage: 0, titleLength: () => 1 };
    expect(headingFirst([prose, page], groups, ranking).map((r) => [r.id, r.score])).toEqual([
      [1, 20],
      [2, 12],
    ]);
  });
});

describe('Chinese phrases in headings (issue 22)', () => {
  it('counts a heading with part of a Chinese phrase less than one with part of an identifier', () => {
    // 目标语法 cut into 目标|语法: a heading with 语法 alone (语法降级) is about something else.
    const phrase = [{ alternatives: [['目标', '语法']], stop: false }];
    const part = result(1, 4, { 语法: ['title', 'content'] });
    const page = result(2, 6, { 目标: ['content'], 语法: ['content'] });
    const ranking = (phrasePart: number) => ({ factor: 4, pageTitle: 1, proseTop: 1.5, isTop: (id: number) => id === 2, phrasePart, synonym: 1, coverage: 0, titleLength: () => 2 });
    expect(headingFirst([part, page], phrase, ranking(1)).map((r) => r.id)).toEqual([1, 2]);
    // 4 × (1 + 3 × ½ × ½) = 7 below the page's top whose prose has the phrase, 6 × 1.5 = 9.
    expect(headingFirst([part, page], phrase, ranking(0.5)).map((r) => [r.id, r.score])).toEqual([
      [2, 9],
      [1, 7],
    ]);
    // An identifier's parts keep their full share: half of `autoExternal.dependencies`.
    const parts = [{ alternatives: [['autoexternaldependencies'], ['autoexternal', 'dependencies']], stop: false }];
    expect(headingFirst([result(3, 10, { autoexternal: ['title'] })], parts, ranking(0.5))[0]!.score).toBe(25);
  });
});

describe('heading coverage (issue 22)', () => {
  it('ranks a heading that is all about the query above a long one that mentions it', () => {
    const groups = [{ alternatives: [['dts']], stop: false }, { alternatives: [['bundle']], stop: false }];
    const question = result(1, 10, { dts: ['title'], bundle: ['title'] });
    const option = result(2, 8, { dts: ['title'], bundle: ['title'] });
    const ranking = (coverage: number) => ({ factor: 4, pageTitle: 1, proseTop: 1, isTop: () => false, phrasePart: 1, synonym: 1, coverage, titleLength: (id: number) => (id === 1 ? 10 : 2) });
    expect(headingFirst([question, option], groups, ranking(0)).map((r) => r.id)).toEqual([1, 2]);
    expect(headingFirst([question, option], groups, ranking(0.5)).map((r) => r.id)).toEqual([2, 1]);
  });
});

describe('repeated headings (issue 22)', () => {
  const groups: QueryGroup[] = [{ alternatives: [['outputexternals'], ['output', 'externals']], stop: false }];
  const shape = { depth: (id: number) => [3, 2, 2][id]!, titleLength: (id: number) => [3, 3, 4][id]! };
  it('ranks a sub-heading that repeats a shallower heading below it', () => {
    // 0: `output.externals` as a guide's h3; 1: the option's own h2; 2: a longer heading.
    const guide = result(0, 10, { output: ['title'], externals: ['title'] });
    const option = result(1, 8, { output: ['title'], externals: ['title'] });
    const other = result(2, 9, { output: ['title'], externals: ['title'] });
    expect(repeatedHeadings([guide, other, option], groups, shape, 0.4).map((r) => [r.id, r.score])).toEqual([
      [2, 9],
      [1, 8],
      [0, 4],
    ]);
    expect(repeatedHeadings([guide, other, option], groups, shape, 1).map((r) => r.id)).toEqual([0, 2, 1]);
  });
  it('leaves headings that hold only part of the query alone', () => {
    const partial = [result(0, 10, { output: ['title'] }), result(1, 8, { output: ['title'] })];
    expect(repeatedHeadings(partial, groups, shape, 0.4)).toEqual(partial);
  });
});

describe('pages', () => {
  it('maps each record to its page by the page-top records', () => {
    const types = ['lvl1', 'lvl2', 'lvl2', 'lvl1', 'content', 'lvl1'] as const;
    const pageOf = pagesOfTypes((id) => types[id]!, types.length);
    expect(types.map((_, id) => pageOf(id))).toEqual([0, 0, 0, 3, 3, 5]);
  });
  it('spreadPages lowers every further result of a page', () => {
    const spread = spreadPages([result(0, 10), result(1, 9), result(2, 8), result(3, 6)], (id) => (id < 3 ? 0 : 3), 0.5);
    expect(spread.map((x) => [x.id, x.score])).toEqual([
      [0, 10],
      [3, 6],
      [1, 4.5],
      [2, 2],
    ]);
  });
});

describe('exact names (issues 42 and 55)', () => {
  const shape = (titles: Record<number, number>, kinds: Record<number, 'l' | 't' | 'm' | 'c' | 'r'>, pages: number[] = []) => ({
    titleLength: (id: number) => titles[id] ?? 0,
    isPage: (id: number) => pages.includes(id),
    nameKind: (id: number) => kinds[id] ?? null,
    outsideSidebar: () => false,
  });

  it('puts a record whose heading is exactly the words typed and documents that name first, and nothing else', () => {
    const groups = [{ alternatives: [['rslib']], stop: false, optional: true, name: 'rslib' }, { alternatives: [['build']], stop: false, name: 'build' }] as QueryGroup[];
    const blog = result(1, 30, { rslib: ['title'], build: ['content'] });
    const method = result(2, 20, { build: ['title', 'name'] });
    const command = result(3, 10, { rslib: ['title'], build: ['title', 'name'] });
    const names = shape({ 1: 4, 2: 1, 3: 2 }, { 2: 'm', 3: 'c' });
    // `rslib build`: the command's heading has both words and names `build`; the method's has one word.
    expect(exactNamesFirst([blog, method, command], groups, names).map((r) => r.id)).toEqual([3, 1, 2]);
    // `build`: the method's heading is exactly it; the command's heading has another word too.
    const commandForBuild = result(3, 10, { build: ['title', 'name'] });
    expect(exactNamesFirst([blog, method, commandForBuild], groups.slice(1), names).map((r) => r.id)).toEqual([2, 1, 3]);
    // No name matched, and no heading that is the word alone: the order stays.
    expect(exactNamesFirst([blog, result(4, 5, { build: ['title'] })], groups.slice(1), shape({ 1: 4, 4: 2 }, {})).map((r) => r.id)).toEqual([1, 4]);
    // The name reached only as a prefix of another (`build` → `buildcache`) is not the name.
    expect(exactNamesFirst([blog, result(5, 5, { buildcache: ['title', 'name'], build: ['title'] })], groups.slice(1), shape({ 1: 4, 5: 3 }, { 5: 'r' })).map((r) => r.id)).toEqual([1, 5]);
  });

  it('counts a page whose title names it (`lib.format`, named `format`) and puts it before a row that is the name (the `Format` type)', () => {
    const groups = [{ alternatives: [['format']], stop: false, name: 'format' }] as QueryGroup[];
    const row = result(1, 30, { format: ['name'] });
    const page = result(2, 20, { format: ['title', 'name'] });
    const guide = result(3, 25, { format: ['title'] });
    const names = shape({ 2: 2, 3: 2 }, { 1: 't', 2: 'l' }, [2, 3]);
    expect(exactNamesFirst([row, guide, page], groups, names).map((r) => r.id)).toEqual([2, 1, 3]);
    // Typed as a type is written (`Format`): the type's row first.
    expect(exactNamesFirst([row, guide, page], [{ ...groups[0]!, pascal: true }], names).map((r) => r.id)).toEqual([1, 2, 3]);
    // A section (not a page) whose title has more words than the name is not exact.
    expect(exactNamesFirst([row, guide, page], groups, shape({ 2: 2, 3: 2 }, { 1: 't', 2: 'l' })).map((r) => r.id)).toEqual([1, 3, 2]);
  });

  it('camelCase and dotted names: the heading that holds the path typed, then the page titled with its last part', () => {
    // `autoExternal`: lib.autoExternal's page before the `AutoExternal` type's row, a guide's heading that repeats it not at all.
    const camel = [{ alternatives: [['autoexternal'], ['auto', 'external']], stop: false, name: 'autoexternal' }] as QueryGroup[];
    const row = result(1, 40, { autoexternal: ['name'] });
    const page = result(2, 30, { autoexternal: ['title', 'name'], auto: ['title'], external: ['title'] });
    const guide = result(3, 35, { autoexternal: ['title'], auto: ['title'], external: ['title'] });
    const names = shape({ 2: 4, 3: 4 }, { 1: 't', 2: 'l' }, [2]);
    expect(exactNamesFirst([row, guide, page], camel, names).map((r) => r.id)).toEqual([2, 1, 3]);
    // `dts.bundle`: the `dts.bundle` section before the page titled `lib.bundle`.
    const dotted = [{ alternatives: [['dtsbundle'], ['dts', 'bundle']], stop: false, name: 'bundle', path: ['dts', 'bundle'] }] as QueryGroup[];
    const section = result(4, 10, { dts: ['title', 'parents'], bundle: ['title', 'name'] });
    const bundlePage = result(5, 20, { bundle: ['title', 'name'] });
    expect(exactNamesFirst([bundlePage, section], dotted, shape({ 4: 2, 5: 2 }, { 4: 'l', 5: 'l' }, [5])).map((r) => r.id)).toEqual([4, 5]);
    // `output.autoExternal`: no heading holds the path; the page titled with its last part first.
    const path = [{ alternatives: [['outputautoexternal'], ['output', 'auto', 'external']], stop: false, name: 'autoexternal', path: ['output', 'autoexternal'] }] as QueryGroup[];
    expect(exactNamesFirst([row, guide, page], path, names).map((r) => r.id)).toEqual([2, 1, 3]);
  });

  it('puts a heading that is exactly the words typed, as words, with them: a page first, then a section', () => {
    const groups = [{ alternatives: [['polyfill']], stop: false, name: 'polyfill' }] as QueryGroup[];
    const option = result(1, 40, { polyfill: ['title', 'name', 'content'] });
    const guideSection = result(2, 30, { polyfill: ['title', 'content'] });
    const other = result(3, 35, { polyfill: ['content'] });
    const names = shape({ 1: 2, 2: 1, 3: 3 }, { 1: 'r' });
    // `polyfill`: the guide's "Polyfill" section before the option `output.polyfill`, which only has the word.
    expect(exactNamesFirst([option, other, guideSection], groups, names).map((r) => r.id)).toEqual([2, 1, 3]);
    // Typed as code, words are not the name.
    expect(exactNamesFirst([option, other, guideSection], [{ ...groups[0]!, code: true }], names).map((r) => r.id)).toEqual([1, 3, 2]);
  });

  it('puts a row that is the name first beside other words only when the name is typed as code', () => {
    // `build only one lib`: `lib` is the config overview's row, but the words around it are words.
    const words = [{ alternatives: [['build']], stop: false, optional: true, common: true, name: 'build' }, { alternatives: [['lib']], stop: false, common: true, name: 'lib' }] as QueryGroup[];
    const row = result(1, 10, { lib: ['name'] });
    const page = result(2, 20, { lib: ['title'], build: ['title'] });
    const names = shape({ 2: 5 }, { 1: 'r' });
    expect(exactNamesFirst([page, row], words, names).map((r) => r.id)).toEqual([2, 1]);
    // `lib` alone is the row.
    expect(exactNamesFirst([page, row], words.slice(1), names).map((r) => r.id)).toEqual([1, 2]);
    // `rslib --version`: a flag typed as written is its row, `rslib` beside it optional.
    const flag = [{ alternatives: [['rslib']], stop: false, optional: true, name: 'rslib' }, { alternatives: [['--version']], stop: false, name: '--version', code: true }] as QueryGroup[];
    const flagRow = result(3, 10, { '--version': ['name'] });
    const intro = result(4, 20, { rslib: ['title'], '--version': ['content'] });
    expect(exactNamesFirst([intro, flagRow], flag, shape({ 4: 3 }, { 3: 'c' })).map((r) => r.id)).toEqual([3, 4]);
  });

  it('counts a page that documents the name typed, in a sidebar section that holds the other words', () => {
    // `rsbuild plugins`: the page `plugins` of "Rsbuild configurations" before the FAQ's "Rsbuild plugins".
    const groups = [{ alternatives: [['rsbuild']], stop: false, optional: true, common: true, name: 'rsbuild' }, { alternatives: [['plugins']], stop: false, name: 'plugins' }] as QueryGroup[];
    const faq = result(1, 40, { rsbuild: ['title'], plugins: ['title'] });
    const page = result(2, 10, { rsbuild: ['group', 'description'], plugins: ['title', 'name'] });
    const names = shape({ 1: 2, 2: 1 }, { 2: 'l' }, [2]);
    expect(exactNamesFirst([faq, page], groups, names).map((r) => r.id)).toEqual([2, 1]);
    // Not when the section does not hold them (only the description does).
    const elsewhere = result(2, 10, { rsbuild: ['description'], plugins: ['title', 'name'] });
    expect(exactNamesFirst([faq, elsewhere], groups, names).map((r) => r.id)).toEqual([1, 2]);
    // Not a record that documents no name: a guide in that section is not the page of `plugins`.
    expect(exactNamesFirst([faq, result(2, 10, { rsbuild: ['group'], plugins: ['title'] })], groups, shape({ 1: 2, 2: 1 }, {}, [2])).map((r) => r.id)).toEqual([1, 2]);
  });

  it('counts a page that documents the name the synonym table gives for the one word of a Chinese query', () => {
    // 产物路径重定向 = redirect: lib.redirect (named `redirect`) before the upgrade guide's heading with the phrase.
    const groups = [{ alternatives: [['路径', '重', '定向']], stop: false, synonyms: [['redirect'], ['import', 'path', 'redirect']] }, { alternatives: [['产物']], stop: false, optional: true, common: true, phrasePart: true }] as QueryGroup[];
    const upgrade = result(1, 40, { 路径: ['title'], 重: ['title'], 定向: ['title'] });
    const option = result(2, 20, { 路径: ['description'], redirect: ['title', 'name'] });
    const names = shape({ 1: 8, 2: 2 }, { 2: 'l' }, [2]);
    expect(exactNamesFirst([upgrade, option], groups, names).map((r) => r.id)).toEqual([2, 1]);
    // Not when another word of its own typed (`dts` of `dts 类型打包`) is not in its title or description.
    const dts = [{ alternatives: [['dts']], stop: false, optional: true, common: true }, { alternatives: [['打包']], stop: false, synonyms: [['bundle']] }] as QueryGroup[];
    const bundlePage = result(3, 20, { 打包: ['content'], bundle: ['title', 'name'] });
    const guide = result(4, 40, { dts: ['description'], 打包: ['title'] });
    expect(exactNamesFirst([guide, bundlePage], dts, shape({ 3: 2, 4: 3 }, { 3: 'l' }, [3])).map((r) => r.id)).toEqual([4, 3]);
  });

  it("counts a page whose title and description hold every word of a Chinese query", () => {
    const groups = [{ alternatives: [['重', '定向']], stop: false }] as QueryGroup[];
    const upgrade = result(1, 40, { 重: ['title'], 定向: ['title'] });
    const option = result(2, 10, { 重: ['description'], 定向: ['description', 'content'] });
    const names = shape({ 1: 6, 2: 2 }, { 2: 'l' }, [2]);
    expect(exactNamesFirst([upgrade, option], groups, names).map((r) => r.id)).toEqual([2, 1]);
    // Not a page: its description is not what it is about.
    expect(exactNamesFirst([upgrade, option], groups, shape({ 1: 6, 2: 2 }, { 2: 'l' })).map((r) => r.id)).toEqual([1, 2]);
    // A phrase's corpus-common parts count only in the page's title (a description that says 类型
    // and 自定义 is not one that says 类型定义).
    const phrase = [{ alternatives: [['定义']], stop: false }, { alternatives: [['类型']], stop: false, optional: true, common: true, phrasePart: true }] as QueryGroup[];
    const footer = result(3, 40, { 定义: ['description'], 类型: ['description'] });
    const guide = result(4, 10, { 定义: ['description'], 类型: ['title'] });
    expect(exactNamesFirst([footer, guide], phrase, shape({ 3: 2, 4: 2 }, {}, [3, 4])).map((r) => r.id)).toEqual([4, 3]);
  });
});

describe('first results in canonical order', () => {
  const r = (id: number, score: number) => result(id, score);
  const scores = (results: ReturnType<typeof r>[]) => Float64Array.from(results, (x) => x.score);
  it('orders ties, and scores equal to 10 digits, by document', () => {
    const results = [r(5, 3), r(2, 2 + 1e-13), r(9, 2), r(1, 2), r(0, 1)];
    expect(firstRanked(listRanked(results), scores(results), 5).map((i) => results[i]!.id)).toEqual([5, 1, 2, 9, 0]);
    // Given in any order.
    const shuffled = [results[3]!, results[0]!, results[4]!, results[2]!, results[1]!];
    expect(firstRanked(listRanked(shuffled), scores(shuffled), 5).map((i) => shuffled[i]!.id)).toEqual([5, 1, 2, 9, 0]);
  });
  it('keeps the first results and whatever ties with the last of them, by the scores given', () => {
    const results = [r(5, 3), r(7, 2), r(1, 2), r(4, 1), r(3, 1)];
    expect(firstRanked(listRanked(results), scores(results), 2).map((i) => results[i]!.id)).toEqual([5, 1, 7]);
    expect(firstRanked(listRanked(results), Float64Array.from([1, 2, 3, 4, 5]), 2).map((i) => results[i]!.id)).toEqual([3, 4]);
    expect(firstRanked(listRanked([]), new Float64Array(0), 2)).toEqual([]);
  });
});

describe('the ranking steps at once (rankResults)', () => {
  // Results as a large site's broad query finds them: pages of a few records, headings that hold
  // all, some or none of the words, names, score ties; compared with the steps chained as lists.
  const words = ['bundle', 'bundler', 'dts', 'format'];
  const fields = ['title', 'content', 'name', 'description', 'group'];
  // Scores a heading's factor (4) and a repeated heading's (0.4) carry onto each other: ties made by the steps.
  const results = fc.array(fc.tuple(fc.constantFrom(1, 1.6, 2.5, 4, 6.4, 10), fc.subarray(words, { minLength: 1 }), fc.subarray(fields, { minLength: 1 }), fc.subarray(fields, { minLength: 1 }), fc.integer({ min: 0, max: 4 }), fc.boolean()), { minLength: 1, maxLength: 60 });
  const plans: QueryGroup[][] = [
    [{ alternatives: [['bundle']], stop: false, name: 'bundle' }],
    [{ alternatives: [['dts']], stop: false }, { alternatives: [['bundle']], stop: false, name: 'bundle', path: ['dts', 'bundle'] }],
    [{ alternatives: [['dtsbundle'], ['dts', 'bundle']], stop: false, synonyms: [['format']] }, { alternatives: [['format']], stop: false, optional: true, common: true }],
    [{ alternatives: [['format']], stop: false, code: true, name: 'format', pascal: true }],
  ];
  it('counts a page\'s results in the order the steps before left them: a tie after a repeated heading goes by the heading\'s score', () => {
    // One page: its top (id 0) and three sections; 1 and 2 headed `dts`, 2 deeper (repeating 1), 3 with the word in its text.
    // Typed as code, and no record names it: no record is an exact name (exactNamesFirst adds nothing).
    const groups: QueryGroup[] = [{ alternatives: [['dts']], stop: false, code: true }];
    const found = [result(1, 5, { dts: ['title'] }), result(3, 4, { dts: ['content'] }), result(2, 2.5, { dts: ['title'] }), result(0, 1, { dts: ['content'] })];
    const heading = { factor: 4, pageTitle: 2, proseTop: 1.5, isTop: (id: number) => id === 0, coverage: 0, titleLength: () => 1, phrasePart: 1, synonym: 1 };
    const shape = { depth: (id: number) => [1, 2, 3, 2][id]!, titleLength: () => 1 };
    const names = { titleLength: () => 1, isPage: heading.isTop, nameKind: () => null, outsideSidebar: () => false };
    // 2 and 3 both score 4 once 2's heading counts as repeated (2.5 × 4 × 0.4): 2 had the higher score (10), so it is the page's second.
    const expected = [
      [1, 20],
      [2, 2],
      [3, 1],
      [0, 0.1875],
    ];
    expect(spreadPages(repeatedHeadings(headingFirst(found, groups, heading), groups, shape, 0.4), () => 0, 0.5).map((x) => [x.id, x.score])).toEqual(expected);
    expect(rankResults(listRanked(found), groups, { heading, shape, repeatedHeading: 0.4, pageOf: () => 0, samePage: 0.5, names }, 4).map(({ index, score }) => [found[index]!.id, score])).toEqual(expected);
  });

  it('ranks the first results as headingFirst, repeatedHeadings, spreadPages and exactNamesFirst do one after the other', () => {
    fc.assert(
      fc.property(results, fc.integer({ min: 0, max: plans.length - 1 }), fc.integer({ min: 1, max: 25 }), fc.constantFrom(0, 0.3), (rows, plan, limit, coverage) => {
        // Pages start at a top record; a few records each.
        const tops = rows.map(([, , , , , top], id) => id === 0 || top);
        const pageOf = pagesOfTypes((id) => (tops[id] ? 'lvl1' : 'lvl2'), rows.length);
        const found = rows
          .map(([score, terms, fieldsA, fieldsB, titleLength], id) => result(id, score, Object.fromEntries(terms.map((term, k) => [term, k % 2 ? fieldsA : fieldsB]))))
          .sort((a, b) => b.score - a.score);
        const titleLength = (id: number) => rows[id]![4];
        const heading = { factor: 4, pageTitle: 2, proseTop: 1.5, isTop: (id: number) => tops[id]!, coverage, titleLength, phrasePart: 0.5, synonym: 0.9 };
        const shape = { depth: (id: number) => (tops[id] ? 1 : 2 + (id % 3)), titleLength };
        const names = { titleLength, isPage: heading.isTop, nameKind: (id: number) => (id % 4 === 0 ? 't' : id % 4 === 1 ? 'l' : null) as 't' | 'l' | null, outsideSidebar: (id: number) => id === 7 };
        const groups = plans[plan]!;
        const chained = exactNamesFirst(spreadPages(repeatedHeadings(headingFirst(found, groups, heading), groups, shape, 0.4), pageOf, 0.5), groups, names);
        const expected = firstRanked(listRanked(chained), Float64Array.from(chained, (x) => x.score), limit).map((i) => [chained[i]!.id, chained[i]!.score]);
        const rules = { heading, shape, repeatedHeading: 0.4, pageOf, samePage: 0.5, names };
        expect(rankResults(listRanked(found), groups, rules, limit).map(({ index, score }) => [found[index]!.id, score])).toEqual(expected);
      }),
    );
  });
});
