import { describe, expect, it } from 'vitest';
import { buildSearchIndexFile } from '../../../pipeline/search/index.ts';
import { splitSearchIndex } from '../../../pipeline/search/layout.ts';
import { indexReaders, trustedReaders } from '../../../renderer/search/engine/index-readers.ts';
import { loadEngine, partPath } from '../../../renderer/search/engine/local-source.ts';
import { SEARCH_SYNONYMS_DATA_PATH } from '../../../schemas/paths.ts';
import { ANALYZER_VERSION } from '../../../schemas/search-format/format.ts';
import { NO_SEARCH_SYNONYMS, type SearchSynonyms } from '../../../schemas/search-synonyms.ts';
import { enRecords } from '../fixtures.ts';

const options = { limit: 5, snippetWords: 10 };
/** dist-data/ as a map of files, with the synonym table of a site that has none unless given. */
const serve = (files: Map<string, unknown>, synonyms: unknown = NO_SEARCH_SYNONYMS) => async (dataPath: string) => {
  const all = new Map([[SEARCH_SYNONYMS_DATA_PATH, synonyms], ...files]);
  if (!all.has(dataPath)) throw new Error(`404 ${dataPath}`);
  return JSON.parse(JSON.stringify(all.get(dataPath))) as unknown;
};

describe('loadEngine', () => {
  const file = buildSearchIndexFile('en', enRecords);
  const whole = new Map<string, unknown>([['search/en.json', file]]);
  const { manifest, parts } = splitSearchIndex(file, { postingPartBytes: 300, recordPartBytes: 600 });
  const split = new Map<string, unknown>([['search/en.json', manifest], ...[...parts].map(([name, part]): [string, unknown] => [partPath('search/en.json', name), part])]);

  it('searches either layout with the readers of a production build', async () => {
    const fromWhole = await loadEngine('search/en.json', serve(whole), Promise.resolve(trustedReaders));
    const fromSplit = await loadEngine('search/en.json', serve(split), Promise.resolve(trustedReaders));
    const hits = (await fromWhole.search('autoExternal', options)).hits.map((h) => h.url);
    expect(hits[0]).toBe('/config/lib/auto-external');
    expect((await fromSplit.search('autoExternal', options)).hits.map((h) => h.url)).toEqual(hits);
  });

  it("expands queries with its language's sets of search/synonyms.json, in either layout, and searches without sets", async () => {
    // No page says `zzsyn`: only the table leads from it to the auto-external option.
    const table: SearchSynonyms = { en: [['zzsyn', 'autoExternal']], zh: [['zzsyn', 'bundle']] };
    const urls = async (files: Map<string, unknown>, synonyms: unknown) =>
      (await (await loadEngine('search/en.json', serve(files, synonyms), Promise.resolve(trustedReaders))).search('zzsyn', options)).hits.map((h) => h.url);
    expect((await urls(whole, table))[0]).toBe('/config/lib/auto-external');
    expect((await urls(split, table))[0]).toBe('/config/lib/auto-external');
    expect(await urls(whole, { en: [], zh: table.zh })).toEqual([]);
    expect(await urls(whole, NO_SEARCH_SYNONYMS)).toEqual([]);
  });

  it('checks the synonym table with the schemas in the dev server', async () => {
    const bad = { en: [['zzsyn']], zh: [] };
    await expect(loadEngine('search/en.json', serve(whole, bad), indexReaders(true))).rejects.toThrow(/at least two variants/);
    await expect(loadEngine('search/en.json', serve(whole, bad), indexReaders(false))).resolves.toBeDefined();
  });

  it('refuses an index another analyzer made, saying to reload, whatever the readers', async () => {
    const stale = new Map<string, unknown>([['search/en.json', { ...file, analyzer: ANALYZER_VERSION - 1 }]]);
    await expect(loadEngine('search/en.json', serve(stale), Promise.resolve(trustedReaders))).rejects.toThrow(/another build \(terms made by analyzer \d+.*\); reload the page/);
    await expect(loadEngine('search/en.json', serve(stale), indexReaders(true))).rejects.toThrow();
  });

  it('parses with the schemas when asked to (the dev server), where a production build takes the file as built', async () => {
    const broken = new Map<string, unknown>([['search/en.json', { ...file, docs: file.docs.map((doc, i) => (i === 0 ? { ...doc, y: 'heading' } : doc)) }]]);
    await expect(loadEngine('search/en.json', serve(broken), indexReaders(true))).rejects.toThrow(/y/);
    await expect(loadEngine('search/en.json', serve(broken), indexReaders(false))).resolves.toBeDefined();
  });
});
