import { describe, expect, it } from 'vitest';
import MiniSearch, { type Query, type SearchOptions, type SearchResult } from 'minisearch';
import { buildSearchIndexFile } from '../../../pipeline/search/index.ts';
import { SearchIndexFile } from '../../../schemas/search-index.ts';
import { SEARCH_FIELDS } from '../../../schemas/search-format/format.ts';
import { analyzeQuery, cjkSplitter } from '../../../schemas/search-format/analyzer.ts';
import { fileIndexOf, miniSearchOptions, packedIndexOf } from '../../../schemas/search-format/codec.ts';
import { commonTerms, withoutCommonProse } from '../../../pipeline/search/common-terms.ts';
import { termCounts } from '../../../pipeline/search/term-counts.ts';
import { canonicalIndex } from '../../../pipeline/search/index.ts';
import { unpackIndex } from '../unpack-index.ts';
import { createLocalEngine, DEFAULT_TUNING, maxEdits, queryTree } from '../../../renderer/search/engine/engine.ts';
import type { SearchRecord } from '../../../schemas/search.ts';
import { termDictionary } from '../../../renderer/search/engine/term-tree.ts';
import { createSearcher } from '../../../renderer/search/engine/scorer.ts';
import { resultsOf } from '../../../renderer/search/engine/found.ts';
import { enRecords, generatedRecords, zhRecords } from '../fixtures.ts';

const load = (lang: 'en' | 'zh', file = buildSearchIndexFile(lang, lang === 'en' ? enRecords : zhRecords, { commonShare: 0 })) =>
  createLocalEngine(SearchIndexFile.parse(JSON.parse(JSON.stringify(file))));
const en = load('en');
const zh = load('zh');
/** Documents' terms counted and packed, as the pipeline's analysis packs them. */
const packedOf = (docs: Array<Record<(typeof SEARCH_FIELDS)[number], string>>) => {
  const counts = termCounts(miniSearchOptions('segmenter').tokenize);
  for (const doc of docs) counts.add(doc);
  return counts.packed();
};
/** A searcher over a packed index, its postings decoded as reached; `prefixTerms` as createSearcher's. */
const searcherOver = (packed: ReturnType<typeof packedIndexOf>, prefixTerms?: number) =>
  createSearcher(packed.documentCount, packed.averageFieldLength, SEARCH_FIELDS.map((_, f) => packed.fieldLength.map((lengths) => lengths[f]!)), termDictionary(packed.terms), (p) => packed.postings[p], prefixTerms);
const urls = (engine: ReturnType<typeof load>, q: string) => engine.search(q, { limit: 20, snippetWords: 10 }).hits.map((h) => h.url);

describe('packed index', () => {
  it('counts what MiniSearch counts, and round-trips its serialization exactly', () => {
    const docs = [
      { id: 0, title: 'autoExternal', parents: '', group: 'Lib', content: 'bundle bundle deps', code: '', name: 'autoExternal', description: '' },
      { id: 1, title: 'dts', parents: 'lib.dts', group: 'Lib', content: 'declaration files', code: 'dts: true', name: 'dts', description: '' },
      { id: 2, title: '模块联邦', parents: 'lib.dts', group: 'Lib', content: '产物 产物 的目录 bundle', code: 'dts: { bundle: true }', name: '', description: '构建产物' },
    ];
    const mini = new MiniSearch(miniSearchOptions('segmenter'));
    mini.addAll(docs);
    const js = mini.toJSON();
    const counts = termCounts(miniSearchOptions('segmenter').tokenize);
    for (const doc of docs) counts.add(doc);
    const byTerm = (index: typeof js.index) => [...index].sort(([a], [b]) => (a < b ? -1 : 1));
    // The same terms, postings and field lengths; the average lengths are canonicalIndex's to compute.
    const ours = unpackIndex(counts.packed());
    expect(byTerm(ours.index)).toEqual(byTerm(js.index));
    expect({ ...ours, index: [], averageFieldLength: [] }).toEqual({ ...js, index: [], averageFieldLength: [] });
    expect(unpackIndex(canonicalIndex(counts.packed())).averageFieldLength.map((n) => n.toFixed(9))).toEqual(js.averageFieldLength.map((n) => n.toFixed(9)));
  });

  it('counts what MiniSearch counts past the first sizes of its columns (thousands of terms, 65,536 postings)', () => {
    const docs = Array.from({ length: 3000 }, (_, i) => ({
      id: i,
      title: `h${i % 50} section`,
      parents: '',
      group: 'Lib',
      // 25 words, some repeated within the document, most shared with others.
      content: Array.from({ length: 25 }, (_, k) => `t${(i * 7 + (k % 20) * 13) % 3001}`).join(' '),
      code: i % 3 === 0 ? `c${i}` : '',
      name: '',
      description: '',
    }));
    const mini = new MiniSearch(miniSearchOptions('segmenter'));
    mini.addAll(docs);
    const js = mini.toJSON();
    const ours = unpackIndex(packedOf(docs));
    const byTerm = (index: typeof js.index) => [...index].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(ours.index.length).toBeGreaterThan(3000);
    expect(byTerm(ours.index)).toEqual(byTerm(js.index));
    expect(ours.fieldLength).toEqual(js.fieldLength);
  });

  it('is stored with front-coded terms and field-length columns, and read back exactly', () => {
    const file = buildSearchIndexFile('en', enRecords);
    const packed = packedIndexOf(file.index);
    expect(fileIndexOf(packed)).toEqual(file.index);
    expect(file.index.fieldLength).toHaveLength(SEARCH_FIELDS.length);
    expect(packed.fieldLength).toHaveLength(file.index.documentCount);
    expect([...packed.terms].sort()).toEqual(packed.terms);
    expect(packed.terms.every((t) => t.length > 0)).toBe(true);
  });
});

