/**
 * The hosted search end to end in the browser: a page whose embedded site config names
 * Algolia, the official lite client in the page, and its hosts routed to a stand-in service on
 * 127.0.0.1 — one host that times out, one that answers 500, and good ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, isSameDocument, markDocument, useBrowser } from './helpers.ts';
import { dialogOf, hrefOf, inputOf, openDialog, openSearchPage, optionsOf, routeToStandIn, search, StandIn, TEXT, type Lang, type StandInHit } from './search-helpers.ts';

const browser = useBrowser();

const APP_ID = 'standin';
const CONFIG = { provider: 'algolia', appId: APP_ID, apiKey: 'search-only-key', indexName: 'rslib-docs' };
const DSN = `${APP_ID}-dsn.algolia.net`;

function hits(lang: Lang): StandInHit[] {
  const zh = lang === 'zh';
  const base = `https://rslib.rs${zh ? '/zh' : ''}`;
  const lvl0 = zh ? 'Lib 配置' : 'Lib Configurations';
  const hierarchy = (lvl1: string, lvl2: string | null) => ({ lvl0, lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null });
  return [
    { objectID: `${base}/config/lib/format`, url: `${base}/config/lib/format`, type: 'lvl1', content: null, hierarchy: hierarchy('lib.format', null) },
    {
      objectID: `${base}/config/lib/format#values`,
      url: `${base}/config/lib/format#values`,
      type: 'lvl2',
      content: zh ? 'format 决定产物的模块格式。' : 'The format decides the module format of the output.',
      hierarchy: hierarchy('lib.format', zh ? '可选值' : 'Values'),
    },
    {
      // Markup in a record is text to the reader, never HTML.
      objectID: `${base}/config/lib/syntax#x`,
      url: `${base}/config/lib/syntax#x`,
      type: 'lvl2',
      content: '<b>bold</b> format',
      hierarchy: hierarchy('lib.syntax', '<img src=x onerror="window.__injected=1">format'),
    },
    {
      objectID: `${base}/guide/basic/output-format`,
      url: `${base}/guide/basic/output-format`,
      type: 'lvl1',
      content: zh ? '选择产物的 format：esm、cjs 或 umd。' : 'Pick the format of the output: esm, cjs or umd.',
      hierarchy: { ...hierarchy(zh ? '产物格式' : 'Output format', null), lvl0: zh ? '指南' : 'Guide' },
    },
  ];
}

describe.each(['en', 'zh'] as const)('hosted search (%s)', (lang: Lang) => {
  const t = TEXT[lang];
  const standIn = new StandIn(hits(lang));
  beforeAll(() => standIn.start());
  afterAll(() => standIn.close());

  it('queries the hosted index with the DocSearch request and renders its hits as text; Enter strips the origin', async () => {
    standIn.requests.length = 0;
    standIn.statusFor = () => 200;
    let contacted: string[] = [];
    const { page, context, errors } = await openSearchPage(browser(), t.home, {
      search: CONFIG,
      before: async (ctx) => {
        contacted = await routeToStandIn(ctx, standIn);
      },
    });
    // No embedded index is fetched when the hosted index is configured.
    const localIndex: string[] = [];
    page.on('request', (r) => r.url().includes('/_data/search/') && localIndex.push(r.url()));
    await markDocument(page);
    await openDialog(page, lang);
    await search(page, lang, 'format');
    expect(contacted[0]).toBe(DSN);
    const request = standIn.requests.at(-1)!;
    expect(request.path).toBe('/1/indexes/*/queries');
    expect(request.params.get('x-algolia-application-id')).toBe(APP_ID);
    expect(request.params.get('x-algolia-api-key')).toBe(CONFIG.apiKey);
    const body = request.body.requests[0]!;
    expect(body).toMatchObject({ query: 'format', indexName: CONFIG.indexName, hitsPerPage: 20, highlightPreTag: '<mark>', highlightPostTag: '</mark>', clickAnalytics: false });
    expect(body.attributesToRetrieve).toEqual(['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url']);
    expect(body.attributesToSnippet).toContain('content:10');
    expect(body.snippetEllipsisText).toBeTypeOf('string');

    const dialog = dialogOf(page, lang);
    expect(await dialog.getByRole('group').count()).toBe(2);
    expect(await optionsOf(page, lang).count()).toBe(4);
    expect((await dialog.locator('mark').allTextContents()).every((m) => m.toLowerCase() === 'format')).toBe(true);
    // The markup of the third record shows as text.
    expect(await dialog.locator('img').count()).toBe(0);
    expect(await dialog.locator('b').count()).toBe(0);
    expect(await dialog.getByText('<img src=x onerror="window.__injected=1">', { exact: false }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    // Every hit links to a route of this site: the hosted URLs' origin is gone.
    for (let i = 0; i < 4; i++) expect(await hrefOf(page, lang, i)).toMatch(/^\/(?!\/)/);

    await page.keyboard.press('ArrowDown');
    const href = await hrefOf(page, lang, 1);
    expect(href).toBe(`${lang === 'zh' ? '/zh' : ''}/config/lib/format#values`);
    await page.keyboard.press('Enter');
    await page.waitForFunction((h) => location.pathname + location.hash === h, href);
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    expect(await isSameDocument(page)).toBe(true);
    // Saved searches use the hosted index's name.
    const saved = await page.evaluate((k) => localStorage.getItem(k), `__DOCSEARCH_RECENT_SEARCHES__${CONFIG.indexName}`);
    expect(JSON.parse(saved ?? '[]')).toHaveLength(1);
    expect(localIndex).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('falls back past a host that times out and one that answers 500', async () => {
    standIn.requests.length = 0;
    // The fallback hosts are shuffled: the first one the client tries is the one that fails.
    let failing: string | null = null;
    standIn.statusFor = (host) => {
      if (host === DSN) return 200;
      failing ??= host;
      return host === failing ? 500 : 200;
    };
    let contacted: string[] = [];
    const { page, context } = await openSearchPage(browser(), t.home, {
      search: CONFIG,
      before: async (ctx) => {
        contacted = await routeToStandIn(ctx, standIn, (host) => host === DSN);
      },
    });
    await openDialog(page, lang);
    // One request (typing would send one per keystroke, all first to the silent host).
    await inputOf(page, lang).fill('format');
    // Waiting on the silent host takes longer than 300 ms: the stalled spinner shows.
    await dialogOf(page, lang).getByRole('status', { name: t.loading }).waitFor();
    await optionsOf(page, lang).first().waitFor({ timeout: 15_000 });
    expect(contacted[0]).toBe(DSN);
    expect(failing).not.toBeNull();
    const served = standIn.requests.map((r) => [r.host, standIn.statusFor(r.host)]);
    expect(served[0]).toEqual([failing, 500]);
    expect(served.at(-1)![1]).toBe(200);
    expect(served.at(-1)![0]).not.toBe(DSN);
    expect(served.at(-1)![0]).not.toBe(failing);
    // The hits of the good host are shown, their URLs made routes of this site.
    expect(await hrefOf(page, lang, 0)).toMatch(/^\/(?!\/)/);
    await context.close();
  });

  it('shows the error screen when every host fails', async () => {
    const { page, context } = await openSearchPage(browser(), t.home, {
      search: CONFIG,
      before: (ctx) => ctx.route((url) => /\.algolia\.net$|\.algolianet\.com$/.test(url.hostname), (route) => route.abort('connectionrefused')),
    });
    await openDialog(page, lang);
    await page.keyboard.type('format');
    const alert = dialogOf(page, lang).getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.getByText(t.errorTitle, { exact: true }).count()).toBe(1);
    expect(await alert.getByText(t.errorHelp, { exact: true }).count()).toBe(1);
    await context.close();
  });
});
