import type { Element } from 'hast';
import { describe, expect, it } from 'vitest';
import { inlineDoc, localHref, newHoverTable, hoverIndex, hoversElement, pageLink, withHovers } from '../../../pipeline/hovers/hover-hast.ts';
import type { HoverInfo } from '../../../pipeline/hovers/quick-info.ts';

const span = (text: string, style?: string): Element => ({ type: 'element', tagName: 'span', properties: style ? { style } : {}, children: [{ type: 'text', value: text }] });
const line = (...tokens: Element[]): Element => ({ type: 'element', tagName: 'span', properties: { className: ['line'] }, children: tokens });
const pre = (...lines: Element[]): Element => ({
  type: 'element',
  tagName: 'pre',
  properties: {},
  children: [{ type: 'element', tagName: 'code', properties: {}, children: lines.flatMap((l, i) => (i ? [{ type: 'text' as const, value: '\n' }, l] : [l])) }],
});
const making = { prefix: '/zh', rsbuildPages: ['/config/rsbuild/output'], highlightSignature: (signature: string) => pre(line(span(signature))) };
const info = (signature: string, more: Partial<HoverInfo> = {}): HoverInfo => ({ signature, docs: '', tags: [], ...more });

describe('hover HAST', () => {
  it('turns rslib.rs links into site paths of the page language, and leaves other sites as they are', () => {
    expect(localHref('https://rslib.rs/config/lib/format', '/zh')).toBe('/zh/config/lib/format');
    expect(localHref('https://rslib.rs/zh/config/lib/dts#dtsbundle', '')).toBe('/config/lib/dts#dtsbundle');
    expect(localHref('https://rsbuild.rs/config/output/target', '')).toBeNull();
    expect(inlineDoc('Set `format`, see {@link https://rslib.rs/config/lib/format the format page}.', '/zh')).toEqual([
      { type: 'text', value: 'Set ' },
      { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: 'format' }] },
      { type: 'text', value: ', see ' },
      { type: 'element', tagName: 'a', properties: { href: '/zh/config/lib/format' }, children: [{ type: 'text', value: 'the format page' }] },
      { type: 'text', value: '.' },
    ]);
  });

  it('wraps each name in its token, splitting merged tokens, and stores each text once per page', () => {
    const block = pre(line(span('export default', 'k'), span(' defineConfig', 'f'), span('({')), line(span('  lib: [{ format', 'p')));
    const table = newHoverTable();
    const defineConfig = info('function defineConfig(config: RslibConfig): RslibConfig', { page: '/api/javascript-api/core#defineconfig' });
    const hovered = withHovers(block, { names: [[0, 15, 12, 0], [1, 2, 3, 1], [1, 10, 6, 0]], queries: [[1, 10, 1]], infos: [defineConfig, info('(property) lib')], problems: [] }, (i) => hoverIndex(table, i, making));
    const lines = (hovered.children[0] as Element).children.filter((c): c is Element => c.type === 'element');
    expect(lines[0]!.children).toEqual([span('export default', 'k'), span(' ', 'f'), { type: 'element', tagName: 'span', properties: { dataHover: 0 }, children: [span('defineConfig', 'f')] }, span('({')]);
    expect(lines[1]!.children).toEqual([
      span('  ', 'p'),
      { type: 'element', tagName: 'span', properties: { dataHover: 1 }, children: [span('lib', 'p')] },
      span(': [{ ', 'p'),
      { type: 'element', tagName: 'span', properties: { dataHover: 0 }, children: [span('format', 'p')] },
    ]);
    expect(lines[1]!.properties).toMatchObject({ dataQuery: '(property) lib', style: '--query-column:10' });
    // The block the highlighter keeps is left as it was.
    expect((block.children[0] as Element).children[0]).toEqual(line(span('export default', 'k'), span(' defineConfig', 'f'), span('({')));
    const texts = hoversElement(table)!;
    expect(texts.children).toHaveLength(2);
    // A name without a link of its own links to its page, in the page's language.
    expect(JSON.stringify(texts.children[0])).toContain('"href":"/zh/api/javascript-api/core#defineconfig"');
  });

  it('links an Rsbuild key without a page of its own to the Rsbuild overview, and a name to the deepest heading its page has for it', () => {
    expect(pageLink('/config/rsbuild/output#output.target', making.rsbuildPages)).toBe('/config/rsbuild/output#outputtarget');
    expect(pageLink('/config/rsbuild/server#server.port', making.rsbuildPages)).toBe('/config/rsbuild/');
    expect(pageLink('/config/lib/format', making.rsbuildPages)).toBe('/config/lib/format');
    const ids = (route: string) => (route === '/config/lib/dts' ? new Set(['libdts', 'dtsbundle', 'example']) : undefined);
    expect(pageLink('/config/lib/dts#dts.bundle.bundledPackages', [], ids)).toBe('/config/lib/dts#dtsbundle');
    expect(pageLink('/config/lib/dts#dts.tsgo', [], ids)).toBe('/config/lib/dts');
    // A page whose ids are not known: the name's own heading.
    expect(pageLink('/config/lib/umd-name#umdName.amd', [], ids)).toBe('/config/lib/umd-name#umdnameamd');
  });
});
