import { describe, expect, it } from 'vitest';
import { buildSearchIndexFile } from '../../pipeline/search/index.ts';
import { splitSearchIndex } from '../../pipeline/search/layout.ts';
import { indexReaders, trustedReaders } from '../../renderer/search/index-readers.ts';
import { loadEngine, partPath } from '../../renderer/search/local-source.ts';
import { ANALYZER_VERSION } from '../../schemas/search-format/format.ts';
import { enRecords } from './fixtures.ts';

const options = { limit: 5, snippetWords: 10 };
const serve = (files: Map<string, unknown>) => async (dataPath: string) => {
  if (!files.has(dataPath)) throw new Error(`404 ${dataPath}`);
  return JSON.parse(JSON.stringify(files.get(dataPath))) as unknown;
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
