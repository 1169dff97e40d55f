/** Compiling pages across worker threads: the same pages as compiling them in-process. */
import { describe, expect, it } from 'vitest';
import { compileAll } from '../../../pipeline/workers/compile-pool.ts';
import { compilePage, type CompiledPage, type CompileInput } from '../../../pipeline/compile/compile-page.ts';
import { createHighlighter, harvestHighlights, MissingBlock } from '../../../pipeline/compile/highlight.ts';
import type { HastRoot } from '../../../schemas/hast.ts';

function inputs(count: number): CompileInput[] {
  return Array.from({ length: count }, (_, i) => ({
    file: `content/en/guide/p${i}.md`,
    relPath: `guide/p${i}.md`,
    lang: 'en',
    source: `# Page ${i}\n\nSee [the next page](./p${i + 1}.md).\n\n## Usage\n\n\`\`\`ts title="rslib.config.ts" {2}\nimport { defineConfig } from '@rslib/core';\nexport default defineConfig({ lib: [{ format: 'esm', id: 'lib${i}' }] });\n\`\`\`\n\n:::tip\nTip ${i}.\n:::\n`,
    fragments: new Map(),
    prefix: '',
    cleanUrls: true,
    defaultWrapCode: false,
  }));
}

async function compiled(pages: CompileInput[], maxWorkers: number, highlights?: ReturnType<typeof harvestHighlights>): Promise<CompiledPage[]> {
  const out: CompiledPage[] = [];
  await compileAll(pages, (index, page) => (out[index] = page), { maxWorkers, highlights });
  return out;
}

describe('compileAll', () => {
  it('compiles across worker threads (run from TypeScript sources) what it compiles in-process', async () => {
    const pages = inputs(90);
    const across = await compiled(pages, 2);
    const inProcess = await compiled(pages, 1);
    expect(across).toHaveLength(90);
    expect(across.every((page) => page !== undefined)).toBe(true);
    expect(across[7]!.h1).toBe('Page 7');
    expect(across[7]!.body).toContain('lib7');
    expect(across).toEqual(inProcess);
  });
});

describe('compileAll of an edited page, seeded with its blocks from last time', () => {
  const [before] = inputs(1);
  const blocksOf = (page: CompiledPage) => harvestHighlights(JSON.parse(page.body!) as HastRoot, page.highlights!);

  it('compiles from the seeded blocks what a full highlighter compiles, whether or not every block is seeded', async () => {
    const last = compilePage(before!, await createHighlighter());
    const seeds = blocksOf(last);
    expect(seeds).toHaveLength(1);
    const prose = { ...before!, source: before!.source.replace('Tip 0.', 'Tip 0, reworded.') };
    const code = { ...before!, source: before!.source.replace("id: 'lib0'", "id: 'lib0', syntax: 'es2021'") };
    for (const edited of [prose, code]) {
      const fresh = compilePage(edited, await createHighlighter());
      expect(await compiled([edited], 1, seeds)).toEqual([fresh]);
    }
  });

  it('needs no shiki for the blocks the seeds hold, and says so for a block they lack', async () => {
    const last = compilePage(before!, await createHighlighter());
    const memo = new Map(blocksOf(last));
    expect(compilePage(before!, { shiki: null, memo })).toEqual(last);
    expect(() => compilePage(before!, { shiki: null, memo: new Map() })).toThrow(MissingBlock);
  });
});
