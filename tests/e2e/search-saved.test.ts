/**
 * Search modal, start screen and states in both languages: recent and favourite
 * searches in localStorage, storage that throws, loading / stalled / error.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isSameDocument, markDocument, useBrowser } from './helpers.ts';
import { dialogOf, hrefOf, inputOf, openDialog, openSearchPage, optionsOf, search, TEXT, type Lang } from './search-helpers.ts';

const browser = useBrowser();

const RECENT = '__DOCSEARCH_RECENT_SEARCHES__';
const FAVORITE = '__DOCSEARCH_FAVORITE_SEARCHES__';

/** Saved hits as a previous visit would have stored them. */
function storedHits(lang: Lang, count: number, prefix: string) {
  const base = lang === 'zh' ? '/zh' : '';
  return Array.from({ length: count }, (_, i) => ({
    objectID: `${base}/config/lib/format#${prefix}${i}`,
    url: `${base}/config/lib/format#${prefix}${i}`,
    type: 'lvl2',
    hierarchy: { lvl0: 'Lib', lvl1: 'lib.format', lvl2: `${prefix} ${i}`, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: null,
  }));
}

function seed(lang: Lang, recent: number, favorite: number) {
  const index = `local-${lang}`;
  const entries = { [RECENT + index]: JSON.stringify(storedHits(lang, recent, 'recent')), [FAVORITE + index]: JSON.stringify(storedHits(lang, favorite, 'favorite')) };
  return new Function(`const e = ${JSON.stringify(entries)}; if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); for (const k in e) localStorage.setItem(k, e[k]); }`) as () => void;
}

const readKey = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as Array<Record<string, unknown>> | null, key);
const section = (page: Page, lang: Lang, name: string) => dialogOf(page, lang).getByRole('group', { name });