describe('local engine', () => {
  it('finds an option by its name, whole, split or partly typed', () => {
    for (const q of ['autoExternal', 'auto external', 'autoExt', 'auto-external']) expect(urls(en, q)[0]!.split('#')[0]).toBe('/config/lib/auto-external');
    expect(urls(en, 'autoExternal')).toContain('/config/lib/auto-external');
  });

  it('finds a dotted identifier by its parts', () => {
    expect(urls(en, 'dts bundle')[0]).toBe('/config/lib/dts#dtsbundle');
    expect(urls(en, 'lib.dts.bundle')[0]).toBe('/config/lib/dts#dtsbundle');
  });

  it('ranks the section named by a dotted option above the page whose title holds part of it', () => {
    expect(urls(en, 'autoExternal.dependencies')[0]).toBe('/config/lib/auto-external#autoexternaldependencies');
  });

  it('tolerates one typo from 5 letters and two from 8, none below', () => {
    expect(maxEdits('dts')).toBe(0);
    expect(maxEdits('bundl')).toBe(1);
    expect(maxEdits('federaton')).toBe(2);
    expect(urls(en, 'federaton')).toContain('/guide/advanced/module-federation');
    expect(urls(en, 'modle federation')[0]).toBe('/guide/advanced/module-federation');
    expect(urls(en, 'frmat')[0]).toBe('/config/lib/format');
    expect(urls(en, 'dst')).toEqual([]);
  });

  it('ranks a heading match above a body match', () => {
    // "templates" is the heading of one section and appears in the prose of none other.
    expect(urls(en, 'format')[0]).toBe('/config/lib/format');
  });

  it('ranks records with every term first, then those with all but one, and falls back to any term when none has all', () => {
    const found = urls(en, 'rslib build watch');
    expect(found[0]).toBe('/guide/basic/cli#rslib-build');
    // The rest miss one word each: after the one record that has all three.
    expect(found.length).toBeGreaterThan(1);
    // Only while few records have every word (each relaxed plan is one more search).
    const strict = createLocalEngine(SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('en', enRecords, { commonShare: 0 })))), { ...DEFAULT_TUNING, relaxBelow: 1 });
    expect(strict.search('rslib build watch', { limit: 20, snippetWords: 10 }).hits.map((h) => h.url)).toEqual(['/guide/basic/cli#rslib-build']);
    const any = urls(en, 'storybook zzzzunknown');
    expect(any).toContain('/guide/start/quick-start#templates');
  });

  it('searches code with a lower weight than prose', () => {
    expect(urls(en, 'latest')).toEqual(['/guide/start/quick-start']);
  });

  it('finds a section from a partial Chinese phrase', () => {
    expect(urls(zh, '模块联')[0]).toBe('/zh/guide/advanced/module-federation');
    expect(urls(zh, '远程模块')[0]).toBe('/zh/guide/advanced/module-federation#开发-mf-远程模块');
    expect(urls(zh, '包管理')[0]).toBe('/zh/guide/start/quick-start');
  });

  it('highlights matched words and only the typed part of a prefix', () => {
    const [hit] = en.search('autoExt', { limit: 1, snippetWords: 10 }).hits;
    expect(hit!.highlight.lvl1).toEqual([
      { text: 'lib.', match: false },
      { text: 'autoExt', match: true },
      { text: 'ernal', match: false },
    ]);
  });

  it('highlights a Latin query in Chinese text, and Chinese words once a Chinese term matches', () => {
    // Chinese runs are not segmented for a Latin query (they could mark nothing): same marks.
    expect(zh.search('rslib', { limit: 1, snippetWords: 10 }).hits[0]!.snippet).toEqual([
      { text: '使用 create-', match: false },
      { text: 'rslib', match: true },
      { text: ' 创建一个新的 ', match: false },
      { text: 'Rslib', match: true },
      { text: ' 项目，并选择你…', match: false },
    ]);
    const [mixed] = zh.search('模块 rslib', { limit: 1, snippetWords: 10 }).hits;
    expect(mixed!.highlight.lvl1).toEqual([
      { text: '模块', match: true },
      { text: '联邦', match: false },
    ]);
    expect(mixed!.snippet!.filter((s) => s.match).map((s) => s.text)).toEqual(['Rslib', '模块']);
  });

  it('keeps markup in content as text in snippets', () => {
    const [hit] = en.search('alert', { limit: 1, snippetWords: 10 }).hits;
    const text = hit!.snippet!.map((s) => s.text).join('');
    expect(text).toContain('<script>');
    expect(hit!.snippet!.find((s) => s.match)?.text).toBe('alert');
  });

  it('cuts snippets to the requested number of words', () => {
    const [hit] = en.search('vitest', { limit: 1, snippetWords: 5 }).hits;
    const words = hit!.snippet!.map((s) => s.text).join('').replace(/…/g, ' ').trim().split(/\s+/);
    expect(words).toHaveLength(5);
    expect(hit!.snippet!.some((s) => s.match && s.text === 'Vitest')).toBe(true);
  });

  it('returns nothing for an empty or punctuation-only query', () => {
    expect(en.search('  ', { limit: 20, snippetWords: 10 })).toEqual({ hits: [], nbHits: 0 });
    expect(en.search('?!', { limit: 20, snippetWords: 10 }).hits).toEqual([]);
  });

  it('returns DocSearch-shaped hits with the hierarchy rebuilt', () => {
    const [hit] = en.search('autoExternal.dependencies', { limit: 1, snippetWords: 10 }).hits;
    expect(hit).toMatchObject({
      objectID: '/config/lib/auto-external#autoexternaldependencies',
      url: '/config/lib/auto-external#autoexternaldependencies',
      type: 'lvl3',
      hierarchy: { lvl0: 'Lib Configurations', lvl1: 'lib.autoExternal', lvl2: 'Object type', lvl3: 'autoExternal.dependencies', lvl4: null },
    });
  });

  it('lists the top-level headings for no-results suggestions', () => {
    expect(en.topLevelHeadings()).toEqual(['Lib Configurations', 'Getting Started', 'Advanced', 'Basic']);
  });

  it('leaves out the prose postings of corpus-common terms and makes them optional in queries', () => {
    const full = packedOf(Array.from({ length: 4 }, (_, id) => ({ title: `t${id}`, parents: '', group: '', content: id < 3 ? 'rslib bundle' : 'rslib', code: '', name: '', description: '' })));
    expect([...commonTerms(full, 0.5, 1)].sort()).toEqual(['bundle', 'rslib']);
    expect([...commonTerms(full, 0.8, 1)]).toEqual(['rslib']);
    const packed = withoutCommonProse(full, new Set(['rslib']));
    expect(packed.terms).not.toContain('rslib');
    expect(packed.terms).toContain('bundle');
    // Chinese words need a larger share to be common than Latin ones; lone characters do not.
    const zhDocs = Array.from({ length: 10 }, (_, id) => ({ title: '', parents: '', group: '', content: id < 3 ? '目录 rslib 的 包' : 'x', code: '', name: '', description: '' }));
    expect([...commonTerms(packedOf(zhDocs), 0.25, 1, 0.5)].sort()).toEqual(['rslib', '包']);
    // A common term keeps its postings in other fields: only its prose goes.
    const titled = withoutCommonProse(full, new Set(['t1']));
    expect(titled.postings[titled.terms.indexOf('t1')]).toBe(full.postings[full.terms.indexOf('t1')]);
    const common = new Set(['rslib']);
    // Optional: not required, but scored where it matches a heading or code (`dts true`).
    expect(analyzeQuery('rslib bundle', cjkSplitter('segmenter'), common)).toEqual([
      { alternatives: [['rslib']], stop: false, optional: true, common: true, name: 'rslib' },
      { alternatives: [['bundle']], stop: false, name: 'bundle' },
    ]);
    // A query of common terms only requires them.
    expect(analyzeQuery('rslib', cjkSplitter('segmenter'), common)).toEqual([{ alternatives: [['rslib']], stop: false, common: true, name: 'rslib' }]);
    expect(analyzeQuery('rslib ', cjkSplitter('segmenter'), common)).toEqual([{ alternatives: [['rslib']], stop: false, common: true, name: 'rslib' }]);
    // A value after an option's name ranks but is not required, even as the last word.
    expect(analyzeQuery('autoExtension false', cjkSplitter('segmenter'), common).map((g) => !!g.optional)).toEqual([false, true]);
    expect(analyzeQuery('rslib false', cjkSplitter('segmenter'), common).map((g) => !!g.optional)).toEqual([false, true]);
  });
});

