import { describe, expect, it } from 'vitest';
import { analyze, cjkSplitter } from '../../../schemas/search-format/analyzer.ts';
import MiniSearch from 'minisearch';
import { analyzeRecords, buildSearchIndexFile, searchDocument, searchIndexFileOf, startAnalysis, storedRecord } from '../../../pipeline/search/index.ts';
import { commonTerms } from '../../../pipeline/search/common-terms.ts';
import { SearchIndexFile } from '../../../schemas/search-index.ts';
import { SEARCH_FIELDS } from '../../../schemas/search-format/format.ts';
import { miniSearchOptions, packedIndexOf } from '../../../schemas/search-format/codec.ts';
import { unpackIndex } from '../../search/unpack-index.ts';
import type { SearchRecord } from '../../../schemas/search.ts';
import { createLocalEngine } from '../../../renderer/search/engine/engine.ts';
import { enRecords, zhRecords } from '../../search/fixtures.ts';

describe('buildSearchIndex', () => {
  it('returns a file that round-trips through JSON and validates', () => {
    const file = buildSearchIndexFile('en', enRecords);
    const parsed = SearchIndexFile.parse(JSON.parse(JSON.stringify(file)));
    expect(parsed.lang).toBe('en');
    expect(parsed.docs).toHaveLength(enRecords.length);
    expect(parsed.index.documentCount).toBe(enRecords.length);
  });

  it('stores each page once and each section by anchor', () => {
    const file = buildSearchIndexFile('en', enRecords);
    const pages = new Set(enRecords.map((r) => r.url.split('#')[0]));
    expect(file.pages).toHaveLength(pages.size);
    const doc = file.docs[1]!;
    expect(file.pages[doc.p]).toEqual({ u: '/config/lib/auto-external', g: 'Lib Configurations', t: 'lib.autoExternal' });
    expect(doc).toMatchObject({ a: 'object-type', y: 'lvl2', h: ['Object type'] });
    expect(doc.o).toBeUndefined();
  });

  it('keeps an objectID that differs from the URL', () => {
    const file = buildSearchIndexFile('en', [{ ...enRecords[0]!, objectID: 'custom-id' }]);
    expect(file.docs[0]!.o).toBe('custom-id');
  });

  it('shortens stored prose when asked, at a word boundary', () => {
    const file = buildSearchIndexFile("en", enRecords, { contentLimit: 40 });
    const templates = file.docs[7]!.c!;
    expect(templates.length).toBeLessThanOrEqual(40);
    expect(enRecords[7]!.content!.startsWith(templates)).toBe(true);
    expect(templates.endsWith(' ')).toBe(false);
  });

  it('leaves out the code postings of terms in the code of many sections, not their heading or prose postings', () => {
    const base = enRecords[0]!;
    const records: SearchRecord[] = Array.from({ length: 40 }, (_, i) => ({
      ...base,
      objectID: `/p${i}`,
      url: `/p${i}`,
      hierarchy: { ...base.hierarchy, lvl1: i === 0 ? 'zzkey option' : `Page ${i}` },
      content: i === 1 ? 'Set zzkey here.' : `Section ${i}`,
      code: i < 30 ? `export default { zzkey: ${i}, rareword${i}: true }` : '',
    }));
    const file = buildSearchIndexFile('en', records);
    const packed = packedIndexOf(file.index);
    const posting = (term: string) => packed.postings[packed.terms.indexOf(term)]!;
    const fields = (term: string) => posting(term).split(';').map((part) => SEARCH_FIELDS[Number(part.split(':')[0])]);
    expect(fields('zzkey')).toEqual(['title', 'content']);
    expect(fields('rareword3')).toEqual(['code']);
    // The section titled so and the one whose prose says it are found; code alone no longer does.
    const hits = createLocalEngine(file).search('zzkey', { limit: 20, snippetWords: 10 }).hits.map((h) => h.url);
    expect(hits).toEqual(['/p0', '/p1']);
    // Keeping everything (commonShare 0) keeps the code postings too.
    expect(packedIndexOf(buildSearchIndexFile('en', records, { commonShare: 0 }).index).postings.length).toBe(packed.postings.length);
  });

  it('analyzes records into the terms and counts MiniSearch gives them with the analyzer the browser has', () => {
    // Chinese runs recur from section to section (each section's parents), and are segmented once.
    for (const [lang, records] of [['en', enRecords], ['zh', [...zhRecords, ...zhRecords.map((record) => ({ ...record, objectID: `${record.objectID}-again`, url: `${record.url}-again` }))]]] as const) {
      const mini = new MiniSearch(miniSearchOptions('segmenter'));
      mini.addAll(records.map((record, id) => searchDocument(id, record)));
      const reference = mini.toJSON();
      const ours = unpackIndex(analyzeRecords(records, 'segmenter'));
      const byTerm = (index: typeof reference.index) => [...index].sort(([a], [b]) => (a < b ? -1 : 1));
      expect(ours.index.length, lang).toBeGreaterThan(20);
      expect(byTerm(ours.index), lang).toEqual(byTerm(reference.index));
      expect(ours.fieldLength, lang).toEqual(reference.fieldLength);
    }
  });

  it('analyzes records added in steps as it does all at once, and takes none once packed', () => {
    // A search worker adds each page's records as they come, and lets the counts go once packed.
    const analysis = startAnalysis('segmenter');
    analysis.add(zhRecords.slice(0, 1));
    analysis.add(zhRecords.slice(1));
    expect(analysis.finish()).toEqual(analyzeRecords(zhRecords, 'segmenter'));
    expect(() => analysis.add(zhRecords)).toThrow(/already finished/);
    expect(() => analysis.finish()).toThrow(/already finished/);
  });

  it('makes the same file of records kept as it stores them, which hold neither their code nor the prose it cuts', () => {
    // A search worker keeps each page's records so once they are analyzed.
    const en = [{ ...enRecords[0]!, description: 'Which dependencies stay imports.' }, ...enRecords.slice(1)];
    for (const [lang, records, contentLimit] of [['en', en, 40], ['zh', zhRecords, 12], ['en', en, null]] as const) {
      const stored = records.map((record) => storedRecord(record, contentLimit));
      const analyzed = analyzeRecords(records, 'segmenter');
      expect(searchIndexFileOf(lang, [stored], analyzed, { contentLimit })).toEqual(searchIndexFileOf(lang, [records], analyzed, { contentLimit }));
      expect(stored.every((record) => record.code === '' && record.description === undefined)).toBe(true);
      if (contentLimit) expect(stored.every((record) => (record.content?.length ?? 0) <= contentLimit)).toBe(true);
    }
    expect(en.some((record) => record.code !== '')).toBe(true);
    expect(en.some((record) => (record.content?.length ?? 0) > 40)).toBe(true);
  });

  it('records the Chinese mode it analyzed with', () => {
    expect(buildSearchIndexFile('zh', zhRecords, { cjk: 'char' }).cjk).toBe('char');
    expect(buildSearchIndexFile('zh', zhRecords).cjk).toBe('segmenter');
  });

  it('rejects records of another language and duplicate ids', () => {
    expect(() => buildSearchIndexFile('en', zhRecords)).toThrow(/is zh, not en/);
    expect(() => buildSearchIndexFile('en', [enRecords[0]!, enRecords[0]!])).toThrow(/Duplicate search record objectID/);
  });

  it('separates a section heading from the headings above it', () => {
    expect(searchDocument(0, enRecords[2]!)).toEqual({
      id: 0,
      title: 'autoExternal.dependencies',
      parents: 'lib.autoExternal \n Object type',
      group: 'Lib Configurations',
      content: 'Externalize the packages listed in dependencies.',
      code: '',
      name: 'dependencies',
      description: '',
    });
    // A prose heading names no option.
    expect(searchDocument(1, enRecords[1]!).name).toBe('');
  });

  it('indexes a row of the types page by its name alone, and lets it change neither common terms nor average lengths', () => {
    const row = (name: string): SearchRecord => ({ objectID: `/api/javascript-api/types#${name.toLowerCase()}`, url: `/api/javascript-api/types#${name.toLowerCase()}`, type: 'lvl3', content: null, code: '', lang: 'en', hierarchy: { lvl0: 'JavaScript API', lvl1: 'Types', lvl2: 'Config types', lvl3: name, lvl4: null, lvl5: null, lvl6: null } });
    expect(searchDocument(0, row('RslibConfig'))).toEqual({ id: 0, title: '', parents: '', group: '', content: '', code: '', name: 'RslibConfig', description: '' });
    // A heading of another page with the same shape is a heading as any.
    expect(searchDocument(0, { ...row('RslibConfig'), url: '/guide/a#rslibconfig', objectID: '/guide/a#rslibconfig' }).title).toBe('RslibConfig');
    const rows = Array.from({ length: 50 }, (_, i) => row(`Type${i}`));
    const common = (records: SearchRecord[]) => [...commonTerms(analyzeRecords(records, 'segmenter'), 0.3, 1)].sort();
    expect(common(enRecords).length).toBeGreaterThan(0);
    expect(common([...enRecords, ...rows])).toEqual(common(enRecords));
    const without = buildSearchIndexFile('en', enRecords);
    const withRows = buildSearchIndexFile('en', [...enRecords, ...rows]);
    const name = SEARCH_FIELDS.indexOf('name');
    const averages = (file: typeof without) => packedIndexOf(file.index).averageFieldLength.filter((_, f) => f !== name);
    expect(averages(withRows)).toEqual(averages(without));
  });

  it("indexes a flag's row of the CLI page by each of its names, and a guide's heading that repeats a name by none (issue 55)", () => {
    const record = (url: string, lvl1: string, lvl2: string, lvl3: string | null): SearchRecord => ({ objectID: url, url, type: lvl3 ? 'lvl3' : 'lvl2', content: null, code: '', lang: 'en', hierarchy: { lvl0: 'Basic', lvl1, lvl2, lvl3, lvl4: null, lvl5: null, lvl6: null } });
    const flag = searchDocument(0, record('/guide/basic/cli#--config', 'CLI', 'Common flags', '-c, --config <config>'));
    expect(flag).toMatchObject({ title: '', content: '', name: '-c\n--config' });
    expect(analyze(flag.name, cjkSplitter('segmenter'), 'name')).toEqual(['-c', '--config']);
    // The row must be the flag's own place (its anchor), on the CLI page.
    expect(searchDocument(0, record('/guide/basic/cli#common-flags', 'CLI', 'Common flags', '-c, --config <config>')).name).toBe('');
    expect(searchDocument(0, record('/guide/advanced/third-party-deps#outputexternals', 'Handle third-party dependencies', 'output.externals', null)).name).toBe('');
    expect(searchDocument(0, record('/config/rsbuild/output#outputexternals', 'output', 'output.externals', null)).name).toBe('externals');
    const file = buildSearchIndexFile('en', [record('/guide/basic/cli#--config', 'CLI', 'Common flags', '-c, --config <config>'), record('/config/lib/format#values', 'lib.format', 'Values', null)]);
    expect(file.docs.map((doc) => doc.k)).toEqual(['f', undefined]);
  });
});
