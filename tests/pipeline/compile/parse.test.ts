/**
 * The parser's tree is remark's own (remark-parse, remark-gfm, frontmatter, directives) though
 * GFM's literal-autolink transform runs only on pages with text it could change.
 */
import fc from 'fast-check';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../pipeline/compile/parse.ts';

const remark = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml']).use(remarkDirective).freeze();

describe('parseMarkdown', () => {
  it('turns literal autolinks into links, as GFM does, wherever a page has one', () => {
    for (const source of ['See www.example.com today.', 'Mail rslib@example.org.', 'At https://rslib.rs/guide/.', 'HTTP://EXAMPLE.ORG', '- item with www.a.b\n\n| a |\n| - |\n| b@c.de |']) {
      const tree = parseMarkdown(source);
      expect(JSON.stringify(tree)).toContain('"type":"link"');
      expect(tree).toEqual(remark.parse(source));
    }
  });

  it('gives the tree remark gives, for text with and without what a literal autolink needs', () => {
    const piece = fc.constantFrom('www.', 'www', 'https://', 'http:/', 'a@b.org', '@', 'mailto:', 'xmpp:', 'example.com', '.', ' ', '\n', '\n\n', '[x](y)', '`c`', '*e*', '&#64;', '\\@', 'word', '- ', '| a |\n| - |\n| ', ':::tip\n', '\n:::\n', '中文');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const source = pieces.join('');
        expect(parseMarkdown(source)).toEqual(remark.parse(source));
      }),
      { numRuns: 500 },
    );
  });
});
