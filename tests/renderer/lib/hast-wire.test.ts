/**
 * The short form a prerendered page embeds its body in (renderer/lib/hast-wire.ts): it must give
 * back exactly the HAST the pipeline made, for every kind of node a page has.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { compilePage } from '../../../pipeline/compile/compile-page.ts';
import { createHighlighter, type Highlighter } from '../../../pipeline/compile/highlight.ts';
import { hastFromWire, hastToWire } from '../../../renderer/lib/hast-wire.ts';
import type { HastRoot } from '../../../schemas/hast.ts';

let highlighter: Highlighter;
beforeAll(async () => {
  highlighter = await createHighlighter(['ts', 'bash']);
});

const PAGE = [
  '---',
  'title: Wire',
  '---',
  '# Wire {#top}',
  '',
  'Prose with `code`, a [link](/guide/start/), an [outside one](https://example.org) and **strong** text.',
  '',
  '| Option | Default |',
  '| :-- | --: |',
  '| `format` | `"esm"` |',
  '',
  ':::tip{title="Note"}',
  'A callout.',
  ':::',
  '',
  '```ts title="rslib.config.ts" {2}',
  "import { defineConfig } from '@rslib/core';",
  "export default defineConfig({ lib: [{ format: 'esm' }] });",
  '```',
  '',
  '::package-manager-tabs{command="add -D @rslib/core"}',
  '',
  '- [x] done',
  '- [ ] open',
  '',
].join('\n');

function bodyOf(source: string): HastRoot {
  const page = compilePage({ file: 'content/en/wire.md', relPath: 'wire.md', lang: 'en', source, fragments: new Map(), prefix: '', cleanUrls: true, defaultWrapCode: false }, highlighter);
  expect(page.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return JSON.parse(page.body!) as HastRoot;
}

describe('hast wire form', () => {
  it("gives back a compiled page's body exactly, through JSON as the HTML carries it", () => {
    const body = bodyOf(PAGE);
    const kinds = new Set<string>();
    const walk = (node: HastRoot['children'][number]): void => {
      kinds.add(node.type === 'text' ? 'text' : node.tagName);
      if (node.type === 'element') node.children.forEach(walk);
    };
    body.children.forEach(walk);
    // The page has what bodies are made of: custom elements, tables, inputs, highlighted tokens.
    for (const tag of ['callout', 'code-block', 'tabs', 'table', 'input', 'span', 'a', 'code', 'text']) expect(kinds, tag).toContain(tag);
    expect(hastFromWire(JSON.parse(JSON.stringify(hastToWire(body))))).toEqual(body);
  });

  it('keeps property values of every kind and elements without properties or children', () => {
    const body: HastRoot = {
      type: 'root',
      children: [
        { type: 'text', value: '' },
        { type: 'element', tagName: 'hr', properties: {}, children: [] },
        { type: 'element', tagName: 'input', properties: { type: 'checkbox', checked: true, disabled: false, tabIndex: -1, className: ['a', 'b'] }, children: [] },
        { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'br', properties: {}, children: [] }, { type: 'text', value: '{"type":"text"}' }] },
      ],
    };
    expect(hastFromWire(JSON.parse(JSON.stringify(hastToWire(body))))).toEqual(body);
    expect(hastToWire(body)).toEqual(['', ['hr'], ['input', { type: 'checkbox', checked: true, disabled: false, tabIndex: -1, className: ['a', 'b'] }], ['p', ['br'], '{"type":"text"}']]);
  });

  it('is well under half the size of the HAST for highlighted code', () => {
    const body = bodyOf(PAGE);
    expect(JSON.stringify(hastToWire(body)).length).toBeLessThan(JSON.stringify(body).length / 2);
  });
});
