/** Navigation chrome: nav bar, dropdowns, tool menu, social links, mobile menu, sidebar, drawer, flags. */
import { describe, expect, it } from 'vitest';
import { hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();

describe('nav bar', () => {
  it('title links to the home of the current language and shows the logo', async () => {
    const { page, context } = await open(browser(), '/zh/guide/start/');
    const title = page.locator('header a[href="/zh/"]').first();
    expect(await title.textContent()).toContain('Rslib');
    expect(await title.locator('img').first().getAttribute('src')).toBe('/rslib-logo.svg');
    await context.close();
  });

  it('marks the section of the page, in its HTML and after in-app navigation, trailing slash or not', async () => {
    const { page, context, errors } = await open(browser(), '/config/');
    // The desktop nav bar's links (the mobile menu repeats them; the language menu marks its own).
    const activeNav = () => page.evaluate(() => [...document.querySelectorAll('header nav[aria-label="Main"] a[aria-current]')].filter((a) => a.checkVisibility()).map((a) => a.textContent));
    const activeSide = () => page.evaluate(() => document.querySelector('nav[aria-label="Sidebar"] a[aria-current="page"]')?.textContent);
    // The prerendered HTML already (scripts are not needed to see it) and the hydrated page.
    expect(await activeNav()).toEqual(['Config']);
    await hydrated(page);
    expect(await activeNav()).toEqual(['Config']);
    expect(await activeSide()).toBe('Config Overview');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'lib.format' }).click();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'lib.format');
    expect(await activeNav()).toEqual(['Config']);
    await page.getByRole('link', { name: 'Guide', exact: true }).click();
    await page.waitForURL('**/guide/start/');
    await page.waitForFunction(() => document.querySelector('nav[aria-label="Sidebar"] a[aria-current="page"]')?.textContent === 'Introduction');
    expect(await activeNav()).toEqual(['Guide']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the language dropdown on hover and closes it 150 ms after the pointer leaves', async () => {
    const { page, context } = await open(browser(), '/guide/start/');
    await hydrated(page);
    const trigger = page.getByRole('button', { name: /Language/ });
    await trigger.hover();
    await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('true');
    const zh = page.getByRole('link', { name: '简体中文' });
    expect(await zh.getAttribute('href')).toBe('/zh/guide/start/');
    await page.mouse.move(700, 600);
    // Still open right after leaving (close delay), closed after it.
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await page.waitForFunction(() => document.querySelector('button[aria-label^="Language"]')?.getAttribute('aria-expanded') === 'false');
    // Keyboard: Enter opens, Escape closes.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('false');
    await context.close();
  });

  it('shows the social links inline with names, opening in a new tab', async () => {
    const { page, context } = await open(browser(), '/');
    for (const name of ['GitHub', 'X', 'Discord']) {
      const link = page.locator('header').getByRole('link', { name, exact: true });
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    // Three links: nothing overflows.
    expect(await page.getByRole('button', { name: 'More links' }).count()).toBe(0);
    await context.close();
  });

  it('opens the tool menu from the grid icon, listing six tools and one more link in new tabs', async () => {
    const { page, context } = await open(browser(), '/zh/guide/start/');
    await hydrated(page);
    const trigger = page.getByRole('button', { name: 'Rstack 工具' });
    const menu = page.getByRole('group', { name: 'Rstack 工具' });
    // The pointer hovers first, which opens the menu after a moment; a click once it is open
    // keeps it open (it used to toggle it closed: a click after a slow hover shut the menu).
    await trigger.hover();
    await menu.waitFor({ state: 'visible' });
    await trigger.click();
    await menu.waitFor({ state: 'visible' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    const links = menu.getByRole('link');
    expect(await links.count()).toBe(7);
    expect(await links.first().getAttribute('href')).toBe('https://rspack.rs/zh/');
    expect(await links.first().getAttribute('target')).toBe('_blank');
    expect(await menu.textContent()).toContain('基于 Rust 的高性能打包工具');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('landing nav', () => {
  it('is transparent within 100 px of the top only', async () => {
    const { page, context } = await open(browser(), '/');
    await hydrated(page);
    const header = page.locator('header[data-part="navbar"]');
    expect(await header.getAttribute('data-transparent')).not.toBeNull();
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => !document.querySelector('header[data-part="navbar"]')?.hasAttribute('data-transparent'));
    await context.close();
  });

  it('shows six tool cards opening in a new tab, in the page language', async () => {
    const { page, context } = await open(browser(), '/');
    const cards = page.locator('section[aria-labelledby="tool-showcase-title"] a');
    expect(await cards.count()).toBe(6);
    for (const card of await cards.all()) expect(await card.getAttribute('target')).toBe('_blank');
    expect(await cards.first().getAttribute('href')).toBe('https://rspack.rs/');
    await context.close();
  });
});

describe('hideNavbar auto', () => {
  it('hides the navbar on scroll down and shows it on scroll up', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    const header = page.locator('header[data-part="navbar"]');
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => document.querySelector('header[data-part="navbar"]')?.hasAttribute('data-hidden'));
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(() => !document.querySelector('header[data-part="navbar"]')?.hasAttribute('data-hidden'));
    expect(await header.isVisible()).toBe(true);
    await context.close();
  });

  it('keeps the navbar for a reader who arrives at a #section far down, until they scroll down', async () => {
    const { page, context } = await open(browser(), '/guide/basic/cli#watch-mode');
    await hydrated(page);
    // Past the navbar's scroll throttle and the hash scroll's delay: every check has run by now.
    await page.waitForTimeout(600);
    const arrival = await page.evaluate(() => ({
      y: window.scrollY,
      hidden: document.querySelector('header[data-part="navbar"]')!.hasAttribute('data-hidden'),
      bottom: document.querySelector('header[data-part="navbar"]')!.getBoundingClientRect().bottom,
    }));
    expect(arrival.y).toBeGreaterThan(1000);
    expect(arrival.hidden).toBe(false);
    expect(arrival.bottom).toBeGreaterThan(0);
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => document.querySelector('header[data-part="navbar"]')?.hasAttribute('data-hidden'));
    await context.close();
  });
});

describe('sidebar', () => {
  it('starts expanded, collapses and expands groups, and marks the active page', async () => {
    const { page, context } = await open(browser(), '/guide/basic/cli');
    await hydrated(page);
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    const groups = sidebar.getByRole('button', { expanded: true });
    expect(await groups.count()).toBe(6);
    expect(await sidebar.getByRole('link', { name: 'CLI' }).getAttribute('aria-current')).toBe('page');
    const start = sidebar.getByRole('button', { name: 'Getting Started' });
    await start.click();
    expect(await start.getAttribute('aria-expanded')).toBe('false');
    await sidebar.getByRole('link', { name: 'Glossary' }).waitFor({ state: 'hidden' });
    await start.click();
    await sidebar.getByRole('link', { name: 'Glossary' }).waitFor({ state: 'visible' });
    await context.close();
  });

  it('opens the group of the page the reader navigates to', async () => {
    const { page, context } = await open(browser(), '/guide/basic/upgrade-rslib');
    await hydrated(page);
    const advanced = page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: 'Advanced' });
    await advanced.click();
    expect(await advanced.getAttribute('aria-expanded')).toBe('false');
    // Next Page leads into the collapsed group, in-app: the group opens by itself.
    await page.locator('footer[data-part="footer"]').getByRole('link', { name: /Next Page/ }).click();
    await page.waitForURL('**/guide/advanced/third-party-deps');
    await page.waitForFunction(() => document.querySelector('nav[aria-label="Sidebar"] a[aria-current="page"]')?.getAttribute('href') === '/guide/advanced/third-party-deps');
    expect(await advanced.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('becomes a drawer on narrow screens that locks body scroll and closes on route change', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start', { viewport: { width: 800, height: 900 } });
    await hydrated(page);
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    expect(await sidebar.isVisible()).toBe(false);
    await page.locator('summary', { hasText: /^Menu$/ }).click();
    await sidebar.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await sidebar.getByRole('link', { name: 'Glossary' }).click();
    await page.waitForURL('**/guide/start/glossary');
    await sidebar.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await context.close();
  });

  it('shows the local outline from the menu bar below 1280 px and closes it on outside click', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start', { viewport: { width: 1100, height: 900 } });
    await hydrated(page);
    const toggle = page.locator('summary', { hasText: 'On this page' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.click(600, 600);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('mobile menu', () => {
  it('opens from the burger, closes on route change and when the window reaches 768 px', async () => {
    const { page, context } = await open(browser(), '/guide/start/', { viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
    await hydrated(page);
    const burger = page.locator('summary[aria-label="Open menu"]');
    await burger.click();
    const menu = page.getByTestId('mobile-menu');
    await menu.waitFor({ state: 'visible' });
    await menu.getByRole('link', { name: 'Config' }).click();
    await page.waitForURL('**/config/');
    await menu.waitFor({ state: 'hidden' });
    await page.locator('summary[aria-label="Open menu"]').click();
    await menu.waitFor({ state: 'visible' });
    await page.setViewportSize({ width: 900, height: 800 });
    await menu.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('page parts switched off', () => {
  it('hides navbar, sidebar, outline and footer with ?…=0, before and after hydration', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start?navbar=0&sidebar=0&outline=0&footer=0');
    // Before hydration the boot script's CSS hides them; afterwards they are not rendered at all.
    for (const part of ['navbar', 'sidebar', 'outline', 'footer']) expect(await page.locator(`[data-part="${part}"]`).first().isVisible(), part).toBe(false);
    await hydrated(page);
    await page.waitForFunction(() => !document.querySelector('[data-part="navbar"], [data-part="sidebar"], [data-part="outline"], [data-part="footer"]'));
    await expect(page.locator('h1').textContent()).resolves.toBe('Quick start');
    await context.close();
  });

  it('switches off image zoom with globalUIComponents=0', async () => {
    const { page, context } = await open(browser(), '/guide/basic/output-structure?globalUIComponents=0');
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector('main img') && !document.querySelector('main button img'));
    await context.close();
  });
});
