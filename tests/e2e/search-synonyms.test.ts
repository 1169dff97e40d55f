/**
 * One data boundary (issue 35): the search's synonym sets reach the browser through
 * dist-data/search/synonyms.json, not through the renderer's bundle. A site without
 * content/search-synonyms.json builds and searches; a site with one finds a page by a word only
 * its table names. Both are fixture sites prerendered with this project's client build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseFiles, baseSite } from '../pipeline/fixture.ts';
import { buildFixtureSite, type FixtureSite } from './fixture-site.ts';
import { open, useBrowser } from './helpers.ts';
import { openDialog, optionsOf, search, searchReady } from './search-helpers.ts';

const browser = useBrowser();
const files = { ...baseFiles(), 'en/guide/a.md': '# Page A\n\nThe frobnicator of widgets.\n' };
let without: FixtureSite;
let withTable: FixtureSite;

beforeAll(async () => {
  without = await buildFixtureSite(files, baseSite());
  withTable = await buildFixtureSite({ ...files, 'search-synonyms.json': JSON.stringify({ en: [['zzgadget', 'frobnicator']], zh: [] }) }, baseSite());
}, 180_000);
afterAll(async () => {
  await without?.close();
  await withTable?.close();
});

/** The links the English dialog of `site` shows for `query`, and the page's errors. */
async function hits(site: FixtureSite, query: string): Promise<{ links: string[]; errors: string[] }> {
  const { page, errors, context } = await open(browser(), '/guide/', { base: site.url });
  try {
    await searchReady(page);
    await openDialog(page, 'en');
    await search(page, 'en', query);
    const links = await optionsOf(page, 'en').evaluateAll((options) => options.map((o) => o.getAttribute('href') ?? ''));
    return { links, errors };
  } finally {
    await context.close();
  }
}

describe('search synonyms from dist-data/', () => {
  it('a site without a synonym table builds and searches', async () => {
    expect(existsSync(path.join(without.dir, '..', 'content', 'search-synonyms.json'))).toBe(false);
    const found = await hits(without, 'frobnicator');
    expect(found.links[0]).toMatch(/^\/guide\/a/);
    expect(found.errors).toEqual([]);
    expect((await hits(without, 'zzgadget')).links).toEqual([]);
    // Two pages opened, the first in a cold browser: 37 s on a loaded 2-core machine.
  }, 90_000);

  it("a site with one finds a page by a word only its table names", async () => {
    const found = await hits(withTable, 'zzgadget');
    expect(found.links[0]).toMatch(/^\/guide\/a/);
    expect(found.errors).toEqual([]);
  });
});
