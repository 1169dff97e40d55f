/**
 * What a reader audit of the built site found (issue 19), one test per defect: each failed
 * before its fix. Desktop is 1440×900, a phone 390×844 with touch.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const topOf = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => Math.round(el.getBoundingClientRect().top));

async function scrollUntilNavbarHides(page: Page): Promise<void> {
  // Over the text: a wheel over the sidebar scrolls the sidebar.
  await page.mouse.move(800, 500);
  await page.mouse.wheel(0, 1200);
  await page.waitForFunction(() => document.querySelector('header[data-part="navbar"]')?.hasAttribute('data-hidden'));
  // The bar slides away in 0.25 s; what stays sticky follows it.
  await page.waitForTimeout(400);
}

describe('navbar hidden on scroll', () => {
  it('takes its band with it on desktop: the sidebar and the outline move up to the top', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    expect(await topOf(page, '[data-part="sidebar"]')).toBeGreaterThanOrEqual(72);
    await scrollUntilNavbarHides(page);
    expect(await topOf(page, '[data-part="sidebar"]')).toBe(0);
    expect(await topOf(page, '[data-part="outline"] > div')).toBeLessThan(72);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(() => !document.querySelector('header[data-part="navbar"]')?.hasAttribute('data-hidden'));
    await page.waitForTimeout(400);
    expect(await topOf(page, '[data-part="sidebar"]')).toBeGreaterThanOrEqual(72);
    await context.close();
  });

  it('takes its band with it on phones, and the menu bar under it is opaque', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start', PHONE);
    await hydrated(page);
    expect(await topOf(page, '[data-part="menubar"]')).toBeGreaterThanOrEqual(56);
    const background = await page.locator('[data-part="menubar"]').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background, 'menu bar background').not.toMatch(/rgba\(.*, 0?\.\d+\)|\/ 0?\.\d+\)/);
    await page.evaluate(() => window.scrollBy(0, 1500));
    await page.waitForFunction(() => document.querySelector('header[data-part="navbar"]')?.hasAttribute('data-hidden'));
    await page.waitForTimeout(400);
    expect(await topOf(page, '[data-part="menubar"]')).toBe(0);
    await context.close();
  });
});

describe('code blocks on phones', () => {
  it('keep Copy and Wrap off the first line until the reader taps the block', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start', { ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
    await hydrated(page);
    const block = page.locator('main pre').first();
    // In the middle of the screen: at its bottom edge, the floating Back to top button would be
    // what sits where the block's buttons are.
    await block.evaluate((pre) => pre.scrollIntoView({ block: 'center' }));
    // A locator by role would skip the hidden button: find it by its label.
    const copy = block.locator('xpath=..').locator('button[aria-label="Copy code"]');
    expect(await copy.isVisible()).toBe(false);
    // What sits where the buttons would be is the code itself.
    const covered = await copy.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit?.closest('button') !== null;
    });
    expect(covered).toBe(false);
    await block.tap();
    await copy.waitFor({ state: 'visible' });
    await copy.tap();
    await page.waitForFunction(() => document.querySelector('button[aria-label="Copy code"][data-copied]'));
    await context.close();
  });
});

describe('sidebar', () => {
  it('scrolls to the active item when a deep page is opened directly', async () => {
    const { page, context } = await open(browser(), '/config/rsbuild/tools', { viewport: { width: 1440, height: 500 } });
    await hydrated(page);
    const active = page.locator('[data-part="sidebar"] a[aria-current="page"]');
    await page.waitForFunction(() => {
      const link = document.querySelector('[data-part="sidebar"] a[aria-current="page"]');
      const box = document.querySelector('[data-part="sidebar"]')!.getBoundingClientRect();
      const own = link?.getBoundingClientRect();
      return own !== undefined && own.top >= box.top && own.bottom <= box.bottom;
    });
    expect(await active.textContent()).toBe('tools');
    await context.close();
  });

  it('moves focus to the new page after a sidebar navigation', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    await page.locator('[data-part="sidebar"]').getByRole('link', { name: 'Glossary' }).click();
    await page.waitForURL('**/guide/start/glossary');
    await page.waitForFunction(() => document.activeElement?.closest('main') !== null);
    expect(await page.evaluate(() => document.activeElement?.closest('[data-part="sidebar"]') ?? null)).toBeNull();
    await context.close();
  });
});

describe('home', () => {
  it('shows feature icons as self-hosted SVG that follow the theme, never emoji', async () => {
    const { page, context } = await open(browser(), '/', { colorScheme: 'light' });
    await hydrated(page);
    const icons = page.locator('[data-part="features"] [data-icon]');
    expect(await icons.count()).toBe(6);
    const text = (await icons.allTextContents()).join('');
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
    const colour = () => icons.first().evaluate((el) => getComputedStyle(el).backgroundColor);
    const light = await colour();
    const sources = await icons.evaluateAll((els) => els.map((el) => getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage));
    for (const source of sources) expect(source).toMatch(new RegExp(`^url\\("${baseUrl()}/.+\\.svg"\\)$`));
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await colour()).not.toBe(light);
    await context.close();
  });

  it('offers a Get Started button and a GitHub link in the hero, in both languages', async () => {
    for (const [path, start] of [['/', 'Get Started'], ['/zh/', '开始使用']] as const) {
      const { page, context } = await open(browser(), path);
      const started = page.getByRole('link', { name: start, exact: true });
      expect(await started.getAttribute('href')).toBe(`${path === '/' ? '' : '/zh'}/guide/start/quick-start`);
      expect(await page.getByRole('link', { name: 'GitHub', exact: true }).first().getAttribute('href')).toBe('https://github.com/web-infra-dev/rslib');
      await context.close();
    }
  });
});