describe('index built from the packed form with lazily decoded postings', () => {
  it('scores every query exactly as MiniSearch.loadJS on the same index (scorer.ts)', () => {
    for (const [lang, records, queries] of [
      ['en', enRecords, ['a', 'b', 'bundl', 'bundle', 'autoExt', 'auto external', 'modle federation', 'frmat', 'rslib build watch', 'storybook zzzzunknown', 'dts bundle', 'latest']],
      ['zh', zhRecords, ['模块联', '远程模块', '包管理', '产物', 'rslib', '快速上手']],
    ] as const) {
      const file = buildSearchIndexFile(lang, records, { commonShare: 0 });
      const packed = packedIndexOf(file.index);
      const lazy = searcherOver(packed);
      const loaded = MiniSearch.loadJS(unpackIndex(packed), miniSearchOptions(file.cjk));
      for (const q of queries) {
        const groups = analyzeQuery(q, cjkSplitter(file.cjk));
        if (!groups.length) continue;
        const options = { tokenize: (t: string) => [t], processTerm: (t: string) => t, prefix: true, fuzzy: (t: string) => maxEdits(t) || false, boost: { title: 6, content: 1 } };
        // As the engine searches: its own weights, a boost per document (0 leaves a document out),
        // a part of the tree with boosts and term boosts of its own, one field only.
        const engineLike = { ...options, weights: { prefix: 0.5, fuzzy: 0.3 }, boostDocument: (id: unknown) => ((id as number) % 7 === 3 ? 0 : 1 + ((id as number) % 3) / 2) };
        // MiniSearch sorts what it finds by score (stably); the searcher leaves them in the order found.
        const byScore = (rs: SearchResult[]) => [...rs].sort((x, y) => y.score - x.score);
        const strip = (rs: { id: unknown; score: number; terms: string[]; queryTerms: string[]; match: unknown }[]) => rs.map(({ id, score, terms, queryTerms, match }) => ({ id, score, terms, queryTerms, match }));
        for (const mode of ['AND', 'OR'] as const) {
          const tree = queryTree(groups, mode);
          const withPart: Query = { combineWith: 'OR', queries: [tree, { combineWith: 'OR', queries: ['bundle', 'dts', '模块'], boost: { title: 2, code: 3 }, boostTerm: () => 0.5, prefix: false, fields: ['title', 'code'] }] };
          const cases: Array<[string, Query, SearchOptions]> = [['plain', tree, options], ['engine', tree, engineLike], ['part', withPart, engineLike], ['title', tree, { ...engineLike, fields: ['title'] }]];
          for (const [name, query, opts] of cases) {
            expect(strip(byScore(resultsOf(lazy.find(query, opts)))), `${q} ${mode} ${name}`).toEqual(strip(loaded.search(query, opts)));
          }
        }
      }
    }
  });
});

