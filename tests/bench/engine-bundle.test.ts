/** The search bench's browser script builds from any working folder, and searches an index built by the pipeline. */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildSearchIndexFile } from '../../pipeline/search/index.ts';
import { createLocalEngine } from '../../renderer/search/engine/engine.ts';
import { SearchIndexFile } from '../../schemas/search-index.ts';
import { engineBundle, engineInNode, type BundledEngine } from './engine-bundle.ts';

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

  it('runs in this process as the engine the bench would import, leaving nothing on globalThis', async () => {
    const hierarchy = (lvl1: string, lvl2: string | null) => ({ lvl0: 'Config', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null });
    const records = [
      { objectID: '/config/lib/dts', url: '/config/lib/dts', type: 'lvl1' as const, lang: 'en' as const, content: 'Declaration files for the lib.', code: '', hierarchy: hierarchy('lib.dts', null) },
      { objectID: '/config/lib/dts#bundle', url: '/config/lib/dts#bundle', type: 'lvl2' as const, lang: 'en' as const, content: 'Bundle the declaration files into one file per entry.', code: 'dts: { bundle: true }', hierarchy: hierarchy('lib.dts', 'dts.bundle') },
      { objectID: '/guide/basic/output', url: '/guide/basic/output', type: 'lvl1' as const, lang: 'en' as const, content: 'Where the bundle is written.', code: '', hierarchy: hierarchy('Output', null) },
    ];
    const text = JSON.stringify(buildSearchIndexFile('en', records, { commonShare: 0 }));
    const bundled = await engineInNode();
    expect('__engine' in globalThis).toBe(false);
    const fromBundle = bundled.createLocalEngine(bundled.parse(text));
    const fromSource = createLocalEngine(SearchIndexFile.parse(JSON.parse(text)));
    for (const query of ['dts', 'dts bun', 'bundle', 'declaraton files', 'output']) {
      const options = { limit: 20, snippetWords: 10 };
      expect(fromBundle.search(query, options)).toEqual(fromSource.search(query, options));
    }
    expect(fromBundle.search('dts bun', { limit: 20, snippetWords: 10 }).hits[0]!.url).toBe('/config/lib/dts#bundle');
  });
});