describe('config overview', () => {
  it('shows the option grid near the top, listed in the outline', async () => {
    const { page, context } = await open(browser(), '/config/');
    await hydrated(page);
    const filter = page.getByLabel('Filter');
    expect(await filter.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)).toBeLessThan(900);
    // The heading the grid stands under is the outline's first entry.
    const section = await filter.evaluate((input) => [...document.querySelectorAll('main h2')].filter((h) => h.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).pop()?.id);
    expect(await page.locator('[data-part="outline"] a').first().getAttribute('href')).toBe(`#${section}`);
    await context.close();
  });
});

describe('theme', () => {
  it('follows a live change of the system colour scheme while set to auto', async () => {
    const { page, context } = await open(browser(), '/guide/start/', { colorScheme: 'light' });
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await context.close();
  });

  it('respects prefers-color-scheme without JavaScript', async () => {
    const { page, context } = await open(browser(), '/guide/start/', { colorScheme: 'dark', javaScriptEnabled: false });
    const [r, g, b] = (await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(3 * 80);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('opens the phone menu, the sidebar and the outline', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start', { ...PHONE, javaScriptEnabled: false });
    await page.getByText('Menu', { exact: true }).first().tap();
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Glossary' }).waitFor({ state: 'visible' });
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).or(page.locator('summary[aria-label="Open menu"]')).tap();
    await page.getByTestId('mobile-menu').getByRole('link', { name: 'Config' }).waitFor({ state: 'visible' });
    await page.reload();
    await page.getByText('On this page', { exact: true }).tap();
    await page.locator('[data-part="menubar"] a[href^="#"]').first().waitFor({ state: 'visible' });
    await context.close();
  });

  it('shows the Chinese 404 page under /zh/', async () => {
    const response = await fetch(`${baseUrl()}/zh/guide/nope`);
    expect(response.status).toBe(404);
    const { page, context } = await open(browser(), '/zh/guide/nope', { javaScriptEnabled: false });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.locator('header').getByRole('link', { name: '指南' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'go to home' }).getAttribute('href')).toBe('/zh/');
    await context.close();
  });
});

describe('requests and navigation', () => {
  it('the 404 page makes no failing data request', async () => {
    const failed: string[] = [];
    const { page, context } = await open(browser(), '/guide/nope', {
      beforeGoto: async (p) => {
        p.on('response', (r) => r.status() >= 400 && r.url() !== `${baseUrl()}/guide/nope` && failed.push(r.url()));
      },
    });
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    await context.close();
  });

  it('keeps the URL hash when switching language', async () => {
    const { page, context } = await open(browser(), '/guide/basic/cli#watch-mode');
    await hydrated(page);
    await page.getByRole('button', { name: /Language/ }).hover();
    await page.getByRole('link', { name: '简体中文' }).click();
    await page.waitForURL('**/zh/guide/basic/cli#watch-mode');
    await context.close();
  });

  it('fetches the logo and the icon with the first page only, not again on each navigation', async () => {
    const { page, context } = await open(browser(), '/guide/start/');
    await hydrated(page);
    // The browser asks for the icon again after every in-app navigation: what matters is that the
    // answer comes from its cache, not the network (Chromium tells through the DevTools protocol).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const responses = new Map<string, string>();
    const cached = new Set<string>();
    cdp.on('Network.requestServedFromCache', ({ requestId }) => cached.add(requestId));
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (response.url.endsWith('/rslib-logo.svg') && !response.fromDiskCache) responses.set(requestId, `${type} ${response.status}`);
    });
    for (const name of ['Quick start', 'Glossary']) {
      await page.locator('[data-part="sidebar"]').getByRole('link', { name, exact: true }).click();
      await page.waitForFunction((title) => document.querySelector('main h1')?.textContent === title, name);
    }
    await page.waitForTimeout(300);
    expect(await page.locator('link[rel="icon"]').count()).toBe(1);
    expect([...responses].filter(([id]) => !cached.has(id)).map(([, what]) => what)).toEqual([]);
    await context.close();
  });

  it('marks the first outline item active at the top of a page', async () => {
    const { page, context } = await open(browser(), '/guide/basic/cli');
    await hydrated(page);
    const first = page.locator('[data-part="outline"] a').first();
    await page.waitForFunction(() => document.querySelector('[data-part="outline"] a')?.getAttribute('aria-current') === 'location');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await first.getAttribute('href')).toBe('#running-the-cli');
    await context.close();
  });
});

describe('tool menu', () => {
  it('opens on hover after 0.1 s, and from the keyboard', async () => {
    const { page, context } = await open(browser(), '/guide/start/');
    await hydrated(page);
    const trigger = page.getByRole('button', { name: 'Rstack tools' });
    await trigger.hover();
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await page.waitForFunction(() => document.querySelector('button[aria-label="Rstack tools"]')?.getAttribute('aria-expanded') === 'true');
    await page.mouse.move(700, 600);
    await page.waitForFunction(() => document.querySelector('button[aria-label="Rstack tools"]')?.getAttribute('aria-expanded') === 'false');
    await trigger.focus();
    await page.keyboard.press('Enter');
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});
