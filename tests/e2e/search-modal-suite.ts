/**
 * Search modal: opening, closing, focus, results, keys. One suite per
 * language, run from search-modal-en.test.ts and search-modal-zh.test.ts (two files: the e2e
 * project runs files in parallel).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isSameDocument, markDocument } from './helpers.ts';
import { dialogOf, hrefOf, inputOf, openDialog, openSearchPage, optionsOf, search, snippetUnits, TEXT, type Lang } from './search-helpers.ts';

export function modalSuite(lang: Lang, browser: () => Browser): void {
  describe(`search modal (${lang})`, () => {
    const t = TEXT[lang];

    it('opens with Ctrl+K and Cmd+K, and Escape closes it with focus back on the button', async () => {
      const { page, context, errors } = await openSearchPage(browser(), t.home);
      const dialog = dialogOf(page, lang);
      expect(await dialog.count()).toBe(0);
      await page.keyboard.press('Control+k');
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      // The input has focus at once: typing goes to the query.
      await page.keyboard.type('x');
      expect(await inputOf(page, lang).inputValue()).toBe('x');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-button'))).toBe(true);
      await page.keyboard.press('Meta+k');
      await dialog.waitFor();
      // Ctrl+K again toggles it closed.
      await page.keyboard.press('Control+k');
      await dialog.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await context.close();
    });

    it('opens with / outside inputs, but / typed in an input or editable area stays text', async () => {
      const { page, context } = await openSearchPage(browser(), lang === 'en' ? '/config/' : '/zh/config/');
      const dialog = dialogOf(page, lang);
      // The overview page's own filter input keeps its slash.
      const filter = page.locator('main input[type="search"]').first();
      await filter.click();
      await page.keyboard.type('a/b');
      expect(await filter.inputValue()).toBe('a/b');
      expect(await dialog.count()).toBe(0);
      // So do a textarea and an editable area.
      await page.evaluate(() => {
        const area = document.createElement('textarea');
        area.id = 't-area';
        const editable = document.createElement('div');
        editable.id = 't-edit';
        editable.contentEditable = 'true';
        document.body.append(area, editable);
      });
      await page.locator('#t-area').focus();
      await page.keyboard.type('/');
      expect(await page.locator('#t-area').inputValue()).toBe('/');
      await page.locator('#t-edit').focus();
      await page.keyboard.type('/');
      expect(await page.locator('#t-edit').textContent()).toBe('/');
      expect(await dialog.count()).toBe(0);
      // Outside them, / opens the dialog and is not typed into the query.
      await page.locator('main h1').click();
      await page.keyboard.press('/');
      await dialog.waitFor();
      expect(await inputOf(page, lang).inputValue()).toBe('');
      await context.close();
    });

    it('opens with the typed letter or digit as query when the search button has focus', async () => {
      const { page, context } = await openSearchPage(browser(), t.home);
      const button = page.locator('[data-search-button]');
      // Named by its own text (no aria-label that would leave the visible shortcut out).
      expect(await page.getByRole('button', { name: t.button, exact: true }).getAttribute('data-search-button')).toBe('');
      await button.focus();
      await page.keyboard.press('g');
      await dialogOf(page, lang).waitFor();
      expect(await inputOf(page, lang).inputValue()).toBe('g');
      // The reader keeps typing after the first letter.
      await page.keyboard.type('lossary');
      expect(await inputOf(page, lang).inputValue()).toBe('glossary');
      await page.keyboard.press('Escape');
      await dialogOf(page, lang).waitFor({ state: 'detached' });
      // Focus is back on the button: a digit starts a new query.
      await page.keyboard.press('7');
      await dialogOf(page, lang).waitFor();
      expect(await inputOf(page, lang).inputValue()).toBe('7');
      await context.close();
    });

    it('keeps what the reader types while the dialog is still loading, caret after it', async () => {
      // The dialog's code is held back from the start (the page warms it when idle): the reader
      // is faster than the network this once.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const { page, context } = await openSearchPage(browser(), t.home, {
        before: (ctx) =>
          ctx.route('**/_assets/session-*.js', async (route) => {
            await held;
            await route.continue();
          }),
      });
      await page.keyboard.press('Control+k');
      await page.keyboard.type('umx');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('d');
      expect(await dialogOf(page, lang).count()).toBe(0);
      release();
      await dialogOf(page, lang).waitFor();
      expect(await inputOf(page, lang).inputValue()).toBe('umd');
      // Not selected: the next letter goes after what was typed.
      await page.keyboard.type('n');
      expect(await inputOf(page, lang).inputValue()).toBe('umdn');
      await context.close();
    });

    it('gives the keys back when its code cannot load', async () => {
      const { page, context } = await openSearchPage(browser(), t.home, {
        before: (ctx) => ctx.route('**/_assets/session-*.js', (route) => route.abort()),
      });
      await page.keyboard.press('Control+k');
      // While the dialog is on its way, a letter typed on the page is the query's; once its code
      // has failed to load, letters are the page's again (not taken for a dialog that never comes).
      await page.waitForFunction(() => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true, cancelable: true })), null, { timeout: 5000 });
      expect(await dialogOf(page, lang).count()).toBe(0);
      await context.close();
    });

    it('reopens on the start screen, not on the previous query and its hits', async () => {
      const { page, context } = await openSearchPage(browser(), t.home);
      const dialog = dialogOf(page, lang);
      await openDialog(page, lang);
      await page.keyboard.type(t.query);
      await optionsOf(page, lang).first().waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Reopened with the shortcut, and again with a click: an empty query and the start screen.
      for (const reopen of [() => page.keyboard.press('Control+k'), () => page.locator('[data-search-button]').click()]) {
        await reopen();
        await dialog.waitFor();
        expect(await inputOf(page, lang).inputValue()).toBe('');
        await dialog.getByText(t.noRecent, { exact: true }).waitFor();
        expect(await optionsOf(page, lang).count()).toBe(0);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      // What the reader types to open it is the new query.
      await page.locator('[data-search-button]').focus();
      await page.keyboard.press('u');
      await dialog.waitFor();
      expect(await inputOf(page, lang).inputValue()).toBe('u');
      await context.close();
    });

    it('traps Tab and Shift+Tab inside the dialog', async () => {
      const { page, context } = await openSearchPage(browser(), t.home);
      await openDialog(page, lang);
      await page.keyboard.type('a');
      const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await inside()).toBe(true);
        seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 40) ?? ''));
      }
      // It cycles through every visible focusable element of the dialog (input and clear button;
      // Cancel shows on narrow screens only), and back.
      const visible = await page.evaluate(
        () => [...document.querySelectorAll<HTMLElement>('[role="dialog"] input, [role="dialog"] button')].filter((el) => el.getClientRects().length > 0).length,
      );
      expect(visible).toBeGreaterThanOrEqual(2);
      expect(seen.size).toBe(visible);
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await inside()).toBe(true);
      }
      expect(await dialogOf(page, lang).count()).toBe(1);
      await context.close();
    });

    it('groups results by top-level heading, marks the matches and shows snippets of 10 units', async () => {
      const { page, context } = await openSearchPage(browser(), t.home);
      await openDialog(page, lang);
      await search(page, lang, t.query);
      const dialog = dialogOf(page, lang);
      const list = dialog.getByRole('listbox', { name: t.results });
      const groups = list.getByRole('group');
      expect(await groups.count()).toBeGreaterThan(1);
      // Each group is named by its heading, and the names are distinct.
      const names: string[] = [];
      for (const group of await groups.all()) {
        const name = await group.evaluate((el) => {
          const ids = (el.getAttribute('aria-labelledby') ?? '').split(' ');
          return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
        });
        expect(name.trim()).not.toBe('');
        names.push(name);
        expect(await group.getByRole('option').count()).toBeGreaterThan(0);
      }
      expect(new Set(names).size).toBe(names.length);
      // Highlights are <mark> elements around what was typed.
      const marks = await dialog.locator('mark').allTextContents();
      expect(marks.length).toBeGreaterThan(0);
      expect(marks.some((m) => t.marked.test(m))).toBe(true);
      // Snippets: at most 10 units, and some use all of them.
      const snippets = await dialog.locator('[data-snippet]').allTextContents();
      expect(snippets.length).toBeGreaterThan(0);
      const units = snippets.map(snippetUnits);
      expect(Math.max(...units)).toBeLessThanOrEqual(10);
      expect(Math.max(...units)).toBeGreaterThan(5);
      await context.close();
    });

    it('loads no schema library for a search: the built index is read as it is', async () => {
      // What marks zod's code in a chunk: the name its core gives a class, a string that minifiers keep.
      const ZOD = '$ZodObject';
      expect(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/zod/v4/core/schemas.js'), 'utf8')).toContain(`"${ZOD}"`);
      // Only the dev server validates (renderer/app/validate.ts): a production build has no zod at all.
      const assets = path.resolve(import.meta.dirname, '../../dist/_assets');
      expect(readdirSync(assets).filter((file) => file.endsWith('.js') && readFileSync(path.join(assets, file), 'utf8').includes(ZOD))).toEqual([]);
      const scripts = new Map<string, Promise<string>>();
      const { page, context } = await openSearchPage(browser(), t.home, {
        before: async (ctx) => ctx.on('response', (response) => void (response.request().resourceType() === 'script' && scripts.set(new URL(response.url()).pathname, response.text()))),
      });
      await openDialog(page, lang);
      await search(page, lang, t.query);
      expect(await optionsOf(page, lang).count()).toBeGreaterThan(0);
      const loaded = await Promise.all([...scripts].map(async ([file, text]) => ({ file, zod: (await text).includes(ZOD) })));
      expect(loaded.some(({ file }) => /\/_assets\/session-[\w-]+\.js$/.test(file))).toBe(true);
      expect(loaded.filter(({ zod }) => zod).map(({ file }) => file)).toEqual([]);
      await context.close();
    });

    it('shows snippets of 5 units at 768 px and narrower', async () => {
      const { page, context } = await openSearchPage(browser(), t.home, { viewport: { width: 768, height: 900 } });
      await page.locator('[data-search-button]').click();
      await inputOf(page, lang).waitFor();
      await search(page, lang, t.query);
      const snippets = await dialogOf(page, lang).locator('[data-snippet]').allTextContents();
      expect(snippets.length).toBeGreaterThan(0);
      const units = snippets.map(snippetUnits);
      expect(Math.max(...units)).toBe(5);
      await context.close();
    });

    it('sets the active hit with the arrows (wrapping) and with the mouse', async () => {
      const { page, context } = await openSearchPage(browser(), t.home);
      await openDialog(page, lang);
      await search(page, lang, t.query);
      const options = optionsOf(page, lang);
      const count = await options.count();
      expect(count).toBeGreaterThan(3);
      const selected = async () => {
        const flags = await options.evaluateAll((els) => els.map((el) => el.getAttribute('aria-selected')));
        return flags.indexOf('true');
      };
      const activeDescendant = () => inputOf(page, lang).getAttribute('aria-activedescendant');
      expect(await selected()).toBe(0);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await selected()).toBe(2);
      expect(await activeDescendant()).toBe(await options.nth(2).getAttribute('id'));
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      expect(await selected()).toBe(count - 1);
      await page.keyboard.press('ArrowDown');
      expect(await selected()).toBe(0);
      await options.nth(3).hover();
      expect(await selected()).toBe(3);
      expect(await activeDescendant()).toBe(await options.nth(3).getAttribute('id'));
      await context.close();
    });

    it('Enter navigates in-app to the active hit and closes the dialog', async () => {
      const { page, context, errors } = await openSearchPage(browser(), t.home);
      await markDocument(page);
      await openDialog(page, lang);
      await search(page, lang, t.query);
      await page.keyboard.press('ArrowDown');
      const href = await hrefOf(page, lang, 1);
      expect(href).toMatch(/^\/[^/]/);
      await page.keyboard.press('Enter');
      await dialogOf(page, lang).waitFor({ state: 'detached' });
      await page.waitForFunction((h) => location.pathname + location.hash === h, href);
      const [path] = href.split('#');
      await page.waitForFunction((p) => document.querySelector('main h1') !== null && location.pathname === p, path);
      expect(await isSameDocument(page)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('a plain click on a hit navigates in-app', async () => {
      const { page, context } = await openSearchPage(browser(), t.home);
      await markDocument(page);
      await openDialog(page, lang);
      await search(page, lang, t.query);
      const href = await hrefOf(page, lang, 2);
      await optionsOf(page, lang).nth(2).click();
      await page.waitForFunction((h) => location.pathname + location.hash === h, href);
      expect(await isSameDocument(page)).toBe(true);
      expect(await dialogOf(page, lang).count()).toBe(0);
      await context.close();
    });

    it('a Ctrl+click, a middle click or a Shift+click on a hit opens it in a new page, as a link does; the dialog stays', async () => {
      const { page, context, errors } = await openSearchPage(browser(), t.home);
      await openDialog(page, lang);
      await search(page, lang, t.query);
      const clicks: Array<{ modifiers?: Array<'Control' | 'Shift'>; button?: 'middle' }> = [{ modifiers: ['Control'] }, { button: 'middle' }, { modifiers: ['Shift'] }];
      for (const [index, click] of clicks.entries()) {
        const href = await hrefOf(page, lang, index);
        const opened = context.waitForEvent('page');
        await optionsOf(page, lang).nth(index).click(click);
        const other = await opened;
        await other.waitForLoadState();
        expect(new URL(other.url()).pathname + new URL(other.url()).hash).toBe(href);
        await other.close();
        // The reader picks on: the page has not moved, the dialog is open, the query is kept.
        expect(new URL(page.url()).pathname).toBe(t.home);
        expect(await inputOf(page, lang).inputValue()).toBe(t.query);
      }
      expect(errors).toEqual([]);
      await context.close();
    });

    it('Ctrl+Enter opens the hit in a new tab, Shift+Enter in a new window; the page stays', async () => {
      const { page, context } = await openSearchPage(browser(), t.home, {
        init: [
          () => {
            // Records how the page asked for the new browsing context, then lets it open.
            const original = window.open.bind(window);
            (window as unknown as { __opened: string[] }).__opened = [];
            window.open = (url?: string | URL, target?: string, features?: string) => {
              (window as unknown as { __opened: string[] }).__opened.push(`${String(target)}|${String(features)}`);
              return original(url, target, features);
            };
          },
        ],
      });
      await openDialog(page, lang);
      await search(page, lang, t.query);
      const href = await hrefOf(page, lang, 0);
      const tab = context.waitForEvent('page');
      await page.keyboard.press('Control+Enter');
      const opened = await tab;
      await opened.waitForLoadState();
      expect(new URL(opened.url()).pathname + new URL(opened.url()).hash).toBe(href);
      // The dialog stays open on the original page for another pick.
      expect(await dialogOf(page, lang).count()).toBe(1);
      await page.keyboard.press('ArrowDown');
      const second = await hrefOf(page, lang, 1);
      const win = context.waitForEvent('page');
      await page.keyboard.press('Shift+Enter');
      const popup = await win;
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname + new URL(popup.url()).hash).toBe(second);
      const calls = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
      expect(calls).toEqual(['_blank|noopener', '_blank|noopener,popup']);
      expect(new URL(page.url()).pathname).toBe(t.home);
      await context.close();
    });

    it('shows the no-results screen with up to 3 suggestions that prefill the query, without "Let us know"', async () => {
      const { page, context } = await openSearchPage(browser(), t.home);
      await openDialog(page, lang);
      await search(page, lang, t.nothing);
      const dialog = dialogOf(page, lang);
      await dialog.getByText(t.noResults(t.nothing), { exact: true }).waitFor();
      const suggestions = dialog.locator('[data-screen="no-results"] li button');
      const count = await suggestions.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(3);
      expect(await dialog.getByRole('link', { name: t.letUsKnow }).count()).toBe(0);
      const suggestion = (await suggestions.nth(0).textContent()) ?? '';
      await suggestions.nth(0).click();
      expect(await inputOf(page, lang).inputValue()).toBe(suggestion);
      await optionsOf(page, lang).first().waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
      await context.close();
    });

    it('shows "Let us know" when a missing-results URL is configured', async () => {
      const { page, context } = await openSearchPage(browser(), t.home, {
        search: { provider: 'local', missingResultsUrl: 'https://github.com/web-infra-dev/rslib/issues/new' },
      });
      await openDialog(page, lang);
      await search(page, lang, t.nothing);
      const link = dialogOf(page, lang).getByRole('link', { name: t.letUsKnow });
      await link.waitFor();
      const href = new URL((await link.getAttribute('href')) ?? '');
      expect(href.origin + href.pathname).toBe('https://github.com/web-infra-dev/rslib/issues/new');
      expect(href.searchParams.get('q')).toBe(t.nothing);
      expect(await link.getAttribute('target')).toBe('_blank');
      await context.close();
    });

    it('limits the query to 64 characters, typed or from selected text', async () => {
      const { page, context } = await openSearchPage(browser(), t.home);
      await openDialog(page, lang);
      await page.keyboard.type('a'.repeat(70));
      expect(await inputOf(page, lang).inputValue()).toBe('a'.repeat(64));
      expect(await inputOf(page, lang).getAttribute('maxlength')).toBe('64');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      // Selected page text becomes the query when the dialog opens, cut to 64 characters.
      await page.evaluate(() => {
        const p = document.createElement('p');
        p.id = 't-long';
        p.textContent = 'b'.repeat(100);
        document.querySelector('main')!.append(p);
        const range = document.createRange();
        range.selectNodeContents(p);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      });
      await openDialog(page, lang);
      expect(await inputOf(page, lang).inputValue()).toBe('b'.repeat(64));
      await context.close();
    });

    it('has accessible names throughout and footer key hints', async () => {
      const { page, context } = await openSearchPage(browser(), t.home);
      await openDialog(page, lang);
      const dialog = dialogOf(page, lang);
      expect(await page.getByRole('dialog').count()).toBe(1);
      expect(await dialog.getByRole('search').count()).toBe(1);
      await search(page, lang, t.query);
      expect(await dialog.getByRole('listbox', { name: t.results }).count()).toBe(1);
      // Every option has a name (its text) and is the target itself, with nothing focusable or
      // interactive inside; the clear button is named.
      for (const option of await optionsOf(page, lang).all()) {
        expect(((await option.textContent()) ?? '').trim()).not.toBe('');
        expect(await option.locator('a, button, input, [tabindex]').count()).toBe(0);
      }
      expect(await dialog.locator('button[type="reset"]').getAttribute('aria-label')).toBeTruthy();
      const footer = dialog.locator('footer');
      for (const hint of t.hints) expect(await footer.getByText(hint, { exact: true }).count()).toBe(1);
      const keys = await footer.locator('kbd').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
      expect(keys).toEqual(t.keys);
      // The result count is announced.
      expect(await dialog.locator('[aria-live="polite"]').textContent()).toMatch(/\d/);
      await context.close();
    });
  });
}
