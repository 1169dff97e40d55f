import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CjkMode } from '../../../schemas/search-index.ts';
import { analyze, analyzeQuery, cjkSplitter, nameTerm, termSpans, yStem } from '../../../schemas/search-format/analyzer.ts';

const cjk = { char: cjkSplitter('char'), bigram: cjkSplitter('bigram'), segmenter: cjkSplitter('segmenter') };

describe('analyze (index-time terms)', () => {
  it('splits identifiers as readers type them and keeps the whole identifier', () => {
    expect(analyze('autoExternal', cjk.bigram)).toEqual(['autoexternal', 'auto', 'external']);
    expect(analyze('lib.dts.bundle', cjk.bigram)).toEqual(['lib', 'dts', 'bundle']);
    expect(analyze('auto-external', cjk.bigram)).toEqual(['auto', 'external', 'autoexternal']);
    expect(analyze('node_modules', cjk.bigram)).toEqual(['node', 'modules', 'nodemodules']);
    expect(analyze('JSONFile', cjk.bigram)).toEqual(['jsonfile', 'json', 'file']);
  });

  it('lowercases, folds full-width letters and drops stop words and lone letters', () => {
    expect(analyze('The ＤＴＳ of a Package', cjk.bigram)).toEqual(['dts', 'package']);
    expect(analyze('Node 20 x', cjk.bigram)).toEqual(['node', '20']);
  });

  it('turns Chinese into characters, pairs or words depending on the mode', () => {
    expect(analyze('模块联邦', cjk.char)).toEqual(['模', '块', '联', '邦']);
    expect(analyze('模块联邦', cjk.bigram)).toEqual(['模块', '块联', '联邦']);
    expect(analyze('包', cjk.bigram)).toEqual(['包']);
    // Pairs with a function character are skipped; a character isolated by them survives.
    expect(analyze('的包的', cjk.bigram)).toEqual(['包']);
    expect(analyze('配置的方式', cjk.bigram)).toEqual(['配置', '方式']);
    expect(analyze('模块联邦', cjk.segmenter).join('')).toBe('模块联邦');
  });

  it('analyzes mixed Chinese and English', () => {
    expect(analyze('使用 autoExternal 配置', cjk.bigram)).toEqual(['使用', 'autoexternal', 'auto', 'external', '配置']);
  });

  it('indexes a CLI flag or module variable as written too, and a compound or a number not so', () => {
    expect(analyze('Pass -c, --config-loader or (__dirname)', cjk.segmenter)).toEqual(['pass', '-c', 'config', 'loader', 'configloader', '--config-loader', 'dirname', '__dirname']);
    expect(analyze('auto-external -1 ab--cd', cjk.segmenter)).toEqual(['auto', 'external', 'autoexternal', '1', 'ab', 'cd']);
    expect(analyzeQuery('--config', cjk.segmenter)).toEqual([{ alternatives: [['--config']], stop: false, name: '--config', code: true }]);
  });

  it('gives spans that cover exactly the text of each term', () => {
    const modes: CjkMode[] = ['char', 'bigram', 'segmenter'];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ab CD-e.f_模块联邦的配置 1'.split('')) }), fc.constantFrom(...modes), (text, mode) => {
        for (const span of termSpans(text, cjkSplitter(mode))) {
          // A flag or module variable is its text as written (`--config-loader`, `__dirname`).
          const written = /^(--|__|-)(?=[a-z])/.test(span.term);
          const source = text.slice(span.start, span.end).normalize('NFKC').toLowerCase();
          expect(written ? source : source.replace(/[-._/]/g, '')).toBe(span.term);
        }
      }),
    );
  });
});

