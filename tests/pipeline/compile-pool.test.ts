/** Compiling pages across worker threads: the same pages as compiling them in-process. */
import { describe, expect, it } from 'vitest';
import { compileAll } from '../../pipeline/compile-pool.ts';
import type { CompiledPage, CompileInput } from '../../pipeline/compile-page.ts';

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

async function compiled(pages: CompileInput[], maxWorkers: number): Promise<CompiledPage[]> {
  const out: CompiledPage[] = [];
  await compileAll(pages, (index, page) => (out[index] = page), { maxWorkers });
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
