/** Loading the embedded index: validated and built in tasks of their own, then searchable. */
import { describe, expect, it } from 'vitest';
import { buildSearchIndexFile } from '../../../pipeline/search/index.ts';
import { loadEngine } from '../../../renderer/search/local-source.ts';
import { enRecords } from '../../search/fixtures.ts';

describe('loadEngine', () => {
  it('lets a task queued meanwhile (a tap, a keystroke) run before it validates and builds the index', async () => {
    // The index as it arrives from `fetch(…).json()`: a plain object, already there.
    const json: unknown = JSON.parse(JSON.stringify(buildSearchIndexFile('en', enRecords)));
    const order: string[] = [];
    const loading = loadEngine('search/en.json', async () => json).then((engine) => {
      order.push('engine');
      return engine;
    });
    setTimeout(() => order.push('tap'), 0);
    const engine = await loading;
    expect(order).toEqual(['tap', 'engine']);
    const { hits } = await engine.search('format', { limit: 5, snippetWords: 8 });
    expect(hits.length).toBeGreaterThan(0);
  });
});
