/** The 404 page. */
import { describe, expect, it } from 'vitest';
import { baseUrl, headWhenHeadingShows, hydrated, open, prerenderedHead, pushPath, useBrowser } from './helpers.ts';

const browser = useBrowser();

describe('404', () => {
  it('answers unknown paths with status 404 and its fixed texts', async () => {
    expect((await fetch(`${baseUrl()}/guide/nope`)).status).toBe(404);
    const { page, context } = await open(browser(), '/guide/nope');
    await hydrated(page);
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('PAGE NOT FOUND');
    const home = page.getByRole('link', { name: 'go to home' });
    expect(await home.textContent()).toBe('Take me home');
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Rslib');
    await context.close();
  });

  it('takes a Chinese reader to the Chinese home', async () => {
    const { page, context } = await open(browser(), '/zh/guide/nope');
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector('a[aria-label="Take me home, go to home"]')?.getAttribute('href') === '/zh/');
    await context.close();
  });

  it('shows the error view, interactive, when the site shell itself fails to load', async () => {
    // 404.html carries no embedded state: its first load fetches the shell, the one file every
    // view needs. Without it the error view stands alone (no nav bar), and must still hydrate.
    const { page, context } = await open(browser(), '/zh/guide/nope', {
      beforeGoto: async (p) => {
        await p.route('**/_data/shell.json', (route) => route.fulfill({ status: 500, body: 'oops' }));
      },
    });
    await hydrated(page);
    const view = page.getByTestId('load-error');
    await view.waitFor();
    await expect(view.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('页面加载失败');
    expect(await page.getByRole('banner').count()).toBe(0);
    await page.unroute('**/_data/shell.json');
    await view.getByRole('link', { name: '重试' }).click();
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('PAGE NOT FOUND');
    await context.close();
  });

  it('reached in-app, takes the language and title of its URL, and gives them back to the next page', async () => {
    const { page, context, errors } = await open(browser(), '/guide/start/');
    await hydrated(page);
    // Each step changes the language, each view is the other language's: the 404 views of both,
    // and the pages after them (a view of another kind than the last one).
    const steps = ['/zh/nope', '/guide/start/glossary', '/zh/guide/start/', '/nope', '/zh/guide/start/glossary'];
    for (const path of steps) {
      const heading = await page.evaluate(async (p) => new DOMParser().parseFromString(await (await fetch(p)).text(), 'text/html').querySelector('main h1')!.textContent, path);
      const shown = await headWhenHeadingShows(page, heading, () => pushPath(page, path));
      expect(shown, path).toEqual(await prerenderedHead(path));
    }
    expect((await prerenderedHead('/zh/nope')).lang).toBe('zh-CN');
    expect((await prerenderedHead('/nope')).lang).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('redirects a path that starts with the site language segment to the same path without it', async () => {
    const { page, context } = await open(browser(), '/en/guide/start/quick-start');
    await page.waitForFunction(() => location.pathname === '/guide/start/quick-start');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Quick start');
    await context.close();
  });
});
