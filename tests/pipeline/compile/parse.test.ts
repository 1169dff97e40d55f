/**
 * The parser's tree is remark's own (remark-parse, remark-gfm, frontmatter, directives) though
 * GFM's literal-autolink transform runs only on pages with text it could change, and its syntax
 * is tried only where the source holds what it needs next (an email's `@`, `www.`, `http(s)://`).
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
    const piece = fc.constantFrom(
      'www.', 'www', 'WwW.', 'https://', 'HTTP://', 'http:/', 'h', 'a@b.org', 'x_y+z-w.v@', '@', 'mailto:', 'xmpp:', 'example.com', '.', '/', '_', '+', '-',
      ' ', '\t', '\n', '\r\n', '\n\n', '> ', '\n> ', '  ', '[', ']', '[x](y)', '`c`', '*e*', '&#64;', '\\@', 'word', '- ', '1. ', '| a |\n| - |\n| ', ':::tip\n', '\n:::\n', '中文',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const source = pieces.join('');
        expect(parseMarkdown(source)).toEqual(remark.parse(source));
      }),
      { numRuns: 500 },
    );
  });
});