describe('analyzeQuery', () => {
  it('offers an identifier whole or as its parts', () => {
    expect(analyzeQuery('autoExternal', cjk.bigram)).toEqual([{ alternatives: [['autoexternal'], ['auto', 'external']], stop: false, name: 'autoexternal', code: true }]);
    expect(analyzeQuery('auto external', cjk.bigram).map((g) => g.alternatives)).toEqual([[['auto']], [['external']]]);
  });

  it('searches an identifier typed as code only whole when the index has it whole (issue 55)', () => {
    const terms = ['withrslibconfig', 'rslib', 'config', 'modulefederation', 'module', 'federation'];
    const known = { has: (t: string) => terms.includes(t), hasPrefix: (p: string) => terms.some((t) => t.startsWith(p)) };
    expect(analyzeQuery('withRslibConfig ', cjk.segmenter, new Set(), known)[0]!.alternatives).toEqual([['withrslibconfig']]);
    // Half-typed, the whole the index has begins with it.
    expect(analyzeQuery('withRslibCon', cjk.segmenter, new Set(), known)[0]!.alternatives).toEqual([['withrslibcon']]);
    // Words joined by a dash are words; an identifier the index lacks may be written apart.
    expect(analyzeQuery('module-federation ', cjk.segmenter, new Set(), known)[0]!.alternatives).toEqual([['modulefederation'], ['module', 'federation']]);
    expect(analyzeQuery('rslibConfig ', cjk.segmenter, new Set(), known)[0]!.alternatives).toEqual([['rslibconfig'], ['rslib', 'config']]);
  });

  it('lets a word typed in its -y form reach its -ies and -ied forms (issue 55)', () => {
    expect(yStem('empty')).toBe('empti');
    expect(yStem('dependency')).toBe('dependenci');
    // A vowel before the y (`display`), or a word too short to have a stem of its own, has none.
    expect(yStem('display')).toBeNull();
    expect(yStem('by')).toBeNull();
    expect(analyzeQuery('empty dist', cjk.segmenter)[0]).toEqual({ alternatives: [['empty'], ['empti']], stop: false, inflected: 'empti', name: 'empty' });
    // Not a corpus-common word, whose prose postings the index leaves out while the other form's it keeps.
    expect(analyzeQuery('node library', cjk.segmenter, new Set(['library'])).at(-1)!.alternatives).toEqual([['library']]);
    // Nor a name typed as code.
    expect(analyzeQuery('myEntry', cjk.segmenter)[0]!.alternatives).toEqual([['myentry'], ['my', 'entry']]);
  });

  it('says what name a token is typed as: its last dotted part, its path, whether as a type or as code', () => {
    const typed = (query: string) => analyzeQuery(query, cjk.bigram).map(({ name, path, pascal, code }) => ({ name, path, pascal, code }));
    expect(typed('output.autoExternal')).toEqual([{ name: 'autoexternal', path: ['output', 'autoexternal'], pascal: undefined, code: true }]);
    expect(typed('AutoExternal')).toEqual([{ name: 'autoexternal', path: undefined, pascal: true, code: true }]);
    expect(typed('Format')).toEqual([{ name: 'format', path: undefined, pascal: true, code: undefined }]);
    expect(typed('mf-dev')).toEqual([{ name: 'mfdev', path: undefined, pascal: undefined, code: undefined }]);
    expect(typed('ESM')).toEqual([{ name: 'esm', path: undefined, pascal: undefined, code: undefined }]);
  });

  it('drops finished stop words but keeps a word being typed', () => {
    expect(analyzeQuery('how to bundle', cjk.bigram).map((g) => g.alternatives)).toEqual([[['bundle']]]);
    expect(analyzeQuery('npm in', cjk.bigram).map((g) => g.alternatives)).toEqual([[['npm']], [['in']]]);
    expect(analyzeQuery('npm in ', cjk.bigram).map((g) => g.alternatives)).toEqual([[['npm']]]);
  });

  it('searches a query made only of stop words for them', () => {
    expect(analyzeQuery('the ', cjk.bigram).map((g) => g.alternatives)).toEqual([[['the']]]);
  });

  it('analyzes Chinese the same way as the index', () => {
    expect(analyzeQuery('模块联', cjk.bigram)).toEqual([{ alternatives: [['模块', '块联']], stop: false, typing: '块联' }]);
    expect(analyzeQuery('模块联', cjk.char)).toEqual([{ alternatives: [['模', '块', '联']], stop: false, typing: '联' }]);
    // A finished word is not being typed.
    expect(analyzeQuery('模块联 ', cjk.char)).toEqual([{ alternatives: [['模', '块', '联']], stop: false }]);
  });

  it('cuts the Chinese word being typed where the index lets it go on (issue 55)', () => {
    // The pages have 重定向 as 重|定向; the segmenter takes a half-typed 重定 for one word.
    const terms = ['重', '定向', '定义', '模', '块', '联邦', '类型', '声明'];
    const known = { has: (t: string) => terms.includes(t), hasPrefix: (p: string) => terms.some((t) => t.startsWith(p)) };
    const groups = analyzeQuery('重定', cjk.segmenter, new Set(), known);
    expect(groups.map((g) => [g.alternatives, g.typing, g.partial])).toEqual([[[['重', '定']], '定', true]]);
    // Its corpus-common words are optional parts of the phrase; a word of the index is not partial.
    const common = analyzeQuery('模块联', cjk.segmenter, new Set(['模', '块']), known);
    expect(common.map((g) => [g.alternatives, !!g.optional, !!g.phrasePart, g.partial])).toEqual([
      [[['联']], false, false, true],
      [[['模']], true, true, undefined],
      [[['块']], true, true, undefined],
    ]);
    expect(analyzeQuery('类型', cjk.segmenter, new Set(), known)[0]!.partial).toBeUndefined();
  });

  it('returns nothing for punctuation', () => {
    expect(analyzeQuery('  ?! ', cjk.bigram)).toEqual([]);
  });
});

describe('nameTerm (the name field)', () => {
  it('is the name whole, in lower case, a compound without its dashes, a flag or module variable as written', () => {
    expect(nameTerm('autoExtension')).toBe('autoextension');
    expect(nameTerm('mf-dev')).toBe('mfdev');
    expect(nameTerm('__filename')).toBe('__filename');
    expect(nameTerm('--config-loader')).toBe('--config-loader');
  });
  it('is indexed as one term, as typed whole', () => {
    expect(analyze('autoExtension', cjk.segmenter, 'name')).toEqual(['autoextension']);
    expect(analyze('', cjk.segmenter, 'name')).toEqual([]);
  });
});