describe('a prefix that begins more terms than it may reach (issue 55)', () => {
  it('reaches those with the most postings, ties in order, and scores them as MiniSearch scores an index of only those', () => {
    const file = buildSearchIndexFile('en', generatedRecords('en', 300), { commonShare: 0 });
    const packed = packedIndexOf(file.index);
    const plain = unpackIndex(packed);
    const postingsOf = (posting: (typeof plain.index)[number][1]) => Object.values(posting).reduce((n, docs) => n + Object.keys(docs).length, 0);
    const options = { tokenize: (t: string) => [t], processTerm: (t: string) => t, prefix: true, fuzzy: false, weights: { prefix: 0.5, fuzzy: 0.3 }, boost: { title: 6, content: 1 } };
    for (const [prefix, cap] of [['b', 12], ['bundle', 5], ['out', 3]] as const) {
      const begun = plain.index.filter(([term]) => term.startsWith(prefix) && term !== prefix);
      expect(begun.length, prefix).toBeGreaterThan(cap + 3);
      // The `cap` terms with the most postings; among those with as many as the last, the first in order.
      const kept = new Set(begun.map(([term, posting], order) => ({ term, postings: postingsOf(posting), order })).sort((a, b) => b.postings - a.postings || a.order - b.order).slice(0, cap).map(({ term }) => term));
      const counts = begun.map(([, posting]) => postingsOf(posting));
      expect(new Set(counts).size, `${prefix}: terms of different sizes`).toBeGreaterThan(1);
      const searcher = searcherOver(packed, cap);
      const only = MiniSearch.loadJS({ ...plain, index: plain.index.filter(([term]) => !term.startsWith(prefix) || term === prefix || kept.has(term)) }, miniSearchOptions(file.cjk));
      const found = resultsOf(searcher.find(prefix, options));
      expect(new Set(found.flatMap((r) => r.terms.filter((t) => t !== prefix))), prefix).toEqual(kept);
      const strip = (rs: SearchResult[]) => [...rs].sort((x, y) => y.score - x.score).map(({ id, score, terms, match }) => ({ id, score, terms, match }));
      expect(strip(found), prefix).toEqual(strip(only.search(prefix, options)));
      // Below the cap, every term it begins.
      const all = searcherOver(packed, begun.length);
      expect(new Set(resultsOf(all.find(prefix, options)).flatMap((r) => r.terms.filter((t) => t !== prefix))).size, prefix).toBe(begun.length);
    }
  });
});

describe('an engine kept for a session', () => {
  it('answers each keystroke as a fresh engine does, whatever it searched before', () => {
    // Results of earlier searches are kept and shared (mini-index.ts, rememberLeaves): nothing
    // downstream may change them. Typed in full, then again, then each query on a fresh engine.
    for (const [engine, lang, queries] of [
      [en, 'en', ['auto external', 'bundle', 'dts t', 'format umd', 'autoExternal devDependencies', 'modle federation']],
      [zh, 'zh', ['模块联邦', '产物 目录', 'rslib 配置', '类型声明']],
    ] as const) {
      const strokes = queries.flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)));
      const session = strokes.map((s) => engine.search(s, { limit: 20, snippetWords: 10 }));
      const again = strokes.map((s) => engine.search(s, { limit: 20, snippetWords: 10 }));
      expect(again).toEqual(session);
      for (const [i, s] of strokes.entries()) expect(load(lang).search(s, { limit: 20, snippetWords: 10 }), s).toEqual(session[i]);
    }
  });
});

