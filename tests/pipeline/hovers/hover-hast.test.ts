import type { Element } from 'hast';
import { describe, expect, it } from 'vitest';
import { hoverIndex, hoversJson, hoverTemplate, inlineDoc, newHoverTable, siteRoute, withHovers, withHoversJson } from '../../../pipeline/hovers/hover-hast.ts';
import type { HoverInfo } from '../../../pipeline/hovers/quick-info.ts';

const span = (text: string, style?: string): Element => ({ type: 'element', tagName: 'span', properties: style ? { style } : {}, children: [{ type: 'text', value: text }] });
const line = (...tokens: Element[]): Element => ({ type: 'element', tagName: 'span', properties: { className: ['line'] }, children: tokens });
const pre = (...lines: Element[]): Element => ({
  type: 'element',
  tagName: 'pre',
  properties: {},
  children: [{ type: 'element', tagName: 'code', properties: {}, children: lines.flatMap((l, i) => (i ? [{ type: 'text' as const, value: '\n' }, l] : [l])) }],
});
const making = { highlightSignature: (signature: string) => pre(line(span(signature))) };
const info = (signature: string, more: Partial<HoverInfo> = {}): HoverInfo => ({ signature, docs: '', tags: [], ...more });

describe('hover HAST', () => {
  it('reads rslib.rs links as routes of our site, whatever their language, and gives JSDoc text code spans and links', () => {
    expect(siteRoute('https://rslib.rs/config/lib/format')).toBe('/config/lib/format');
    expect(siteRoute('https://rslib.rs/zh/config/lib/dts#dtsbundle')).toBe('/config/lib/dts#dtsbundle');
    expect(siteRoute('https://rslib.rs')).toBe('/');
    const ours = (target: string) => (target.startsWith('https://rslib.rs/') ? `/zh${siteRoute(target)}` : null);
    expect(inlineDoc('Set `format`, see {@link https://rslib.rs/config/lib/format the format page} and {@link https://rsbuild.rs/config/ Rsbuild}.', ours)).toEqual([
      { type: 'text', value: 'Set ' },
      { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: 'format' }] },
      { type: 'text', value: ', see ' },
      { type: 'element', tagName: 'a', properties: { href: '/zh/config/lib/format' }, children: [{ type: 'text', value: 'the format page' }] },
      { type: 'text', value: ' and ' },
      { type: 'element', tagName: 'a', properties: { href: 'https://rsbuild.rs/config/' }, children: [{ type: 'text', value: 'Rsbuild' }] },
      { type: 'text', value: '.' },
    ]);
  });

  it('wraps each name in its token, splitting merged tokens, and stores each text once per page', () => {
    const block = pre(line(span('export default', 'k'), span(' defineConfig', 'f'), span('({')), line(span('  lib: [{ format', 'p')));
    const table = newHoverTable();
    const defineConfig = info('function defineConfig(config: RslibConfig): RslibConfig', { page: '/api/javascript-api/core#defineconfig' });
    const hovered = withHovers(block, { names: [[0, 15, 12, 0], [1, 2, 3, 1], [1, 10, 6, 0]], queries: [[1, 10, 1]], infos: [defineConfig, info('(property) lib')], problems: [] }, (i, row, column) => hoverIndex(table, i, making, { line: 10 + row, column: column + 1 }));
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
    const made = hoverTemplate(table)!;
    expect(made.template.texts).toHaveLength(2);
    // Where a name links is left open, noted with the place of its first use: its record fills it in.
    expect(made.targets).toEqual([{ target: 'name:/api/javascript-api/core#defineconfig', line: 10, column: 16 }]);
    const resolved = { hrefs: ['/zh/api/javascript-api/core#defineconfig'], summaries: ['原样返回传入的配置。'] };
    const english = JSON.parse(hoversJson(made.template, resolved, false)) as Element;
    expect(english.tagName).toBe('code-hovers');
    expect(english.children).toHaveLength(2);
    expect(JSON.stringify(english.children[0])).toContain('"href":"/zh/api/javascript-api/core#defineconfig"');
    // A page in another language than the declarations' shows our sentence on the name instead of the JSDoc.
    const chinese = JSON.parse(hoversJson(made.template, resolved, true)) as Element;
    expect(JSON.stringify(chinese.children[0])).toContain('原样返回传入的配置。');
    expect(JSON.stringify(chinese.children[1])).toBe(JSON.stringify(english.children[1]));
  });

  it("adds the hover texts' element to a body's JSON as its last child, as text or bytes", () => {
    const element = '{"type":"element","tagName":"code-hovers","properties":{},"children":[]}';
    expect(JSON.parse(withHoversJson('{"type":"root","children":[{"type":"text","value":"a"}]}', element) as string).children).toHaveLength(2);
    expect(JSON.parse(withHoversJson('{"type":"root","children":[]}', element) as string).children).toHaveLength(1);
    const bytes = withHoversJson(Buffer.from('{"type":"root","children":[{"type":"text","value":"é"}]}'), element) as Buffer;
    expect(JSON.parse(bytes.toString()).children[1].tagName).toBe('code-hovers');
  });
});
