/** Compiling pages across worker threads: the same pages as compiling them in-process. */
import { describe, expect, it } from 'vitest';
import { compileAll, SOURCE_PER_WORKER_MIN, workerCount } from '../../../pipeline/workers/compile-pool.ts';
import { compilePage, type CompiledPage, type CompileInput } from '../../../pipeline/compile/compile-page.ts';
import { createHighlighter, harvestHighlights, MissingBlock } from '../../../pipeline/compile/highlight.ts';
import type { HastRoot } from '../../../schemas/hast.ts';

/** Pages with a code block that is no sample (titled with a caption, not a file's path): the compile alone highlights it. */
function inputs(count: number): CompileInput[] {
  return Array.from({ length: count }, (_, i) => ({
    file: `content/en/guide/p${i}.md`,
    relPath: `guide/p${i}.md`,
    lang: 'en',
    source: `# Page ${i}\n\nSee [the next page](./p${i + 1}.md).\n\n## Usage\n\n\`\`\`ts title="Usage" {2}\nimport { answer } from './answer';\nexport const lib${i} = { format: 'esm', answer };\n\`\`\`\n\n:::tip\nTip ${i}.\n:::\n`,
    fragments: new Map(),
    prefix: '',
    cleanUrls: true,
    defaultWrapCode: false,
  }));
}

/** `maxWorkers` 2 asks for workers whatever the site's size; 1 compiles in-process. The pool takes a copy of `pages` (it lets go of what workers take). */
async function compiled(pages: CompileInput[], maxWorkers: number, highlights?: ReturnType<typeof harvestHighlights>): Promise<CompiledPage[]> {
  const out: CompiledPage[] = [];
  await compileAll([...pages], (index, page) => (out[index] = page), { maxWorkers, highlights, sourcePerWorker: 0 });
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

  it('lets go of each page\'s input once a worker has it', async () => {
    const pages = inputs(40);
    const given: Array<CompileInput | undefined> = [...pages];
    const out: CompiledPage[] = [];
    await compileAll(given as CompileInput[], (index, page) => (out[index] = page), { maxWorkers: 2, sourcePerWorker: 0 });
    expect(given.filter((input) => input !== undefined)).toEqual([]);
    expect(out).toEqual(await compiled(pages, 1));
  });

  it('compiles in-process the pages of a worker that ran out of memory, from the inputs it had taken', async () => {
    const pages = inputs(40);
    // 2 MB: the worker runs out of memory as it loads its highlighter, before any page.
    const given: Array<CompileInput | undefined> = [...pages];
    const out: CompiledPage[] = [];
    await compileAll(given as CompileInput[], (index, page) => (out[index] = page), { maxWorkers: 2, sourcePerWorker: 0, workerOldGenerationMb: 2 });
    expect(given.filter((input) => input !== undefined)).toEqual([]);
    expect(out).toEqual(await compiled(pages, 1));
  });
});

describe('how many workers compile a site', () => {
  const sized = (pages: number, chars: number) => Array.from({ length: pages }, () => ({ source: 'x'.repeat(chars) }));

  it('compiles a small site in-process, where a worker would not pay for its warm-up', async () => {
    // The in-process path highlights with the highlighter it is given; workers have their own.
    const highlighter = await createHighlighter(['ts']);
    await compileAll(inputs(90), () => {}, { maxWorkers: 2, highlighter });
    expect(highlighter.memo.size).toBe(90);
    const unused = await createHighlighter(['ts']);
    await compileAll(inputs(90), () => {}, { maxWorkers: 2, highlighter: unused, sourcePerWorker: 0 });
    expect(unused.memo.size).toBe(0);
  });

  it('gives each worker a share of at least SOURCE_PER_WORKER_MIN characters, up to the cores', () => {
    // About the real content's size (0.7 M characters in 106 pages): in-process.
    expect(workerCount(sized(106, 6_400), 2)).toBe(0);
    expect(workerCount(sized(800, 1_800), 4)).toBe(1);
    // 2,000 pages of 1,800 characters (3.6 M: the benchmark's corpus before issue 37).
    expect(workerCount(sized(2_000, 1_800), 2)).toBe(2);
    expect(workerCount(sized(2_000, 1_800), 4)).toBe(3);
    // The 1000+1000 corpus of the benchmark, shaped like content/ (12.6 M characters): every core.
    expect(workerCount(sized(2_000, 6_300), 4)).toBe(4);
    expect(workerCount(sized(1, 3 * SOURCE_PER_WORKER_MIN), 4)).toBe(1);
    expect(workerCount(sized(90, 10), 2, 0)).toBe(2);
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
    expect(compilePage(before!, { shiki: null, memo, checked: new WeakSet() })).toEqual(last);
    expect(() => compilePage(before!, { shiki: null, memo: new Map(), checked: new WeakSet() })).toThrow(MissingBlock);
  });
});
