import { describe, expect, it } from 'vitest';
import { compilePage, type CompiledPage, type CompileInput } from '../../pipeline/compile-page.ts';
import { createHighlighter, harvestHighlights } from '../../pipeline/highlight.ts';
import type { HastRoot } from '../../schemas/hast.ts';
import { findAll } from './hast-query.ts';

const bodyOf = (page: CompiledPage) => JSON.parse(page.body!) as HastRoot;

const input = (source: string): CompileInput => ({
  file: 'content/en/guide/a.md',
  relPath: 'guide/a.md',
  lang: 'en',
  source,
  fragments: new Map(),
  prefix: '',
  cleanUrls: true,
  defaultWrapCode: false,
});

const page = [
  '# Page',
  '',
  '```ts title="rslib.config.ts" {2}',
  "import { defineConfig } from '@rslib/core';",
  "export default defineConfig({ lib: [{ format: 'esm' }] });",
  '```',
  '',
  '```bash',
  'npm run build',
  '```',
  '',
  '```',
  'no language',
  '```',
  '',
].join('\n');

describe('highlighted blocks carried over to the next compile of a page', () => {
  it('gives the next compile every block, so an edit to the prose tokenizes nothing', async () => {
    const first = compilePage(input(page), await createHighlighter(['ts', 'bash']));
    const harvested = harvestHighlights(bodyOf(first), first.highlights!);
    expect(harvested).toHaveLength(3);

    // A highlighter without a single grammar: it can only answer from the seeded blocks.
    const bare = await createHighlighter([]);
    for (const [key, pre] of harvested) bare.memo.set(key, pre);
    const edited = compilePage(input(page.replace('# Page', '# Page\n\nA new paragraph.')), bare);
    expect(findAll(bodyOf(edited), 'code-block')).toEqual(findAll(bodyOf(first), 'code-block'));
  });

  it('gives nothing for blocks that changed, and nothing when the keys are not the body’s', async () => {
    const first = compilePage(input(page), await createHighlighter(['ts', 'bash']));
    const harvested = new Map(harvestHighlights(bodyOf(first), first.highlights!));
    const changed = compilePage(input(page.replace('npm run build', 'npm run dev')), await createHighlighter(['ts', 'bash']));
    const reused = changed.highlights!.filter((key) => harvested.has(key));
    expect(reused).toHaveLength(2); // the ts block and the plain one; not the edited bash block
    expect(harvestHighlights(bodyOf(first), first.highlights!.slice(1))).toEqual([]);
  });
});
