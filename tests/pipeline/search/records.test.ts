import { describe, expect, it } from 'vitest';
import { searchRecordsOf, type PageSection } from '../../../pipeline/search/records.ts';
import { Frontmatter } from '../../../schemas/frontmatter.ts';

describe('searchRecordsOf', () => {
  const sections: PageSection[] = [
    { depth: 1, id: null, heading: null, content: 'Intro.', code: '' },
    { depth: 2, id: 'usage', heading: 'Usage', content: 'How to use it.', code: '' },
  ];
  const page = (fields: { description?: string }) => ({ pageType: 'doc' as const, title: 'lib.footer', routePath: '/config/lib/footer', lang: 'en' as const, frontmatter: Frontmatter.parse(fields) });

  it("gives the page's frontmatter description to its top record only", () => {
    const records = searchRecordsOf(page({ description: 'Append text at the end of every output file.' }), sections, 'Config');
    expect(records.map((r) => r.description)).toEqual(['Append text at the end of every output file.', undefined]);
  });

  it('gives none when the frontmatter has none (a description derived from the first paragraph is the prose already)', () => {
    expect(searchRecordsOf(page({}), sections, 'Config').every((r) => !('description' in r))).toBe(true);
  });
});

describe('table rows that document a name', () => {
  it('gives each row of the types page whose first cell is a name an id, and search a record of that name under its section', async () => {
    const { compilePage } = await import('../../../pipeline/compile/compile-page.ts');
    const { createHighlighter } = await import('../../../pipeline/compile/highlight.ts');
    const { pageSections } = await import('../../../pipeline/search/records.ts');
    const source = ['# Types', '', '## Config types {#config-types}', '', '| Type | What it describes |', '| --- | --- |', '| `RslibConfig` | The whole config. |', '| `Format` or `Syntax` | Two names: not one row of its own. |', '| `config-types` | Its id would be the heading’s: kept as it is. |', '', 'After the table.', ''].join('\n');
    const input = (relPath: string) => ({ file: `content/en/${relPath}`, relPath, lang: 'en' as const, source, fragments: new Map(), prefix: '', cleanUrls: true, defaultWrapCode: false });
    const page = compilePage(input('api/javascript-api/types.md'), await createHighlighter([]));
    expect(page.ids).toEqual(['types', 'config-types', 'rslibconfig']);
    const rows = JSON.stringify(JSON.parse(page.body!)).match(/"tagName":"tr","properties":\{[^}]*\}/g);
    expect(rows).toEqual(['"tagName":"tr","properties":{}', '"tagName":"tr","properties":{"id":"rslibconfig"}', '"tagName":"tr","properties":{}', '"tagName":"tr","properties":{}']);
    const sections = pageSections(JSON.parse(page.body!));
    expect(sections.map(({ depth, id, heading, row }) => ({ depth, id, heading, row }))).toEqual([
      { depth: 1, id: null, heading: null, row: undefined },
      { depth: 2, id: 'config-types', heading: 'Config types', row: undefined },
      { depth: 3, id: 'rslibconfig', heading: 'RslibConfig', row: true },
    ]);
    // The row's record is its name; the table's text stays its section's, where the words of several rows are found together.
    expect(sections[2]!.content).toBe('');
    expect(sections[1]!.content).toContain('The whole config.');
    expect(sections[1]!.content).toContain('After the table.');
    const records = searchRecordsOf({ pageType: 'doc', title: 'Types', routePath: '/api/javascript-api/types', lang: 'en', frontmatter: Frontmatter.parse({}) }, sections, 'JavaScript API');
    expect(records.map((r) => [r.url, r.type, r.hierarchy.lvl2, r.hierarchy.lvl3])).toEqual([
      ['/api/javascript-api/types', 'lvl1', null, null],
      ['/api/javascript-api/types#config-types', 'lvl2', 'Config types', null],
      ['/api/javascript-api/types#rslibconfig', 'lvl3', 'Config types', 'RslibConfig'],
    ]);
    // Another page's tables are only prose.
    expect(compilePage(input('guide/a.md'), await createHighlighter([])).ids).toEqual(['types', 'config-types']);
  });
});
