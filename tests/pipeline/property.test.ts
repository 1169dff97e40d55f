/**
 * Random markdown never crashes the pipeline: every page yields a schema-valid record, or the
 * run fails with located errors only.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PageRecord } from '../../schemas/page.ts';
import { makeFixture } from './fixture.ts';

const fragment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '# Title', '## Section {#sec}', '### Sub', '#### Deep', '- item', '1. one', '> quote', '**bold** _em_ `code`',
    '[link](/guide/b)', '[bad](/nope)', '[anchor](#sec)', '![img](/logo.svg)', '<div>', '<!-- c -->', 'a:b c:d[x]{y=1}',
    ':::tip[T]\nbody\n:::', '::::tabs\n:::tab[a]\nx\n:::\n::::', '::package-manager-tabs{command="install x"}', ':::unknown\n:::',
    '::include{file="../shared/x.md"}', '```ts {1}\nconst a = 1;\n```', '```\nplain\n```', '| a | b |\n| - | - |\n| 1 | 2 |',
    '---\ntitle: x\n---', '[^1]\n\n[^1]: note', 'https://example.org', '\\', '*', '{#}', '\u0000', '中文段落', '  ',
  ),
);
const markdown = fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join('\n\n'));

describe('random markdown', () => {
  it('never crashes and always yields a valid record or located errors', async () => {
    const fixture = makeFixture();
    await fc.assert(
      fc.asyncProperty(markdown, markdown, async (en, zh) => {
        fixture.write({ 'en/guide/a.md': en, 'zh/guide/a.md': zh });
        const result = await fixture.build({ noCache: true });
        for (const d of result.diagnostics) {
          expect(d.file).toMatch(/^content\//);
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.column).toBeGreaterThanOrEqual(1);
          expect(d.rule).toMatch(/^[a-z0-9-]+$/);
        }
        if (result.ok) {
          expect(() => PageRecord.parse(fixture.record('/guide/a'))).not.toThrow();
          expect(() => PageRecord.parse(fixture.record('/zh/guide/a'))).not.toThrow();
        } else {
          expect(result.diagnostics.some((d) => d.severity === 'error')).toBe(true);
        }
      }),
      { numRuns: 60, seed: 20261122 },
    );
  }, 120_000);
});
