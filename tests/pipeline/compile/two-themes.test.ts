import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Code } from 'mdast';
import { createHighlighter as createShikiHighlighter } from 'shiki';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { blockOptions, compactPre, createHighlighter, embeddedFirst, resolveLang } from '../../../pipeline/compile/highlight.ts';
import { parseMarkdown } from '../../../pipeline/compile/parse.ts';
import type { Element, Root } from 'hast';

const contentDir = path.resolve(import.meta.dirname, '../../../content');

/** Every fenced block of content/, both languages, with the language shiki gets for it. */
function contentBlocks(): Array<{ file: string; lang: string; code: string; lines: number[] }> {
  const blocks: Array<{ file: string; lang: string; code: string; lines: number[] }> = [];
  for (const file of readdirSync(contentDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).sort()) {
    visit(parseMarkdown(readFileSync(path.join(contentDir, file), 'utf8')), 'code', (node: Code) => {
      const lang = resolveLang((node.lang ?? '').toLowerCase());
      const lines = [...(node.meta ?? '').matchAll(/\{([\d,-]+)\}/g)].flatMap((m) => m[1]!.split(',').filter((n) => !n.includes('-')).map(Number));
      if (lang) blocks.push({ file, lang, code: node.value, lines });
    });
  }
  return blocks;
}

const preOf = (root: Root) => root.children.find((child): child is Element => child.type === 'element' && child.tagName === 'pre')!;

/** Blocks that exercise what a theme's rules do with nesting: notation comments, embedded languages, font styles. */
const SAMPLES: Array<{ lang: string; code: string; lines: number[] }> = [
  { lang: 'typescript', code: "const a = 1; // [!code highlight]\nconst b = 2; // [!code --]\nconst c = 3; // [!code ++]\n/** @type {import('x').Y} */\nexport default { a, b, c };", lines: [1] },
  { lang: 'vue', code: '<template>\n  <div :class="{ a: b }">{{ msg }}</div>\n</template>\n<script setup lang="ts">\nconst msg = `x${1}`;\n</script>\n<style scoped>\n.a { color: red; }\n</style>', lines: [] },
  { lang: 'markdown', code: '# Title\n\n*em* **strong** `code`\n\n```js\nconst x = 1;\n```', lines: [] },
  { lang: 'diff', code: '- old\n+ new\n  same', lines: [] },
];

describe('highlighting both themes with one tokenizing', () => {
  // Shiki alone: its own engine, where the pipeline's highlighter also shares compiled scanners
  // between grammars (compile/shared-scanners.ts), and tokenizing once per theme.
  it('gives what shiki alone gives, tokenizing once per theme, on every code block of content/ and on samples', async () => {
    const blocks = [...contentBlocks(), ...SAMPLES.map((sample) => ({ file: 'sample', ...sample }))];
    expect(blocks.length).toBeGreaterThan(300);
    const highlighter = await createHighlighter();
    const shiki = await createShikiHighlighter({ themes: ['github-light', 'github-dark'], langs: [...new Set(blocks.map((block) => block.lang))].filter((lang) => lang !== 'text') });
    const differing: string[] = [];
    for (const block of blocks) {
      const once = compactPre(preOf(highlighter.codeToHast(block.code, blockOptions(block.code, block.lang, block.lines))));
      const twice = compactPre(preOf(shiki.codeToHast(block.code, blockOptions(block.code, block.lang, block.lines))));
      if (JSON.stringify(once) !== JSON.stringify(twice)) differing.push(`${block.file}: ${block.code.split('\n')[0]}`);
    }
    expect(differing).toEqual([]);
    // Every block twice, with two highlighters: 10 s alone, three times that beside the other projects' tests.
  }, 120_000);

  // Loaded in the order asked, the embedding grammar first, shiki would load Markdown once for
  // each grammar it embeds; the pipeline loads the embedded ones first (embeddedFirst).
  it('colours code fenced inside Markdown and MDX in its own language, however the languages were asked for', async () => {
    const markdown = '# Title\n\n```ts\nconst x: number = 1;\n```\n\n```css\n.a { color: red; }\n```';
    const highlighter = await createHighlighter(['md', 'mdx', 'ts', 'css']);
    const shiki = await createShikiHighlighter({ themes: ['github-light', 'github-dark'], langs: ['typescript', 'css', 'markdown', 'mdx'] });
    for (const lang of ['markdown', 'mdx']) {
      const ours = JSON.stringify(compactPre(preOf(highlighter.codeToHast(markdown, blockOptions(markdown, lang, [])))));
      expect(ours).toBe(JSON.stringify(compactPre(preOf(shiki.codeToHast(markdown, blockOptions(markdown, lang, []))))));
      // The TypeScript fence is coloured as TypeScript (a type keyword in a colour of its own), not left as plain text.
      expect(ours.match(/--s-l:#[0-9A-Fa-f]+/g)!.length).toBeGreaterThan(6);
    }
  });

  it('orders grammars after those they embed, eagerly or lazily, each once, leaving out those already loaded', () => {
    const grammar = (name: string, embeddedLangs?: string[], embeddedLangsLazy?: string[]) => ({ name, scopeName: `source.${name}`, patterns: [], repository: {}, embeddedLangs, embeddedLangsLazy });
    const order = embeddedFirst([grammar('md', ['html'], ['ts', 'css', 'mdx']), grammar('mdx', ['ts'], ['md']), grammar('ts'), grammar('html', ['css']), grammar('css'), grammar('old')], new Set(['old']));
    const names = order.map((g) => g.name);
    expect(new Set(names)).toEqual(new Set(['md', 'mdx', 'ts', 'html', 'css']));
    expect(names.indexOf('css')).toBeLessThan(names.indexOf('html'));
    expect(names.indexOf('html')).toBeLessThan(names.indexOf('md'));
    expect(names.indexOf('ts')).toBeLessThan(names.indexOf('md'));
    expect(names.indexOf('ts')).toBeLessThan(names.indexOf('mdx'));
    // md and mdx embed each other: the cycle is cut where it is met, and each comes once.
    expect(names).toHaveLength(5);
  });

  it('colours the same text differently in the two themes, each from its own rules', async () => {
    const highlighter = await createHighlighter(['ts']);
    const pre = compactPre(preOf(highlighter.codeToHast('const answer = 42;', blockOptions('const answer = 42;', 'typescript', []))));
    const styles = JSON.stringify(pre).match(/--s-l:#[0-9A-Fa-f]+;--s-d:#[0-9A-Fa-f]+/g) ?? [];
    expect(styles.length).toBeGreaterThan(1);
    expect(styles.some((style) => style.split(';')[0]!.slice(6) !== style.split(';')[1]!.slice(6))).toBe(true);
  });

  it('refuses themes other than the two it was made for', async () => {
    const highlighter = await createHighlighter(['ts']);
    expect(() => highlighter.codeToHast('x', { lang: 'typescript', themes: { l: 'github-dark', d: 'github-light' } })).toThrow(/made for github-light and github-dark/);
  });
});
