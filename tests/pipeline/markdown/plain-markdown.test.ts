/**
 * The plain-markdown twin of a page (llms-full.txt, the `.md` twins), through compilePage: blocks
 * no transform changes keep their author's text; the rest is serialized from the final tree.
 */
import fc from 'fast-check';
import type { List, PhrasingContent, Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown, type Options } from 'mdast-util-to-markdown';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilePage, type CompileInput } from '../../../pipeline/compile/compile-page.ts';
import { parseMarkdown } from '../../../pipeline/compile/parse.ts';
import { createHighlighter, type Highlighter } from '../../../pipeline/compile/highlight.ts';
import { toPlainMarkdown } from '../../../pipeline/markdown/plain-markdown.ts';

let highlighter: Highlighter;
beforeAll(async () => {
  highlighter = await createHighlighter(['ts', 'bash']);
});

const twinOf = (source: string, fragments: Record<string, string> = {}) => {
  const input: CompileInput = { file: 'content/en/guide/page.md', relPath: 'guide/page.md', lang: 'en', source, fragments: new Map(Object.entries(fragments)), prefix: '', cleanUrls: true, defaultWrapCode: false };
  const page = compilePage(input, highlighter);
  return { markdown: page.markdown, errors: page.diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule) };
};

const serializer: Options = { extensions: [gfmToMarkdown({ tablePipeAlign: false })], bullet: '-', fences: true, rule: '-' };

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

  it('escapes a serialized block exactly as mdast-util-to-markdown itself does (its escaping is only made cheaper)', () => {
    // Text made of the characters markdown gives a meaning to, in every construct the twin serializes.
    const unit = fc.constantFrom('a', 'w', '1', ' ', '\n', '\t', '*', '_', '[', ']', '(', ')', '!', '#', '&', '<', '>', '\\', '`', '|', '~', ':', '/', '.', '@', '-', '+', '=', '{', '}', '"', '中');
    const text = fc.string({ unit, minLength: 1, maxLength: 12 });
    // Longer than the start the twin reads of a text after another inline node (plain-markdown.ts:
    // peekText), with runs of underscores, which decide that start's length.
    const longText = fc.string({ unit: fc.oneof(unit, fc.constantFrom('____', '________________')), minLength: 12, maxLength: 30 });
    const phrasing: fc.Arbitrary<PhrasingContent> = fc.oneof(
      text.map((value): PhrasingContent => ({ type: 'text', value })),
      longText.map((value): PhrasingContent => ({ type: 'text', value })),
      text.map((value): PhrasingContent => ({ type: 'inlineCode', value })),
      text.map((value): PhrasingContent => ({ type: 'emphasis', children: [{ type: 'text', value }] })),
      text.map((value): PhrasingContent => ({ type: 'strong', children: [{ type: 'text', value }] })),
      text.map((value): PhrasingContent => ({ type: 'delete', children: [{ type: 'text', value }] })),
      fc.tuple(text, text).map(([value, url]): PhrasingContent => ({ type: 'link', url, children: [{ type: 'text', value }] })),
    );
    const inline = fc.array(phrasing, { minLength: 1, maxLength: 5 });
    const block: fc.Arbitrary<RootContent> = fc.oneof(
      inline.map((children): RootContent => ({ type: 'paragraph', children })),
      fc.tuple(fc.integer({ min: 1, max: 6 }), inline).map(([depth, children]): RootContent => ({ type: 'heading', depth: depth as 1, children })),
      inline.map((children): RootContent => ({ type: 'blockquote', children: [{ type: 'paragraph', children }] })),
      inline.map((children): RootContent => ({ type: 'list', ordered: false, spread: false, children: [{ type: 'listItem', spread: false, children: [{ type: 'paragraph', children }] }] })),
      fc.tuple(inline, inline).map(([a, b]): RootContent => ({ type: 'table', align: [null, null], children: [{ type: 'tableRow', children: [{ type: 'tableCell', children: a }, { type: 'tableCell', children: b }] }] })),
    );
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 4 }), (children) => {
        const tree: Root = { type: 'root', children };
        expect(toPlainMarkdown(structuredClone(tree))).toBe(toMarkdown(tree, serializer).trim() + '\n');
      }),
      { numRuns: 500 },
    );
  });

  it('escapes an inline node as the serializer does for the text after it, which the twin reads only the start of', () => {
    // Short texts of the characters whose escaping depends on their neighbours: the first
    // character of the text after an inline node decides how that node ends.
    const text = fc.string({ unit: fc.constantFrom(' ', '\n', '\t', '-', '*', '_', '<', '&', '!', '[', ']', ':', 'a', '#', '~', '|', '/', '.', 'w', '1', ')'), minLength: 1, maxLength: 5 });
    const before: fc.Arbitrary<PhrasingContent> = fc.oneof(
      text.map((value): PhrasingContent => ({ type: 'text', value })),
      text.map((value): PhrasingContent => ({ type: 'emphasis', children: [{ type: 'text', value }] })),
      text.map((value): PhrasingContent => ({ type: 'strong', children: [{ type: 'text', value }] })),
      text.map((value): PhrasingContent => ({ type: 'delete', children: [{ type: 'text', value }] })),
      text.map((value): PhrasingContent => ({ type: 'inlineCode', value })),
    );
    fc.assert(
      fc.property(before, text, (node, value) => {
        const tree: Root = { type: 'root', children: [{ type: 'paragraph', children: [node, { type: 'text', value }] }] };
        expect(toPlainMarkdown(structuredClone(tree))).toBe(toMarkdown(tree, serializer).trim() + '\n');
      }),
      { numRuns: 3000 },
    );
  });
});
