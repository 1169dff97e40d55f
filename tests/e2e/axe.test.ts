/**
 * axe-core (WCAG 2.2 A/AA and best practices) on every route of the built site, both languages,
 * in light and dark: after hydration, walking every route by client-side navigation in one page
 * per theme, with the open search dialog (results, saved searches), the zoomed image and the
 * mobile menu on the way; and the prerendered HTML with scripts off, each route written into one
 * page and audited in both themes. Zero violations, every rule of the tags on.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, ruleIds } from './axe.ts';
import { baseUrl, hydrated, open, pushPath, useBrowser } from './helpers.ts';

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

/** An in-app navigation, as the router's history sees a back/forward: no page load. */
async function navigateInApp(page: Page, { path, heading, lang }: { path: string; heading: string; lang: string }): Promise<void> {
  await pushPath(page, path);
  await page
    .waitForFunction(([h1, language]) => document.querySelector('h1')?.textContent === h1 && document.documentElement.lang === language, [heading, lang])
    .catch(async (error: Error) => {
      const shown = await page.evaluate(() => ({ h1: document.querySelector('h1')?.textContent, lang: document.documentElement.lang }));
      throw new Error(`${path}: the page shows <h1> "${shown.h1}" (lang ${shown.lang}), not "${heading}" (lang ${lang}): ${error.message}`);
    });
  // The view as it settles: the loading bar of a navigation that took over 200 ms fades out 400 ms
  // after the page is in (axe counts it as content outside the landmarks while it is there).
  await page.waitForFunction(() => document.querySelector('[role="progressbar"]') === null);
}

/**
 * The search dialog's views, from `at`: its results, then its start screen with saved searches,
 * a recent one and a favourite (each option a hit, each saved one with its buttons beside it).
 * Searches are saved by choosing hits, which navigates: the page is `at` again at the end.
 */
async function searchDialogViews(page: Page, at: { path: string; heading: string; lang: string }): Promise<string[]> {
  const dialog = page.getByRole('dialog');
  const choose = async (query: string, { audit }: { audit: boolean }) => {
    await page.keyboard.press('Control+k');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    await page.keyboard.type(query);
    await dialog.getByRole('option').first().waitFor();
    const found = audit ? await axeViolations(page, `${at.path} (search dialog)`) : [];
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    return found;
  };
  const found = [...(await choose('dts', { audit: true })), ...(await choose('umdName', { audit: false }))];
  await page.keyboard.press('Control+k');
  const recent = dialog.getByRole('group', { name: 'Recent' });
  await recent.getByRole('option').nth(1).waitFor();
  // The older of the two becomes a favourite: both lists are on screen.
  await dialog.getByRole('button', { name: /^Save this search: / }).nth(1).click();
  await dialog.getByRole('group', { name: 'Favorite' }).getByRole('option').waitFor();
  found.push(...(await axeViolations(page, `${at.path} (search dialog, saved searches)`)));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await navigateInApp(page, at);
  return found;
}

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
      found.push(...(await searchDialogViews(page, images)));
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

  it('finds a saved search\'s button put back inside its option, or among the options of the listbox', async () => {
    const saved = [{ objectID: '/guide/start/glossary', url: '/guide/start/glossary', type: 'lvl1', hierarchy: { lvl0: 'Guide', lvl1: 'Glossary', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: null }];
    const { page, context } = await open(browser(), '/guide/start/', {
      colorScheme: 'light',
      beforeGoto: async (p) => {
        await p.addInitScript((hits) => localStorage.setItem('__DOCSEARCH_RECENT_SEARCHES__local-en', hits), JSON.stringify(saved));
      },
    });
    await hydrated(page);
    await page.keyboard.press('Control+k');
    const option = page.getByRole('dialog').getByRole('option', { name: /Glossary/ });
    await option.waitFor();
    expect(await axeViolations(page, 'saved searches')).toEqual([]);
    const broken = async (where: 'option' | 'listbox') => {
      await page.evaluate((into) => {
        document.querySelector(`[role="dialog"] [role="${into}"]`)!.append(document.querySelector('[role="dialog"] button[aria-label^="Save this search"]')!.cloneNode(true));
      }, where);
      return ruleIds(await axeViolations(page, `button in the ${where}`));
    };
    expect(await broken('option')).toEqual(['nested-interactive']);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await option.waitFor();
    expect(await broken('listbox')).toEqual(['aria-required-children']);
    await context.close();
  }, 60_000);
});