describe('one page does not crowd out the others (issue 22)', () => {
  const page = (u: string, title: string, sections: [anchor: string, heading: string, content: string][]): SearchRecord[] => [
    { objectID: u, url: u, type: 'lvl1', lang: 'en', content: `${title} overview.`, code: '', hierarchy: { lvl0: 'Guide', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } },
    ...sections.map(([a, h, content]): SearchRecord => ({ objectID: `${u}#${a}`, url: `${u}#${a}`, type: 'lvl2', lang: 'en', content, code: '', hierarchy: { lvl0: 'Guide', lvl1: title, lvl2: h, lvl3: null, lvl4: null, lvl5: null, lvl6: null } })),
  ];
  const records = [
    ...page('/guide/a', 'Alpha', [
      ['one', 'Widgets one', 'widgets widgets widgets here'],
      ['two', 'Widgets two', 'widgets widgets widgets there'],
      ['three', 'Widgets three', 'widgets widgets widgets everywhere'],
    ]),
    ...page('/guide/b', 'Beta', [['widgets', 'Using widgets', 'widgets are configured here']]),
  ];
  const file = buildSearchIndexFile('en', records, { commonShare: 0 });
  const engine = (tuning = DEFAULT_TUNING) => createLocalEngine(SearchIndexFile.parse(JSON.parse(JSON.stringify(file))), tuning);
  const pages = (e: ReturnType<typeof engine>) => e.search('widgets', { limit: 20, snippetWords: 10 }).hits.map((h) => h.url.split('#')[0]);
  it("ranks another page's best section above a page's third", () => {
    expect(pages(engine({ ...DEFAULT_TUNING, samePage: 1 })).slice(0, 3)).toEqual(['/guide/a', '/guide/a', '/guide/a']);
    expect(pages(engine()).slice(0, 2)).toContain('/guide/b');
  });
});

describe('synonyms weigh less than what was typed (issue 22)', () => {
  it('ranks the section that uses the typed word above one that uses its synonym', () => {
    const records: SearchRecord[] = [
      { objectID: '/a', url: '/a', type: 'lvl1', lang: 'en', content: 'Emit declarations for consumers.', code: '', hierarchy: { lvl0: 'Guide', lvl1: 'Reference', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } },
      { objectID: '/b', url: '/b', type: 'lvl1', lang: 'en', content: 'Emit dts for consumers.', code: '', hierarchy: { lvl0: 'Guide', lvl1: 'Output', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } },
    ];
    const file = SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('en', records, { commonShare: 0 }))));
    const top = (synonym: number) => createLocalEngine(file, { ...DEFAULT_TUNING, synonym }, [['dts', 'declarations']]).search('dts', { limit: 5, snippetWords: 10 }).hits.map((h) => h.url);
    // With dts ↔ declarations both pages are found, the typed word first (at equal weights the
    // two tie, and the first document wins).
    expect(top(0.5)).toEqual(['/b', '/a']);
    expect(top(1)).toEqual(['/a', '/b']);
  });
  it("counts a synonym in full in a record's own heading: the page titled by it comes first", () => {
    const records: SearchRecord[] = [
      { objectID: '/guide', url: '/guide', type: 'lvl1', lang: 'en', content: 'How declaration files are written for a package.', code: '', hierarchy: { lvl0: 'Guide', lvl1: 'Packages', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } },
      { objectID: '/config/lib/dts', url: '/config/lib/dts', type: 'lvl1', lang: 'en', content: 'What a package ships for its types.', code: '', hierarchy: { lvl0: 'Config', lvl1: 'lib.dts', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } },
    ];
    const file = SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('en', records, { commonShare: 0 }))));
    expect(createLocalEngine(file, DEFAULT_TUNING, [['dts', 'declaration files']]).search('declaration files', { limit: 5, snippetWords: 10 }).hits.map((h) => h.url)).toEqual(['/config/lib/dts', '/guide']);
  });
  it('ranks a heading holding the word as typed above one holding its synonym', () => {
    // With minify ↔ compress; the two pages are alike but for their titles (not the word alone: a
    // page titled exactly the word typed comes first whatever the weights, exactNamesFirst).
    const page = (url: string, title: string): SearchRecord => ({ objectID: url, url, type: 'lvl1', lang: 'en', content: 'Smaller output for production.', code: '', hierarchy: { lvl0: 'Guide', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } });
    const file = SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('en', [page('/compress', 'Compress the code'), page('/minify', 'Minify the code')], { commonShare: 0 }))));
    const top = (headingSynonym: number) => createLocalEngine(file, { ...DEFAULT_TUNING, headingSynonym }, [['minify', 'compress']]).search('minify', { limit: 5, snippetWords: 10 }).hits.map((h) => h.url);
    expect(top(DEFAULT_TUNING.headingSynonym)).toEqual(['/minify', '/compress']);
    // At equal weights the two tie, and the first document wins.
    expect(top(1)).toEqual(['/compress', '/minify']);
  });
  it('finds a record with the other words when the required ones are corpus-common (their prose is not indexed)', () => {
    const make = (url: string, title: string, content: string): SearchRecord => ({ objectID: url, url, type: 'lvl1', lang: 'en', content, code: '', hierarchy: { lvl0: 'Guide', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } });
    const records = [...Array.from({ length: 45 }, (_, i) => make(`/notes/${i}`, `Note ${i}`, 'A library and react notes.')), make('/guide/solution/react', 'React', 'Components for the browser.')];
    const file = SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('en', records))));
    expect(file.common).toEqual(expect.arrayContaining(['library', 'react']));
    const found = (relaxedCommon: number) => createLocalEngine(file, { ...DEFAULT_TUNING, relaxedCommon }).search('react library', { limit: 5, snippetWords: 10 }).hits.map((h) => h.url);
    expect(found(0.6)[0]).toBe('/guide/solution/react');
    expect(found(0)).toEqual([]);
  });
  it("finds an option by its own name above a heading that only contains it (the name field)", () => {
    const make = (url: string, type: SearchRecord['type'], lvl1: string, lvl2: string | null, content: string): SearchRecord => ({ objectID: url, url, type, lang: 'en', content, code: '', hierarchy: { lvl0: 'Docs', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null } });
    const records = [
      make('/guide/configure', 'lvl1', 'Configure', null, 'Write a config file.'),
      make('/guide/configure#defineconfig', 'lvl2', 'Configure', 'defineConfig', 'Wrap the config in it for types.'),
      make('/config/rsbuild/source', 'lvl1', 'source', null, 'Source options.'),
      make('/config/rsbuild/source#sourcedefine', 'lvl2', 'source', 'source.define', 'Replaces identifiers at compile time.'),
    ];
    const file = SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('en', records, { commonShare: 0 }))));
    const top = (name: number) => createLocalEngine(file, { ...DEFAULT_TUNING, boost: { ...DEFAULT_TUNING.boost, name } }).search('define', { limit: 5, snippetWords: 10 }).hits[0]!.url;
    expect(top(6)).toBe('/config/rsbuild/source#sourcedefine');
    expect(top(0)).toBe('/guide/configure#defineconfig');
  });
});

