import { describe, expect, it } from 'vitest';
import { compilePage, type CompileInput } from '../../../pipeline/compile/compile-page.ts';
import { createHighlighter, highlightTypeScript } from '../../../pipeline/compile/highlight.ts';
import { applyHovers } from '../../../pipeline/hovers/apply.ts';
import type { SampleHovers } from '../../../pipeline/hovers/quick-info.ts';
import type { HastRoot } from '../../../schemas/hast.ts';
import { findAll } from '../hast-query.ts';

const input = (source: string): CompileInput => ({ file: 'content/zh/config/lib/format.md', relPath: 'config/lib/format.md', lang: 'zh', source, fragments: new Map(), prefix: '/zh', cleanUrls: true, defaultWrapCode: false });

const page = [
  '# format',
  '',
  '```ts title="rslib.config.ts"',
  "import { defineConfig } from '@rslib/core';",
  "export default defineConfig({ lib: [{ formatt: 'esm' }] });",
  '//                                     ^?',
  '```',
  '',
  '```ts title="rslib.config.ts"',
  "import { defineConfig } from '@rslib/core';",
  'export default defineConfig({});',
  '```',
  '',
].join('\n');

describe('hovers put into a compiled page', () => {
  it('wraps the names of each answered sample, adds the texts once, reports its type errors at their lines, and drops the list', async () => {
    const highlighter = await createHighlighter(['ts']);
    const compiled = compilePage(input(page), highlighter);
    // The query line is gone from what a reader sees, before any hover is put in.
    expect(compiled.samples!.map(({ block, line, title }) => ({ block, line, title }))).toEqual([
      { block: 0, line: 4, title: 'rslib.config.ts' },
      { block: 1, line: 10, title: 'rslib.config.ts' },
    ]);
    const answered: SampleHovers = {
      names: [[0, 9, 12, 0], [1, 15, 12, 0]],
      queries: [[1, 39, 1]],
      infos: [{ signature: 'function defineConfig(config: RslibConfig): RslibConfig', docs: 'See {@link https://rslib.rs/config/ the config}.', tags: [] }, { signature: "(property) formatt: 'esm'", docs: '', tags: [] }],
      problems: [{ line: 2, column: 39, message: "TS2353 Object literal may only specify known properties, and 'formatt' does not exist in type 'LibConfig'." }],
    };
    const applied = applyHovers(compiled, 'content/zh/config/lib/format.md', new Map([[compiled.samples![0]!.key, answered]]), { highlightSignature: (signature) => highlightTypeScript(highlighter, signature) });
    expect(applied).not.toHaveProperty('samples');
    const body = JSON.parse(applied.body!) as HastRoot;
    const [first, second] = findAll(body, 'code-block');
    const hovered = findAll(first!, 'span').filter((span) => span.properties.dataHover !== undefined);
    expect(hovered.map((span) => [span.properties.dataHover, JSON.stringify(span).match(/"value":"(\w+)"/)![1]])).toEqual([[0, 'defineConfig'], [0, 'defineConfig']]);
    expect(JSON.stringify(first)).toContain("\"dataQuery\":\"(property) formatt: 'esm'\"");
    // The sample without an answer is left as highlighted.
    expect(findAll(second!, 'span').some((span) => span.properties.dataHover !== undefined)).toBe(false);
    // The texts stay beside the body until its record is written, their links to our pages left open.
    expect(JSON.stringify(body)).not.toContain('code-hovers');
    // One text, for both uses of the name (a query's answer is on its line, not a text).
    expect(applied.hovers!.texts).toHaveLength(1);
    expect(applied.hoverTargets).toEqual([{ target: 'link:/config/', line: 4, column: 10 }]);
    expect(applied.diagnostics.filter((d) => d.rule === 'sample-type').map((d) => [d.line, d.column])).toEqual([[5, 39]]);
    // The text a reader searches is the same with the hovers in.
    expect(applied.sections).toEqual(compiled.sections);
  });
});
