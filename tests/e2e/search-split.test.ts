/**
 * The split layout of the search index (issue 7) in the browser. This site's index is one file
 * (far below the threshold), so the test serves the same index split into small parts in place
 * of `search/<lang>.json`, and checks that the modal shows exactly what it shows with the one
 * file, fetching the manifest first and then only some of the parts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { splitSearchIndex } from '../../pipeline/search/layout.ts';
import { SearchIndexFile } from '../../schemas/search-index.ts';
import { partFiles } from '../../schemas/search-format/codec.ts';
import { useBrowser } from './helpers.ts';
import { dialogOf, openDialog, openSearchPage, optionsOf, search, TEXT, type Lang } from './search-helpers.ts';

const browser = useBrowser();

const QUERIES: Record<Lang, string[]> = {
  en: ['autoext', 'dts bundle', 'modle federation', 'storyb', 'zzqqxxv'],
  zh: ['模块联邦', '类型声明文件', 'autoExternal', '鑫鑫鑫'],
};

/** What the dialog shows for a query: each option's link and text, in order. */
async function shown(page: Page, lang: Lang, query: string): Promise<string[]> {
  await search(page, lang, query);
  return dialogOf(page, lang)
    .getByRole('option')
    .evaluateAll((options) => options.map((o) => `${o.getAttribute('href')} ${o.textContent}`));
}

describe.each(['en', 'zh'] as const)('split search index (%s)', (lang: Lang) => {
  it('shows the same hits as the one-file index, fetching only the parts a query needs', async () => {
    const file = SearchIndexFile.parse(JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../dist/_data/search/${lang}.json`), 'utf8')));
    const { manifest, parts } = splitSearchIndex(file, { postingPartBytes: 4096, recordPartBytes: 4096 });
    expect(partFiles(manifest).length).toBeGreaterThan(10);

    const whole = await openSearchPage(browser(), TEXT[lang].home);
    await openDialog(whole.page, lang);
    const expected: string[][] = [];
    for (const q of QUERIES[lang]) expected.push(await shown(whole.page, lang, q));
    await whole.context.close();
    expect(expected[0]!.length).toBeGreaterThan(0);

    const requested: string[] = [];
    const split = await openSearchPage(browser(), TEXT[lang].home, {
      before: (context) =>
        context.route(
          // The synonym sets are fetched beside the index as they are.
          (url) => url.pathname.startsWith('/_data/search/') && !url.pathname.endsWith('/synonyms.json'),
          (route) => {
            const name = new URL(route.request().url()).pathname.slice('/_data/search/'.length);
            requested.push(name);
            const body = name === `${lang}.json` ? manifest : parts.get(name);
            return body ? route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) }) : route.fulfill({ status: 404, body: 'missing' });
          },
        ),
    });
    await openDialog(split.page, lang);
    for (const [i, q] of QUERIES[lang].entries()) expect(await shown(split.page, lang, q), q).toEqual(expected[i]);
    expect(await optionsOf(split.page, lang).count()).toBe(0);
    expect(requested[0]).toBe(`${lang}.json`);
    const fetchedParts = new Set(requested.slice(1));
    expect([...fetchedParts].every((p) => parts.has(p))).toBe(true);
    expect(fetchedParts.size).toBeLessThan(parts.size);
    expect(split.errors).toEqual([]);
    await split.context.close();
  });
});