describe('page descriptions and written names (issue 22, part 4)', () => {
  const make = (url: string, type: SearchRecord['type'], lvl1: string, lvl2: string | null, content: string, extra: Partial<SearchRecord> = {}): SearchRecord => ({ objectID: url, url, type, lang: 'en', content, code: '', hierarchy: { lvl0: 'Docs', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, ...extra });
  const search = (records: SearchRecord[], q: string, tuning = DEFAULT_TUNING) =>
    createLocalEngine(SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('en', records, { commonShare: 0 })))), tuning)
      .search(q, { limit: 5, snippetWords: 10 })
      .hits.map((h) => h.url);

  it('ranks the page whose description says what the query asks above prose that mentions it', () => {
    const records = [
      make('/guide/start', 'lvl1', 'Quick start', null, 'Create a project, then edit the file and check its end when the build is done.'),
      make('/config/lib/footer', 'lvl1', 'lib.footer', null, 'Takes a string per output kind.', { description: 'Append custom text at the end of every output file.' }),
    ];
    expect(search(records, 'end of file')[0]).toBe('/config/lib/footer');
    expect(search(records, 'end of file', { ...DEFAULT_TUNING, boost: { ...DEFAULT_TUNING.boost, description: 0 } })[0]).toBe('/guide/start');
  });

  it('finds a CLI flag as written, not every page about its word', () => {
    const records = [
      make('/config', 'lvl1', 'Config overview', null, 'Every config option of the config file.'),
      make('/guide/cli', 'lvl1', 'CLI', null, 'Commands of the command line.'),
      make('/guide/cli#flags', 'lvl2', 'CLI', 'Common flags', 'Pass -c, --config <file> to name the config file; --config-loader picks its loader.'),
    ];
    expect(search(records, '--config')[0]).toBe('/guide/cli#flags');
    expect(search(records, '-c')).toEqual(['/guide/cli#flags']);
    expect(search(records, '--config-l')).toEqual(['/guide/cli#flags']);
    // The word alone still finds every page about it.
    expect(search(records, 'config')).toContain('/config');
  });

  it('finds a module variable by its name as written, not the option its word is in', () => {
    const records = [
      make('/config/rsbuild/output', 'lvl1', 'output', null, 'Output options.'),
      make('/config/rsbuild/output#outputfilename', 'lvl2', 'output', 'output.filename', 'The name of each emitted filename, with a hash.'),
      make('/config/lib/shims', 'lvl1', 'lib.shims', null, 'Shims for module variables.'),
      make('/config/lib/shims#shimsesm__filename', 'lvl2', 'lib.shims', 'shims.esm.__filename', 'Makes __filename work in ES modules.'),
    ];
    expect(search(records, '__filename')[0]).toBe('/config/lib/shims#shimsesm__filename');
    expect(search(records, 'filename')[0]).toBe('/config/rsbuild/output#outputfilename');
  });
});

