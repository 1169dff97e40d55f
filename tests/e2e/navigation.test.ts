/** Client-side navigation: clicks, preload, progress bar, hash scroll, scroll restoration. */
import { describe, expect, it } from 'vitest';
import { headWhenHeadingShows, hydrated, isSameDocument, markDocument, open, prerenderedHead, useBrowser } from './helpers.ts';

const browser = useBrowser();
const sidebar = (page: import('playwright-core').Page) => page.getByRole('navigation', { name: 'Sidebar' });

describe('links', () => {
  it('navigates in-app on a plain left click, updating URL, title and lang', async () => {
    const { page, context, errors } = await open(browser(), '/guide/start/');
    await hydrated(page);
    await markDocument(page);
    await sidebar(page).getByRole('link', { name: 'Glossary' }).click();
    await page.waitForURL('**/guide/start/glossary');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Glossary');
    expect(await isSameDocument(page)).toBe(true);
    expect(await page.title()).toBe('Glossary - Rslib');
    // The language menu keeps the page: switching goes to its twin, still in-app.
    await page.getByRole('button', { name: /Language/ }).hover();
    await page.getByRole('link', { name: '简体中文' }).click();
    await page.waitForURL('**/zh/guide/start/glossary');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes title and language together with the page: as soon as its <h1> is in, they are its own', async () => {
    const { page, context, errors } = await open(browser(), '/guide/start/');
    await hydrated(page);
    // A page that is there at once (preloaded as the pointer reaches its link)...
    const glossary = await headWhenHeadingShows(page, 'Glossary', () => sidebar(page).getByRole('link', { name: 'Glossary' }).click());
    expect(glossary).toEqual(await prerenderedHead('/guide/start/glossary'));
    expect(glossary.title).toBe('Glossary - Rslib');
    // ...and one whose record is slow to come (a slow network, a busy machine): the view waits
    // for it, then renders apart from the navigation that asked for it.
    await page.route('**/_data/pages/zh/guide/start/glossary.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const zhHeading = await page.evaluate(async () => new DOMParser().parseFromString(await (await fetch('/zh/guide/start/glossary')).text(), 'text/html').querySelector('main h1')!.textContent!);
    await page.getByRole('button', { name: /Language/ }).hover();
    const twin = await headWhenHeadingShows(page, zhHeading, () => page.getByRole('link', { name: '简体中文' }).click());
    expect(twin).toEqual(await prerenderedHead('/zh/guide/start/glossary'));
    expect(twin.lang).toBe('zh-CN');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps showing one page, its own sidebar link marked, until the next page is in', async () => {
    const { page, context, errors } = await open(browser(), '/guide/start/');
    await hydrated(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await page.route('**/_data/pages/en/guide/start/glossary.json', async (route) => {
      requested();
      await held;
      await route.continue();
    });
    const shown = () =>
      page.evaluate(() => ({
        h1: document.querySelector('main h1')?.textContent,
        current: document.querySelector('nav[aria-label="Sidebar"] a[aria-current="page"]')?.textContent,
      }));
    const before = await shown();
    await sidebar(page).getByRole('link', { name: 'Glossary' }).click();
    await asked;
    await page.waitForURL('**/guide/start/glossary');
    // The URL is the next page's already; what the reader sees is still the last page, whole.
    expect(await shown()).toEqual(before);
    release();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Glossary');
    expect(await shown()).toEqual({ h1: 'Glossary', current: 'Glossary' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves modified clicks to the browser (Ctrl+click opens a new tab, the page stays)', async () => {
    const { page, context } = await open(browser(), '/guide/start/');
    await hydrated(page);
    const popup = context.waitForEvent('page');
    await sidebar(page).getByRole('link', { name: 'Glossary' }).click({ modifiers: ['Control'] });
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toMatch(/\/guide\/start\/glossary$/);
    expect(page.url()).toMatch(/\/guide\/start\/$/);
    await context.close();
  });

  it('opens external links in a new tab with rel="noopener noreferrer"', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    const external = page.locator('main a[href^="http"]').first();
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
    for (const link of await page.locator('header a[href^="http"]').all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await context.close();
  });

  it('preloads a record on hover, so the click needs no request', async () => {
    const { page, context } = await open(browser(), '/guide/start/');
    await hydrated(page);
    const preload = page.waitForRequest('**/_data/pages/en/guide/start/npm-packages.json');
    await sidebar(page).getByRole('link', { name: 'Packages' }).hover();
    await preload;
    const later: string[] = [];
    page.on('request', (r) => r.url().includes('/_data/pages/') && later.push(r.url()));
    await sidebar(page).getByRole('link', { name: 'Packages' }).click();
    await page.waitForFunction(() => location.pathname === '/guide/start/npm-packages' && document.querySelector('h1')?.textContent !== 'Introduction');
    expect(later).toEqual([]);
    await context.close();
  });

  it('rejects a fetched record that does not match the schema with the error view', async () => {
    const { page, context } = await open(browser(), '/guide/start/');
    await hydrated(page);
    await page.route('**/_data/pages/en/guide/start/glossary.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ schemaVersion: 1, title: 'Injected', pageType: 'weird' }) }),
    );
    await sidebar(page).getByRole('link', { name: 'Glossary' }).click();
    await page.waitForURL('**/guide/start/glossary');
    const view = page.getByTestId('load-error');
    await view.waitFor();
    expect(await page.getByText('Injected').count()).toBe(0);
    await expect(view.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This page could not be loaded');
    // Inside the site chrome, with a link home and a retry that reloads the same URL from the server.
    await expect(page.getByRole('banner').isVisible()).resolves.toBe(true);
    expect(await view.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    await page.unroute('**/_data/pages/en/guide/start/glossary.json');
    await view.getByRole('link', { name: 'Try again' }).click();
    await hydrated(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('Glossary');
    await context.close();
  });

  it('shows the error view in Chinese when a record fails to load (server error)', async () => {
    const { page, context } = await open(browser(), '/zh/guide/start/');
    await hydrated(page);
    await page.route('**/_data/pages/zh/guide/start/glossary.json', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.getByRole('navigation', { name: '侧边栏' }).getByRole('link', { name: '名词解释' }).click();
    const view = page.getByTestId('load-error');
    await view.waitFor();
    await expect(view.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('页面加载失败');
    expect(await view.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/zh/');
    // No framework error text reaches the reader.
    expect(await page.locator('body').textContent()).not.toMatch(/Something went wrong|GET \/_data/);
    await context.close();
  });

  it('moves between pages with the footer Previous Page / Next Page links', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    const footer = page.locator('footer[data-part="footer"]');
    await footer.getByRole('link', { name: /Next Page/ }).click();
    await page.waitForURL('**/guide/start/glossary');
    await page.locator('footer[data-part="footer"]').getByRole('link', { name: /Previous Page/ }).click();
    await page.waitForURL('**/guide/start/quick-start');
    await context.close();
  });

  it('marks the nav entry whose activeMatch fits the path', async () => {
    const { page, context } = await open(browser(), '/config/lib/format');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    expect(await nav.getByRole('link', { name: 'Config' }).getAttribute('aria-current')).toBe('true');
    expect(await nav.getByRole('link', { name: 'Guide' }).getAttribute('aria-current')).toBeNull();
    await context.close();
  });

  // The spec's three entries keep their order and routes; API (issue 34) comes between Config and Blog.
  it.each([
    ['/api/javascript-api/instance', 'Main', ['Guide', 'Config', 'API', 'Blog']],
    ['/zh/api/javascript-api/instance', '主导航', ['指南', '配置', 'API', '博客']],
  ])('on %s lists the nav entries in order and marks API', async (path, label, texts) => {
    const { page, context } = await open(browser(), path);
    const links = page.getByRole('navigation', { name: label }).first().getByRole('link');
    const entries = await links.evaluateAll((as) => as.filter((a) => a.checkVisibility()).map((a) => [a.textContent, a.getAttribute('aria-current')]));
    const nav = entries.filter(([text]) => texts.includes(text!));
    expect(nav.map(([text]) => text)).toEqual(texts);
    expect(nav.filter(([, current]) => current === 'true').map(([text]) => text)).toEqual(['API']);
    await context.close();
  });
});

describe('progress bar', () => {
  it('appears when a page takes longer than 200 ms, and goes away when it is in', async () => {
    const { page, context } = await open(browser(), '/guide/start/');
    await hydrated(page);
    await page.route('**/_data/pages/en/guide/start/glossary.json', async (route) => {
      await new Promise((r) => setTimeout(r, 900));
      await route.continue();
    });
    await sidebar(page).getByRole('link', { name: 'Glossary' }).click();
    const bar = page.getByRole('progressbar');
    await bar.waitFor({ state: 'visible' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0.08);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Glossary');
    await bar.waitFor({ state: 'detached' });
    await context.close();
  });

  it('comes with the first navigation, and its code failing to load leaves the page to load without it', async () => {
    const { page, context } = await open(browser(), '/guide/start/');
    const barCode: string[] = [];
    page.on('request', (request) => /\/ProgressBar-[\w-]+\.js$/.test(request.url()) && barCode.push(request.url()));
    await hydrated(page);
    // No first load carries the bar's code.
    expect(barCode).toEqual([]);
    await page.route(/\/ProgressBar-[\w-]+\.js$/, (route) => route.abort());
    await page.route('**/_data/pages/en/guide/start/glossary.json', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await sidebar(page).getByRole('link', { name: 'Glossary' }).click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Glossary');
    expect(barCode).toHaveLength(1);
    expect(await page.getByTestId('load-error').count()).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await context.close();
  });

  it('never shows for a load under 200 ms, on the page\'s clock, however slow the machine', async () => {
    const { page, context } = await open(browser(), '/guide/start/');
    await hydrated(page);
    // The page's timers run only as the test moves its clock: a loaded machine cannot stretch
    // a load past the bar's delay. The record's response waits for the test.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_data/pages/en/guide/start/glossary.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => {
      const w = window as unknown as { __barSeen: boolean };
      w.__barSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) w.__barSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const barSeen = () => page.evaluate(() => (window as unknown as { __barSeen: boolean }).__barSeen);
    await sidebar(page).getByRole('link', { name: 'Glossary' }).click();
    await page.clock.runFor(150);
    // Still loading, 150 ms in: no bar yet.
    expect(await page.evaluate(() => document.querySelector('h1')?.textContent)).toBe('Introduction');
    expect(await barSeen()).toBe(false);
    release();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Glossary');
    // The page is in: the bar's timer is gone, whatever time passes.
    await page.clock.runFor(2000);
    expect(await barSeen()).toBe(false);
    await context.close();
  });
});

describe('scrolling', () => {
  it('scrolls to the URL hash after an in-app navigation', async () => {
    const { page, context } = await open(browser(), '/config/');
    await hydrated(page);
    await markDocument(page);
    const link = page.locator('main a[href="/config/lib/format#values"]').first();
    await link.click();
    await page.waitForURL('**/config/lib/format#values');
    await page.waitForFunction(() => {
      const top = document.getElementById('values')?.getBoundingClientRect().top ?? -1;
      return window.scrollY > 0 && top >= 0 && top < 200;
    });
    expect(await isSameDocument(page)).toBe(true);
    await context.close();
  });

  it('restores the scroll position on back', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    // A click where the link is, as a reader's: Playwright's own click scrolls the link into view
    // first, and on a loaded machine kept retrying while the bar, shown by its scroll up, covered it.
    await sidebar(page).getByRole('link', { name: 'Glossary' }).dispatchEvent('click');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Glossary');
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Quick start');
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 5);
    await context.close();
  });

  it('restores a scroll the reader made before the page hydrated', async () => {
    // The app's first script waits until the reader has scrolled the prerendered page, once it
    // is all parsed (the router's inline script, which runs as it is parsed, included).
    const { page, context } = await open(browser(), '/guide/start/quick-start', {
      beforeGoto: async (page) => {
        await page.route(
          /\.js$/,
          async (route) => {
            await page.waitForFunction(() => document.readyState !== 'loading');
            await page.evaluate(() => window.scrollTo(0, 1500));
            await route.continue();
          },
          { times: 1 },
        );
      },
    });
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    // Clicked where it is, with no scrolling of its own (Playwright's click would scroll it into view).
    await page.evaluate(() => (document.querySelector('nav[aria-label="Sidebar"] a[href$="/guide/start/glossary"]') as HTMLAnchorElement).click());
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Glossary');
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Quick start');
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 5);
    await context.close();
  });
});
