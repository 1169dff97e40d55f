/**
 * The plain-markdown twin of a page (llms-full.txt, the `.md` twins), through compilePage: blocks
 * no transform changes keep their author's text; the rest is serialized from the final tree.
 */
import type { List, Root } from 'mdast';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilePage, type CompileInput } from '../../../pipeline/compile/compile-page.ts';
import { parseMarkdown } from '../../../pipeline/compile/parse.ts';
import { createHighlighter, type Highlighter } from '../../../pipeline/compile/highlight.ts';

let highlighter: Highlighter;
beforeAll(async () => {
  highlighter = await createHighlighter(['ts', 'bash']);
});

const twinOf = (source: string, fragments: Record<string, string> = {}) => {
  const input: CompileInput = { file: 'content/en/guide/page.md', relPath: 'guide/page.md', lang: 'en', source, fragments: new Map(Object.entries(fragments)), prefix: '', cleanUrls: true, defaultWrapCode: false };
  const page = compilePage(input, highlighter);
  return { markdown: page.markdown, errors: page.diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule) };
};

describe('plain-markdown twin', () => {
  it('keeps what the author wrote where no transform reaches: table rules, emphasis marks, bullets, fences', () => {
    const source = ['---', 'title: T', '---', '# Title', '', 'Some *emphasis* and __strong__ text.', '', '| A | B |', '|:--|--:|', '| `x` | y |', '', '* one', '* two', '', '~~~ts title="a.ts"', 'const a = 1;', '~~~', ''].join('\n');
    const { markdown, errors } = twinOf(source);
    expect(errors).toEqual([]);
    expect(markdown).toBe(['# Title', '', 'Some *emphasis* and __strong__ text.', '', '| A | B |', '|:--|--:|', '| `x` | y |', '', '* one', '* two', '', '~~~ts title="a.ts"', 'const a = 1;', '~~~', ''].join('\n'));
  });

  it('serializes the blocks a transform changed: final links, headings without {#id}, directives, includes', () => {
    const source = [
      '# Title',
      '',
      '## Options {#opts}',
      '',
      'See [the other page](./other.md#x) and *this*.',
      '',
      ':::tip[Mind]',
      'Inside a callout.',
      '',
      '```bash',
      'npm run build',
      '```',
      ':::',
      '',
      '::include{file="./shared/part.md"}',
      '',
    ].join('\n');
    const { markdown, errors } = twinOf(source, { 'guide/shared/part.md': 'From the fragment, [linked](/guide/start).\n\nPlain fragment text.\n' });
    expect(errors).toEqual([]);
    expect(markdown).toContain('## Options\n');
    expect(markdown).not.toContain('{#opts}');
    expect(markdown).toContain('[the other page](/guide/other#x)');
    expect(markdown).toContain('> **Mind:**\n>\n> Inside a callout.\n>\n> ```bash\n> npm run build\n> ```');
    expect(markdown).toContain('From the fragment, [linked](/guide/start).\n\nPlain fragment text.');
    expect(markdown).not.toMatch(/:::|::include/);
  });

  it('keeps tab contents under their labels, and indented blocks inside lists serialized with their list', () => {
    const source = ['::::tabs', ':::tab[npm]', '```bash', 'npm i', '```', ':::', ':::tab[pnpm]', 'Run `pnpm add`.', ':::', '::::', '', '1) first', '', '       indented code', '', '2) [second](/guide/)', ''].join('\n');
    const { markdown } = twinOf(source);
    expect(markdown).toContain('**npm**\n\n```bash\nnpm i\n```\n\n**pnpm**\n\nRun `pnpm add`.');
    // The list held a link, so it is serialized whole; its indented code stays inside its item.
    const reparsed = parseMarkdown(markdown);
    const list = reparsed.children.find((node): node is List => node.type === 'list')!;
    expect(list.ordered).toBe(true);
    expect(list.children).toHaveLength(2);
    expect(list.children[0]!.children.map((node) => node.type)).toEqual(['paragraph', 'code']);
  });

  it('keeps two lists in a row two lists when one is serialized', () => {
    const source = ['- plain item', '', '* [linked item](/guide/)', ''].join('\n');
    const reparsed: Root = parseMarkdown(twinOf(source).markdown);
    expect(reparsed.children.map((node) => node.type)).toEqual(['list', 'list']);
  });

  it('never carries raw HTML over from a block it dropped it from', () => {
    const { markdown, errors } = twinOf('Text with <b>bold</b> in it.\n');
    expect(errors).toContain('raw-html');
    expect(markdown).not.toContain('<b>');
  });

  it('reads a source with Windows line endings the same as one with Unix ones', () => {
    const unix = '# T\n\n| A |\n|---|\n| b |\n';
    expect(twinOf(unix.replaceAll('\n', '\r\n')).markdown).toBe(twinOf(unix).markdown);
  });
});