describe('Chinese as typed (issue 55)', () => {
  const make = (url: string, type: SearchRecord['type'], lvl1: string, lvl2: string | null, content: string, extra: Partial<SearchRecord> = {}): SearchRecord => ({ objectID: url, url, type, lang: 'zh', content, code: '', hierarchy: { lvl0: '文档', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, ...extra });
  const search = (records: SearchRecord[], q: string, synonyms: string[][] = []) =>
    createLocalEngine(SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('zh', records, { commonShare: 0 })))), DEFAULT_TUNING, synonyms)
      .search(q, { limit: 5, snippetWords: 10 })
      .hits.map((h) => h.url);

  it('takes a finished lone character for itself, and the one being typed for the start of a word', () => {
    const records = [make('/a', 'lvl1', '同时构建', null, '同时输出两种格式。'), make('/b', 'lvl1', '产物格式', null, '同构的代码在两端运行。')];
    // 同构 is cut 同|构: 同 is finished, and is not the start of 同时 (the heading 同时构建 would
    // hold both words as prefixes, and come first).
    expect(search(records, '同构')[0]).toBe('/b');
    // Typed alone, 同 may be the start of 同时.
    expect(search(records, '同')).toContain('/a');
  });

  it('finds a half-typed word the segmenter cuts otherwise than the whole one', () => {
    const records = [make('/config/lib/redirect', 'lvl1', 'lib.redirect', null, '控制导入路径的重定向。'), make('/b', 'lvl1', '其他', null, '重要的说明。')];
    expect(search(records, '重定')[0]).toBe('/config/lib/redirect');
  });

  it("counts a page's description as its heading for a Chinese query", () => {
    const records = [
      make('/config/lib/redirect', 'lvl1', 'lib.redirect', null, '各个配置项。', { description: '控制导入路径的重定向。' }),
      make('/guide/upgrade', 'lvl1', '升级', null, '升级时检查重定向和其他改动。'),
    ];
    expect(search(records, '重定向')[0]).toBe('/config/lib/redirect');
  });
});

describe('a word typed in its -y form (issue 55)', () => {
  it('finds its -ies and -ied forms by prefix', () => {
    const page = (url: string, title: string, content: string): SearchRecord => ({ objectID: url, url, type: 'lvl1', lang: 'en', content, code: '', hierarchy: { lvl0: 'Guide', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } });
    const file = SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('en', [page('/clean', 'Clean', 'The folder is emptied before each build.'), page('/other', 'Other', 'Nothing to see.')], { commonShare: 0 }))));
    const engine = createLocalEngine(file);
    expect(engine.search('empty', { limit: 5, snippetWords: 10 }).hits.map((h) => h.url)).toEqual(['/clean']);
    // The stem is reached by no typo: `minifi` is one edit from `minify`, which would count twice
    // (pinned by 'ranks a heading holding the word as typed above one holding its synonym').
  });
});

describe("a Chinese phrase's fragments in a page's description (issue 55)", () => {
  it("counts the phrase's finished lone characters in the description of a page that holds its other words", () => {
    const make = (url: string, lvl1: string, content: string, description?: string): SearchRecord => ({ objectID: url, url, type: 'lvl1', lang: 'zh', content, code: '', hierarchy: { lvl0: '文档', lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, ...(description && { description }) });
    // 模块 is cut 模|块 before 变量 and 联邦, in the query as in the pages, so 模 and 块 are corpus-common.
    const records = [
      make('/guide/faq', '功能类问题', '常见问题的解答。', '关于样式处理和模块变量的常见问题。'),
      make('/guide/env-vars', '环境变量', '在库中使用环境变量。', '环境变量的处理方式。'),
      // Past the least number of sections a corpus-common term is in (commonTerms: 40).
      ...Array.from({ length: 44 }, (_, i) => make(`/guide/mf${i}`, `联邦 ${i}`, '模块联邦的说明。')),
    ];
    const file = SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('zh', records))));
    expect(file.common).toEqual(expect.arrayContaining(['模', '块']));
    const top = (q: string) => createLocalEngine(file).search(q, { limit: 5, snippetWords: 10 }).hits.map((h) => h.url);
    // The FAQ says 模块变量 in its description; the environment variables page's title holds 变量 alone.
    expect(top('模块变量 ')[0]).toBe('/guide/faq');
    expect(top('环境变量 ')[0]).toBe('/guide/env-vars');
  });
});

