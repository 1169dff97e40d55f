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
