/**
 * The recycled tab (recycled-tab.ts): a later `open` with the default options gets the same page
 * back, and in it nothing of what the test before it left: storage, cookies, scripts, routes,
 * DevTools sessions, listeners, other pages, viewport, media features, held keys, the pointer, a
 * fake clock; with the viewport and media features the test asks for.
 */
import { describe, expect, it } from 'vitest';
import { hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();

describe('recycled tab', () => {
  it('gives the next open the same page as a first-time visitor has it', async () => {
    const first = await open(browser(), '/guide/start/');
    await hydrated(first.page);
    // Everything a test may leave behind.
    await first.page.evaluate(() => {
      localStorage.setItem('left', '1');
      sessionStorage.setItem('left', '1');
      document.cookie = 'left=1; path=/';
    });
    await first.context.addInitScript(() => ((window as unknown as { leftByContext: boolean }).leftByContext = true));
    await first.page.addInitScript(() => ((window as unknown as { leftByPage: boolean }).leftByPage = true));
    await first.page.exposeFunction('leftFunction', () => 1);
    const session = await first.context.newCDPSession(first.page);
    await first.page.route('**/_data/pages/**', (route) => route.abort());
    await first.context.route('**/_data/pages/**', (route) => route.abort());
    // The pointer over the sidebar, a scroll container of its own.
    await first.page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link').nth(3).hover();
    await first.context.newPage();
    let heard = 0;
    first.page.on('console', () => heard++);
    first.context.on('page', () => heard++);
    await first.page.setViewportSize({ width: 500, height: 400 });
    await first.page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await first.page.keyboard.down('Shift');
    await first.context.close();

    const next = await open(browser(), '/guide/start/');
    await hydrated(next.page);
    expect(next.page).toBe(first.page);
    const state = await next.page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return {
        local: Object.keys(localStorage).sort(),
        session: sessionStorage.length,
        cookie: document.cookie,
        scripts: [w.leftByContext, w.leftByPage, typeof w.leftFunction],
        size: [innerWidth, innerHeight],
        dark: matchMedia('(prefers-color-scheme: dark)').matches,
        reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,
        hovered: document.querySelectorAll(':hover').length,
        visible: document.visibilityState,
      };
    });
    // The returning-visitor flag is every page's (no locale redirect), set again on each document.
    expect(state).toEqual({ local: ['rspress-visited'], session: 0, cookie: '', scripts: [undefined, undefined, 'undefined'], size: [1440, 900], dark: false, reduced: false, hovered: 0, visible: 'visible' });
    expect(next.context.pages()).toEqual([next.page]);
    await expect(session.send('Runtime.evaluate', { expression: '1' })).rejects.toThrow();
    // The pointer at the top left, as a new page's: a wheel there scrolls the document.
    await next.page.mouse.wheel(0, 400);
    await next.page.waitForFunction(() => scrollY > 0);
    await next.page.evaluate(() => scrollTo(0, 0));
    // No route of the last test: a client navigation gets its page record.
    await next.page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Glossary' }).click();
    await next.page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Glossary');
    // No key held: a typed letter is lower case, no Shift with it.
    await next.page.evaluate(() => addEventListener('keydown', (event) => ((window as unknown as { typed: unknown }).typed = [event.key, event.shiftKey]), { once: true }));
    await next.page.keyboard.press('q');
    expect(await next.page.evaluate(() => (window as unknown as { typed: unknown }).typed)).toEqual(['q', false]);
    // The last test's listeners hear nothing of this one.
    await next.page.evaluate(() => console.log('heard?'));
    await next.context.newPage();
    expect(heard).toBe(0);
    await next.context.close();
  });

  it('sets the viewport and media a test asks for, and gives a new context for any other option', async () => {
    const shown = (page: import('playwright-core').Page) =>
      page.evaluate(() => ({ width: innerWidth, dark: matchMedia('(prefers-color-scheme: dark)').matches, reduced: matchMedia('(prefers-reduced-motion: reduce)').matches }));
    const plain = await open(browser(), '/guide/start/');
    await plain.context.close();
    const asked = await open(browser(), '/guide/start/', { viewport: { width: 800, height: 600 }, colorScheme: 'dark', reducedMotion: 'reduce' });
    expect(asked.page).toBe(plain.page);
    expect(await shown(asked.page)).toEqual({ width: 800, dark: true, reduced: true });
    await asked.context.close();
    const again = await open(browser(), '/guide/start/');
    expect(again.page).toBe(plain.page);
    expect(await shown(again.page)).toEqual({ width: 1440, dark: false, reduced: false });
    await again.context.close();
    const scriptsOff = await open(browser(), '/guide/start/', { javaScriptEnabled: false });
    expect(scriptsOff.page).not.toBe(plain.page);
    await scriptsOff.context.close();
  });

  it('opens a new context while the tab is in use, and drops a tab whose test installed a clock', async () => {
    const held = await open(browser(), '/guide/start/');
    const other = await open(browser(), '/zh/guide/start/');
    expect(other.page).not.toBe(held.page);
    await hydrated(other.page);
    expect(await other.page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await other.context.close();
    await held.page.clock.install();
    await held.context.close();

    const after = await open(browser(), '/guide/start/');
    await hydrated(after.page);
    expect(after.page).not.toBe(held.page);
    expect(await after.page.evaluate(() => '__pwClock' in window)).toBe(false);
    await after.context.close();
  });
});