describe('pages outside the sidebar (issue 55)', () => {
  it('ranks a page with no sidebar group (the home page) below the documentation', () => {
    const page = (url: string, lvl0: string | null, content: string): SearchRecord => ({ objectID: url, url, type: 'lvl1', lang: 'en', content, code: '', hierarchy: { lvl0, lvl1: 'Rslib', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } });
    const file = SearchIndexFile.parse(JSON.parse(JSON.stringify(buildSearchIndexFile('en', [page('/', null, 'Build a library.'), page('/guide/start/', 'Getting Started', 'Build a library.')], { commonShare: 0 }))));
    const top = (outsideSidebar: number) => createLocalEngine(file, { ...DEFAULT_TUNING, outsideSidebar }).search('library', { limit: 5, snippetWords: 10 }).hits.map((h) => h.url);
    expect(top(DEFAULT_TUNING.outsideSidebar)).toEqual(['/guide/start/', '/']);
    expect(top(1)[0]).toBe('/');
  });
});

describe('a broad query scores only the records that may rank first (issue 55)', () => {
  it('answers every keystroke as the whole search does, whatever it leaves out', () => {
    const queries = { en: ['b', 'bundle', 'output format', 'module federation', 'group 2', 'group output', 'plugins', 'declaration dts', 'watch build', 'e'], zh: ['构建', '产物格式', '模块联邦', '配置 插件', '分组 2', '分组 构建', '类型声明'] };
    // Without corpus-common terms, and with them (their words optional in a query: `group` of
    // `group 2`, and joining as relaxed ones where every required word is common).
    for (const [lang, commonShare] of [['en', 0], ['zh', 0], ['en', undefined], ['zh', undefined]] as const) {
      const file = buildSearchIndexFile(lang, generatedRecords(lang, 600), { commonShare });
      const make = (broad: (typeof DEFAULT_TUNING)['broad']) => createLocalEngine(SearchIndexFile.parse(JSON.parse(JSON.stringify(file))), { ...DEFAULT_TUNING, broad });
      const whole = make({ from: Infinity, headedShare: 1, candidates: 0 });
      const strokes = queries[lang].flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)));
      const answers = strokes.map((s) => whole.search(s, { limit: 20, snippetWords: 10 }));
      // No candidates beside the headed records (the bound then often fails), some, and many.
      for (const candidates of [0, 5, 40]) {
        const bounded = make({ from: 200, headedShare: 1, candidates });
        let fewer = 0;
        let all = 0;
        for (const [i, s] of strokes.entries()) {
          const answer = bounded.search(s, { limit: 20, snippetWords: 10 });
          expect(answer, `${lang} ${commonShare} ${s} (${candidates})`).toEqual(answers[i]);
          if (bounded.ranked(s, 20) < whole.ranked(s, 20)) fewer++;
          else if (answer.nbHits >= 200) all++;
        }
        // Both ways taken: records left out, and a bound that did not hold (or no survey).
        expect(fewer, `${lang} ${commonShare} ${candidates}`).toBeGreaterThanOrEqual(3);
        if (candidates === 0) expect(all, `${lang} ${commonShare}`).toBeGreaterThan(0);
        // Records alike that tie at the bound (every page's top, found by its sidebar group): the
        // first of them by document are scored, as many as there is room for, and no others.
        const alike = lang === 'en' ? 'group' : '分组';
        if (candidates >= 20) expect(bounded.ranked(alike, 20), `${lang} ${commonShare} ${alike}`).toBe(candidates);
      }
    }
  });

  it('searches whole where a record left out could rank among the first, on small sites and short pages of results', () => {
    // Few candidates and short pages of results put the last result shown near the records left
    // out: a check that let a first result stand below one of them, or beside one that ties with
    // it, gives other answers here (o, out, d, module at 40 pages and 3 candidates). So does a
    // survey of fewer records than relaxBelow, whose relaxed plans add records it did not count
    // (`group o` at 30 pages, `group` corpus-common: 16 found, 73 with the relaxed ones).
    let fewer = 0;
    for (const [lang, pages, seed, commonShare] of [['en', 40, 3, 0], ['zh', 40, 5, 0], ['en', 120, 11, 0], ['en', 30, 6, undefined]] as const) {
      const file = buildSearchIndexFile(lang, generatedRecords(lang, pages, seed), { commonShare });
      const make = (broad: (typeof DEFAULT_TUNING)['broad']) => createLocalEngine(SearchIndexFile.parse(JSON.parse(JSON.stringify(file))), { ...DEFAULT_TUNING, broad });
      const whole = make({ from: Infinity, headedShare: 1, candidates: 0 });
      const queries = lang === 'en' ? ['g', 'group', 'b', 'e', 'o', 'out', 'd', 'module', 'group 1', 'group o'] : ['分组', '构', '产', '模', '配置'];
      for (const candidates of [0, 3, 25]) {
        const bounded = make({ from: 10, headedShare: 1, candidates });
        for (const limit of [5, 10, 20]) {
          for (const q of queries) {
            expect(bounded.search(q, { limit, snippetWords: 5 }), `${lang} ${pages} ${commonShare} ${q} (${candidates}, ${limit})`).toEqual(whole.search(q, { limit, snippetWords: 5 }));
            if (bounded.ranked(q, limit) < whole.ranked(q, limit)) fewer++;
          }
        }
      }
    }
    expect(fewer).toBeGreaterThan(100);
  });
});
