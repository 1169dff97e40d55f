/** The search bench's browser script builds from any working folder, and searches an index built by the pipeline. */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildSearchIndexFile } from '../../pipeline/search/index.ts';
import { engineBundle, type BundledEngine } from './engine-bundle.ts';

describe('engineBundle', () => {
  it('gives a script whose engine finds a record of a parsed index', async () => {
    const script = await engineBundle();
    const sandbox: { __engine?: BundledEngine } = {};
    // The engine warms the Chinese segmenter when idle: setTimeout stands in for requestIdleCallback.
    runInNewContext(script, Object.assign(sandbox, { globalThis: sandbox, setTimeout }));
    const hierarchy = { lvl0: 'Guide', lvl1: 'Bundleless mode', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
    const file = buildSearchIndexFile('en', [{ objectID: '/guide/a', url: '/guide/a', type: 'lvl1', lang: 'en', content: 'Emit one file per source.', code: '', hierarchy }], { commonShare: 0 });
    const engine = sandbox.__engine!.createLocalEngine(sandbox.__engine!.parse(JSON.stringify(file)));
    expect(engine.search('bundleless', { limit: 5, snippetWords: 10 }).hits.map((h) => h.url)).toEqual(['/guide/a']);
  });
});
