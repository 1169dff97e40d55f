/**
 * The plain-markdown twin of a page (llms-full.txt, the `.md` twins), through compilePage: blocks
 * no transform changes but their links' URLs keep their author's text, with the final URLs; the
 * rest is serialized from the final tree.
 */
import fc from 'fast-check';
import type { List, PhrasingContent, Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown, type Options } from 'mdast-util-to-markdown';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilePage, type CompileInput } from '../../../pipeline/compile/compile-page.ts';
import { parseMarkdown } from '../../../pipeline/compile/parse.ts';
import { createHighlighter, type Highlighter } from '../../../pipeline/compile/highlight.ts';
import { Diagnostics } from '../../../pipeline/diagnostics.ts';
import { assignHeadingIds } from '../../../pipeline/markdown/headings.ts';
import { toPlainMarkdown, verbatimBlocks } from '../../../pipeline/markdown/plain-markdown.ts';

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

  it('gives links their final URLs in the text the author wrote, and takes {#id} off a heading', () => {
    const source = ['# Title', '', '## The `dts` option {#opts}', '', 'See [the other page](./other.md#x "Other") and *this*, [out](https://example.com/a_b) and [here](#opts).', '', '* [Item](/guide/start) \\_kept\\_', '* two', ''].join('\n');
    const { markdown, errors } = twinOf(source);
    expect(errors).toEqual([]);
    expect(markdown).toBe(['# Title', '', '## The `dts` option', '', 'See [the other page](/guide/other#x "Other") and *this*, [out](https://example.com/a_b) and [here](#opts).', '', '* [Item](/guide/start) \\_kept\\_', '* two', ''].join('\n'));
  });

  it('serializes a block whose final URL must be written otherwise, or whose link is an autolink', () => {
    // The anchor decoded (links.ts) has a space: only `<…>` holds it as a destination.
    const { markdown } = twinOf('A [spaced](./other.md#a%20b) anchor *here*.\n\nAn autolink <https://example.com> *here*.\n');
    expect(markdown).toBe('A [spaced](</guide/other#a b>) anchor *here*.\n\nAn autolink <https://example.com> *here*.\n');
  });

  it('reads back as the serializer writes it, whatever the links, their URLs and the text around them', () => {
    // Sources of the blocks the twin takes from the author's text, with links whose URLs the
    // transforms change to anything (spaces, brackets and escapes included): parsed again, the
    // twin is the tree the serializer's twin is.
    const unit = fc.constantFrom('a', 'b', ' ', '*', '_', '`', '\\', '[', ']', '(', ')', '<', '>', '&', '#', '!', '|', '中');
    const words = fc.string({ unit, minLength: 0, maxLength: 8 });
    const url = fc.string({ unit: fc.constantFrom('a', '/', '.', '#', '-', ' ', '(', ')', '<', '&', '\\', '%', '中', '_'), minLength: 0, maxLength: 8 });
    const link = fc.tuple(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '*', '_', '`'), minLength: 1, maxLength: 5 }), fc.constantFrom('./x.md', '/guide/y', 'https://e.com/z', '#w', ''), fc.option(fc.constantFrom(' "T"', " 'T'", ' (T)'))).map(([label, to, title]) => `[${label}](${to}${title ?? ''})`);
    const inline = fc.array(fc.oneof(words, link), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
    const block = fc.oneof(
      inline,
      inline.map((text) => `- ${text}\n- b`),
      fc.tuple(fc.integer({ min: 1, max: 6 }), inline, fc.boolean()).map(([depth, text, id]) => `${'#'.repeat(depth)} ${text}${id ? ' {#an-id}' : ''}`),
      fc.tuple(inline, inline).map(([a, b]) => `| A | B |\n|---|---|\n| ${a} | ${b} |`),
      inline.map((text) => `> ${text}`),
    );
    const positionless = (node: unknown): unknown => JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'position' ? undefined : value)));
    // Cases where a block taken as written had a link given another URL: the splice, not the serializer.
    let spliced = 0;
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 3 }), fc.array(url, { minLength: 1, maxLength: 4 }), (blocks, urls) => {
        const source = blocks.join('\n\n') + '\n';
        const tree = parseMarkdown(source);
        const verbatim = verbatimBlocks(tree, source);
        // What the transforms do to these blocks: a heading's {#id} taken off, links given other URLs.
        assignHeadingIds(tree, { file: 'page.md', diagnostics: new Diagnostics() });
        let n = 0;
        const relink = (node: { type: string; url?: string; children?: unknown[] }) => {
          if (node.type === 'link' && n % 3 !== 2) node.url = urls[n++ % urls.length]!;
          else if (node.type === 'link') n++;
          for (const child of node.children ?? []) relink(child as typeof node);
        };
        relink(tree);
        if ([...verbatim.values()].some((block) => block.links.some((spot) => spot.node.url !== spot.written))) spliced++;
        expect(positionless(parseMarkdown(toPlainMarkdown(tree, verbatim)))).toEqual(positionless(parseMarkdown(toPlainMarkdown(tree))));
      }),
      { numRuns: 1000 },
    );
    expect(spliced).toBeGreaterThan(500);
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
    // Taken as written or serialized whole, its indented code stays inside its item.
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
