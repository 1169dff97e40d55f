/**
 * The axe-core sweeps of the whole site, one theme per test file (axe-light.test.ts,
 * axe-dark.test.ts: the audit project runs the two side by side, one core each; axe in a page is
 * single-threaded). Every route of both languages, WCAG 2.2 A/AA and best practices, every rule
 * of the tags on: after hydration, walking every route by client-side navigation in one page, with
 * the open search dialog (results, saved searches), the zoomed image and the mobile menu on the
 * way; and the prerendered HTML with scripts off, each route written into one page. Zero
 * violations. axe.test.ts shows the sweeps' means find what a broken page breaks.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { baseUrl, hydrated, open, pushPath, type useBrowser } from './helpers.ts';

export type Theme = 'light' | 'dark';

/** Unknown paths of each language: the 404 view. */
const NOT_FOUND = ['/nope', '/zh/nope'];

/** A route with its prerendered page's language and <h1> text: what a client navigation shows once the route is in. */
export interface AuditedRoute {
  path: string;
  heading: string;
  lang: string;
}

/** Every route and the 404 views, English and Chinese in turns. */
export async function auditedRoutes(): Promise<AuditedRoute[]> {
  const manifest = (await (await fetch(`${baseUrl()}/_data/routes.json`)).json()) as { routes: Array<{ path: string }> };
  const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[name]!);
  const routes = await Promise.all(
    [...manifest.routes.map((route) => route.path), ...NOT_FOUND].map(async (path) => {
      const html = await (await fetch(baseUrl() + path)).text();
      return { path, heading: text(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)![1]!), lang: html.match(/<html lang="([^"]+)"/)![1]! };
    }),
  );
  // In turns, English then Chinese, so each navigation changes the language it waits for.
  const [en, zh] = [routes.filter((route) => route.lang === 'en'), routes.filter((route) => route.lang !== 'en')];
  expect(en.length).toBe(zh.length);
  const alternating = en.flatMap((route, i) => [route, zh[i]!]);
  expect(alternating.length).toBeGreaterThan(100);
  return alternating;
}

/**
 * The page as a reader with scripts off gets it: every document arrives without its <script>
 * elements. (The browser's own switch would stop axe too: it runs on timers and promises.)
 */
export async function scriptsOff(page: Page, change: (html: string) => string = (html) => html): Promise<void> {
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
export async function writeDocument(page: Page, path: string, change: (html: string) => string = (html) => html): Promise<void> {
  const html = change(withoutScripts(await (await fetch(baseUrl() + path)).text()));
  await page.evaluate((to) => history.replaceState(null, '', to), path);
  await page.setContent(html, { waitUntil: 'load' });
}

const withoutScripts = (html: string): string => html.replace(/<script\b[\s\S]*?<\/script>/g, '');

/** An in-app navigation, as the router's history sees a back/forward: no page load. */
async function navigateInApp(page: Page, { path, heading, lang }: AuditedRoute): Promise<void> {
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
async function searchDialogViews(page: Page, at: AuditedRoute): Promise<string[]> {
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


/** The two sweeps of one theme. */
export function axeSweeps(colorScheme: Theme, browser: ReturnType<typeof useBrowser>): void {
  let routes: AuditedRoute[];
  beforeAll(async () => {
    routes = await auditedRoutes();
  });

  describe(`axe-core (${colorScheme})`, () => {
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

    it(`finds nothing on any prerendered route with scripts off (${colorScheme})`, async () => {
      // The first route arrives as a document without scripts; each next one is written into it.
      const [first, ...rest] = routes;
      const { page, context } = await open(browser(), first!.path, { colorScheme, beforeGoto: scriptsOff });
      await page.unrouteAll();
      const found: string[] = [];
      for (const route of [first!, ...rest]) {
        if (route !== first) await writeDocument(page, route.path);
        expect(await page.evaluate(() => document.scripts.length), route.path).toBe(0);
        found.push(...(await axeViolations(page, `${route.path} (scripts off, ${colorScheme})`)));
      }
      expect(found).toEqual([]);
      await context.close();
    }, 600_000);
  });
}