describe.each(['en', 'zh'] as const)('saved searches (%s)', (lang: Lang) => {
  const t = TEXT[lang];
  const index = `local-${lang}`;

  it('starts with "No recent searches", then keeps a selected hit as a bare recent search', async () => {
    const { page, context } = await openSearchPage(browser(), t.home);
    await openDialog(page, lang);
    await dialogOf(page, lang).getByText(t.noRecent, { exact: true }).waitFor();
    await search(page, lang, t.query);
    const href = await hrefOf(page, lang, 0);
    await page.keyboard.press('Enter');
    await page.waitForFunction((h) => location.pathname + location.hash === h, href);
    const stored = await readKey(page, RECENT + index);
    expect(stored).toHaveLength(1);
    // The hit minus highlight and snippet data.
    expect(Object.keys(stored![0]!).sort()).toEqual(['content', 'hierarchy', 'objectID', 'type', 'url']);
    expect(stored![0]!.url).toBe(href);
    await openDialog(page, lang);
    await inputOf(page, lang).fill('');
    const recent = section(page, lang, t.recent);
    await recent.waitFor();
    expect(await recent.getByRole('option').count()).toBe(1);
    expect(await recent.getByRole('option').getAttribute('href')).toBe(href);
    await context.close();
  });

  it('selects a recent search with Enter, in-app', async () => {
    const { page, context } = await openSearchPage(browser(), t.home, { init: [seed(lang, 3, 0)] });
    await markDocument(page);
    await openDialog(page, lang);
    await section(page, lang, t.recent).waitFor();
    await page.keyboard.press('ArrowDown');
    const href = await hrefOf(page, lang, 1);
    await page.keyboard.press('Enter');
    await page.waitForFunction((h) => location.pathname + location.hash === h, href);
    expect(await isSameDocument(page)).toBe(true);
    // The selected one moves to the top of the list.
    expect((await readKey(page, RECENT + index))![0]!.url).toBe(href);
    await context.close();
  });

  it('promotes a recent search to favourite and removes from either list, by mouse', async () => {
    const { page, context } = await openSearchPage(browser(), t.home, { init: [seed(lang, 3, 0)] });
    await openDialog(page, lang);
    const dialog = dialogOf(page, lang);
    const recent = section(page, lang, t.recent);
    await recent.waitFor();
    const first = (await recent.getByRole('option').first().getAttribute('href'))!;
    // Each button is named after the search it acts on (it is beside the option, not in it).
    await recent.getByRole('option').first().hover();
    await dialog.getByRole('button', { name: `${t.save}: recent 0`, exact: true }).click();
    const favorite = section(page, lang, t.favorite);
    await favorite.waitFor();
    expect(await favorite.getByRole('option').count()).toBe(1);
    expect(await favorite.getByRole('option').getAttribute('href')).toBe(first);
    expect(await recent.getByRole('option').count()).toBe(2);
    expect((await readKey(page, FAVORITE + index))!.map((h) => h.url)).toEqual([first]);
    expect((await readKey(page, RECENT + index))!.map((h) => h.url)).not.toContain(first);
    // Remove one recent search, then the favourite.
    await dialog.getByRole('button', { name: `${t.removeRecent}: recent 2`, exact: true }).click();
    await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k) ?? '[]').length === 1, RECENT + index);
    expect((await readKey(page, RECENT + index))!.map((h) => h.url)).toEqual([first.replace('recent0', 'recent1')]);
    expect(await recent.getByRole('option').count()).toBe(1);
    await dialog.getByRole('button', { name: `${t.removeFavorite}: recent 0`, exact: true }).click();
    await favorite.waitFor({ state: 'detached' });
    expect(await readKey(page, FAVORITE + index)).toEqual([]);
    await context.close();
  });

  it('reaches the same buttons with Tab, and Enter or Space acts; focus is back on the input after', async () => {
    const { page, context } = await openSearchPage(browser(), t.home, { init: [seed(lang, 2, 1)] });
    await openDialog(page, lang);
    await section(page, lang, t.favorite).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.getAttribute('role'));
    // From the input, Tab goes through the buttons in the order of their options.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(`${t.save}: recent 0`);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(`${t.removeRecent}: recent 0`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe(`${t.save}: recent 0`);
    await page.keyboard.press('Enter');
    await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k) ?? '[]').length === 2, FAVORITE + index);
    expect((await readKey(page, FAVORITE + index))!.map((h) => h.hierarchy)).toMatchObject([{ lvl2: 'recent 0' }, { lvl2: 'favorite 0' }]);
    expect(await focused()).toBe('combobox');
    // The keys of the list work on: the arrows move over the options, Escape closes.
    await page.keyboard.press('ArrowDown');
    expect(await inputOf(page, lang).getAttribute('aria-activedescendant')).toBe(await optionsOf(page, lang).nth(1).getAttribute('id'));
    // Space on the last button removes the last favourite.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe(`${t.removeFavorite}: favorite 0`);
    await page.keyboard.press('Space');
    await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k) ?? '[]').length === 1, FAVORITE + index);
    expect(await focused()).toBe('combobox');
    await page.keyboard.press('Escape');
    await dialogOf(page, lang).waitFor({ state: 'detached' });
    await context.close();
  });

  it('draws the buttons of a saved search on the row of its option, inside its box', async () => {
    const { page, context } = await openSearchPage(browser(), t.home, { init: [seed(lang, 4, 3)] });
    await openDialog(page, lang);
    await section(page, lang, t.favorite).waitFor();
    const boxes = await dialogOf(page, lang).evaluate((dialog) => {
      const box = (el: Element) => el.getBoundingClientRect().toJSON() as { top: number; bottom: number; left: number; right: number };
      return [...dialog.querySelectorAll('[role="option"]')].map((option) => ({
        option: box(option),
        text: option.textContent,
        // The search a button names (after the colon) is where its option's text starts.
        buttons: [...dialog.querySelectorAll('button[aria-label*=": "]')].filter((b) => option.textContent!.startsWith(b.getAttribute('aria-label')!.split(': ')[1]!)).map(box),
        inside: option.querySelectorAll('button').length,
      }));
    });
    expect(boxes).toHaveLength(7);
    for (const { option, buttons, text, inside } of boxes) {
      expect(inside, text!).toBe(0);
      // Two for a recent search, one for a favourite.
      expect(buttons.length, text!).toBe(text!.startsWith('recent') ? 2 : 1);
      for (const button of buttons) {
        expect(button.top, text!).toBeGreaterThanOrEqual(option.top);
        expect(button.bottom, text!).toBeLessThanOrEqual(option.bottom);
        expect(button.left, text!).toBeGreaterThan((option.left + option.right) / 2);
        expect(button.right, text!).toBeLessThanOrEqual(option.right);
      }
    }
    await context.close();
  });

  it('shows 7 recent searches, 4 once favourites exist, and 10 favourites', async () => {
    const { page, context } = await openSearchPage(browser(), t.home, { init: [seed(lang, 9, 0)] });
    await openDialog(page, lang);
    const recent = section(page, lang, t.recent);
    await recent.waitFor();
    expect(await recent.getByRole('option').count()).toBe(7);
    // A new selection keeps the list at 7, newest first.
    await search(page, lang, t.query);
    const href = await hrefOf(page, lang, 0);
    await page.keyboard.press('Enter');
    await page.waitForFunction((h) => location.pathname + location.hash === h, href);
    const stored = (await readKey(page, RECENT + index))!;
    expect(stored).toHaveLength(7);
    expect(stored[0]!.url).toBe(href);
    await context.close();

    const second = await openSearchPage(browser(), t.home, { init: [seed(lang, 9, 12)] });
    await openDialog(second.page, lang);
    await section(second.page, lang, t.favorite).waitFor();
    expect(await section(second.page, lang, t.recent).getByRole('option').count()).toBe(4);
    expect(await section(second.page, lang, t.favorite).getByRole('option').count()).toBe(10);
    await second.context.close();
  });

  it('does nothing, silently, when storage throws', async () => {
    const { page, context, errors } = await openSearchPage(browser(), t.home, {
      init: [
        () => {
          const fail = () => {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          };
          Storage.prototype.getItem = fail;
          Storage.prototype.setItem = fail;
        },
      ],
    });
    await markDocument(page);
    await openDialog(page, lang);
    await dialogOf(page, lang).getByText(t.noRecent, { exact: true }).waitFor();
    await search(page, lang, t.query);
    const href = await hrefOf(page, lang, 0);
    await page.keyboard.press('Enter');
    await page.waitForFunction((h) => location.pathname + location.hash === h, href);
    expect(await isSameDocument(page)).toBe(true);
    await openDialog(page, lang);
    await inputOf(page, lang).fill('');
    await dialogOf(page, lang).getByText(t.noRecent, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does nothing, silently, when localStorage itself is unavailable', async () => {
    const { page, context, errors } = await openSearchPage(browser(), t.home, {
      init: [
        () => {
          Object.defineProperty(window, 'localStorage', {
            get() {
              throw new DOMException('Access is denied for this document.', 'SecurityError');
            },
          });
        },
      ],
    });
    await openDialog(page, lang);
    await search(page, lang, t.query);
    const href = await hrefOf(page, lang, 0);
    await page.keyboard.press('Enter');
    await page.waitForFunction((h) => location.pathname + location.hash === h, href);
    await openDialog(page, lang);
    await inputOf(page, lang).fill('');
    await dialogOf(page, lang).getByText(t.noRecent, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(['en', 'zh'] as const)('search states (%s)', (lang: Lang) => {
  const t = TEXT[lang];
  const indexUrl = `**/_data/search/${lang}.json`;

  /** Records every value the results area's data-status takes. */
  const watchStatus = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { __status: string[] };
      const area = document.querySelector('[role="dialog"] [data-status]')!;
      w.__status = [area.getAttribute('data-status')!];
      new MutationObserver(() => {
        const now = area.getAttribute('data-status')!;
        if (w.__status.at(-1) !== now) w.__status.push(now);
      }).observe(area, { attributes: true });
    });
  const statuses = (page: Page) => page.evaluate(() => (window as unknown as { __status: string[] }).__status);

  it('shows a spinner once loading stalls (300 ms), then the results', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const held: Route[] = [];
    const { page, context } = await openSearchPage(browser(), t.home, {
      before: (ctx) =>
        ctx.route(indexUrl, async (route) => {
          held.push(route);
          await released;
          await route.continue();
        }),
    });
    await openDialog(page, lang);
    await watchStatus(page);
    await page.keyboard.type(t.query);
    const spinner = dialogOf(page, lang).getByRole('status', { name: t.loading });
    await spinner.waitFor();
    expect(await optionsOf(page, lang).count()).toBe(0);
    expect(held.length).toBeGreaterThan(0);
    release();
    await optionsOf(page, lang).first().waitFor();
    await spinner.waitFor({ state: 'detached' });
    const seen = await statuses(page);
    expect(seen.slice(0, 3)).toEqual(['idle', 'loading', 'stalled']);
    expect(seen.at(-1)).toBe('idle');
    await context.close();
  });

  it('shows the error screen when the index cannot be fetched, and recovers on the next keystroke', async () => {
    let fail = true;
    const { page, context } = await openSearchPage(browser(), t.home, {
      before: (ctx) => ctx.route(indexUrl, (route) => (fail ? route.fulfill({ status: 500, body: 'boom' }) : route.continue())),
    });
    await openDialog(page, lang);
    await page.keyboard.type(t.query);
    const alert = dialogOf(page, lang).getByRole('alert');
    // Each keystroke's search fetches the index again after a failure: until the last one has
    // failed, the error screen may give way to a loading state for a moment.
    await expect.poll(() => alert.getByText(t.errorTitle, { exact: true }).count()).toBe(1);
    await expect.poll(() => alert.getByText(t.errorHelp, { exact: true }).count()).toBe(1);
    await expect.poll(() => dialogOf(page, lang).locator('[data-status]').getAttribute('data-status')).toBe('error');
    fail = false;
    await page.keyboard.press('Backspace');
    await optionsOf(page, lang).first().waitFor();
    expect(await alert.count()).toBe(0);
    await context.close();
  });

  it('fetches the index once the page is idle, before the reader opens search', async () => {
    const { page, context } = await openSearchPage(browser(), t.home);
    await page.waitForFunction((l) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/_data/search/${l}.json`)), lang, { timeout: 10_000 });
    expect(await dialogOf(page, lang).count()).toBe(0);
    await context.close();
  });

  it("loads the browser's Chinese word dictionary ahead for the Chinese index only", async () => {
    // Intl.Segmenter's first use loads the dictionary: each one made is counted.
    const countSegmenters = () => {
      const Made = Intl.Segmenter;
      const counted = window as unknown as { segmenters: number };
      counted.segmenters = 0;
      (Intl as { Segmenter: typeof Made }).Segmenter = class extends Made {
        constructor(...args: ConstructorParameters<typeof Made>) {
          super(...args);
          counted.segmenters++;
        }
      };
    };
    const { page, context } = await openSearchPage(browser(), t.home, { init: [countSegmenters] });
    const segmenters = () => page.evaluate(() => (window as unknown as { segmenters: number }).segmenters);
    if (lang === 'zh') {
      // Made once the page is idle, before anything is typed.
      await page.waitForFunction(() => (window as unknown as { segmenters: number }).segmenters > 0, null, { timeout: 10_000 });
    } else {
      // The engine is made (a query of Latin letters answered), then the browser is idle a few times over: still none.
      await openDialog(page, lang);
      await search(page, lang, t.query);
      for (let i = 0; i < 3; i++) await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 })));
      expect(await segmenters()).toBe(0);
    }
    await context.close();
  });
});

describe.each(['en', 'zh'] as const)('narrow screens (%s)', (lang: Lang) => {
  const t = TEXT[lang];
  it('shows a Cancel button that closes the dialog; a click on the backdrop closes it too', async () => {
    const { page, context } = await openSearchPage(browser(), t.home, { viewport: { width: 390, height: 800 } });
    await page.locator('[data-search-button]').click();
    await inputOf(page, lang).waitFor();
    await dialogOf(page, lang).getByRole('button', { name: lang === 'en' ? 'Cancel' : '取消' }).click();
    await dialogOf(page, lang).waitFor({ state: 'detached' });
    await context.close();

    const wide = await openSearchPage(browser(), t.home);
    await openDialog(wide.page, lang);
    await wide.page.mouse.click(5, 795);
    await dialogOf(wide.page, lang).waitFor({ state: 'detached' });
    await wide.context.close();
  });
});
