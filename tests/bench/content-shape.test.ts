/** The bench corpus's calibration (issue 37): how a shape is measured, and that the corpus holds to content/'s. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { tempDir } from '../temp-dir.ts';
import { compareShapes, measureShape, pageSources } from './content-shape.ts';
import { corpusPage, writeCorpus } from './corpus.ts';

const PAGE = `---
title: A
---

# A

See [B](/b#x) and [C](https://example.org). \`one\` and \`two\`.

## X {#x}

- item [D](/d)
- item

| a | b |
| --- | --- |
| 1 | 2 |

:::tip
Tip.
:::

::package-manager-tabs{command="add x"}

::::tabs
:::tab[A]
\`\`\`ts
const a = 1;
const b = 2;
const c = 3;
\`\`\`
:::
::::

\`\`\`bash
npm run build
\`\`\`
`;

/** Parsing a few hundred pages, or building 62, on a loaded 2-core machine. */
const SLOW = 180_000;
const projectRoot = path.resolve(import.meta.dirname, '../..');
const corpusOf = (pages: number, lang: 'en' | 'zh') => Array.from({ length: pages }, (_, i) => corpusPage(i, pages, lang));

describe('measureShape', () => {
  it('counts what a page is made of, per page, and lines per block', () => {
    const shape = measureShape([PAGE, '# Empty\n']);
    expect(shape.pages).toBe(2);
    expect(shape.figures).toMatchObject({
      characters: (PAGE.length + 8) / 2,
      'code blocks': 1,
      'lines per code block': 2,
      tables: 0.5,
      callouts: 0.5,
      'tabs (:::tabs)': 0.5,
      'package-manager tabs': 0.5,
      links: 1.5,
      headings: 1.5,
      'list items': 1,
      'inline code': 1,
    });
    expect(shape.langs).toEqual(new Map([['ts', 0.5], ['bash', 0.5]]));
    // A file the page shows, whose imports get hovers: titled with its path, no config, not skipped.
    const files = ['```ts title="src/index.ts"', "import { join } from 'node:path';", '```', '```ts title="rslib.config.ts"', 'export default {};', '```', '```js title="dist/index.js" check="skip" reason="x"', 'export {};', '```'].join('\n');
    expect(measureShape([files]).figures['files shown, hovered']).toBe(1);
  });
});

describe('the bench corpus beside content/', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`holds every figure of content/${lang} within 20 %`, () => {
      const rows = compareShapes(measureShape(pageSources(path.join(projectRoot, 'content', lang))), measureShape(corpusOf(100, lang)));
      expect(rows.filter((row) => !row.ok)).toEqual([]);
      expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['characters', 'code blocks', 'lines per code block', 'files shown, hovered', 'tables', 'callouts', 'tabs (:::tabs)', 'links', 'blocks in ts (share)']));
    }, SLOW);
  }

  it('fails the figures a corpus strays on', () => {
    const real = measureShape(pageSources(path.join(projectRoot, 'content', 'en')));
    // The corpus with its code blocks in bash alone, and with a second copy of every table.
    const strayed = corpusOf(100, 'en').map((page) => page.replace(/^```\w+/gm, '```bash').replace(/^(\| Option .*\n\| ---.*\n(?:\|.*\n)*)/m, '$1\n$1'));
    const missed = compareShapes(real, measureShape(strayed)).filter((row) => !row.ok).map((row) => row.name);
    expect(missed).toEqual(expect.arrayContaining(['tables', 'blocks in ts (share)', 'blocks in bash (share)']));
    expect(missed).not.toContain('code blocks');
  }, SLOW);

  it('is the same on every call, and a site that builds without a warning', async () => {
    expect(corpusOf(30, 'zh')).toEqual(corpusOf(30, 'zh'));
    const root = tempDir('corpus-');
    const pages = writeCorpus(root, 30);
    const result = await build({ root });
    expect(result.diagnostics).toEqual([]);
    // 30 generated pages per language, the pages that document their samples' names, the home pages.
    expect(pages).toBeGreaterThan(62);
    expect(result).toMatchObject({ ok: true, pages });
    // Its config samples type-check, and their hovers are in the records.
    expect(result.hovers?.samples).toBeGreaterThan(30);
  }, SLOW);
});
