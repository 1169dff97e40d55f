/** Accessibility: skip link, landmarks, names, keyboard focus ring, colour contrast AA in both themes. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();

/** Visible interactive elements without an accessible name (rough accname: label, text, title, img alt). */
function unnamedControls(page: Page) {
  return page.evaluate(() => {
    const named = (el: Element): boolean => {
      const aria = el.getAttribute('aria-label') ?? '';
      const labelledby = el.getAttribute('aria-labelledby');
      const text = (el as HTMLElement).innerText?.trim() ?? '';
      const title = el.getAttribute('title') ?? '';
      const alt = [...el.querySelectorAll('img[alt]')].some((img) => img.getAttribute('alt')!.trim() !== '');
      const label = el.id && document.querySelector(`label[for="${el.id}"]`);
      return Boolean(aria.trim() || (labelledby && document.getElementById(labelledby)) || text || title || alt || label);
    };
    return [...document.querySelectorAll('a[href], button, input, [role="tab"]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed')
      .filter((el) => !named(el))
      .map((el) => el.outerHTML.slice(0, 120));
  });
}

/** Text elements whose colour contrast against their effective background is below AA. */
function lowContrast(page: Page) {
  return page.evaluate(() => {
    const parse = (c: string) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = '1'] = m[1]!.split(/[ ,/]+/).filter(Boolean);
      return { r: +r!, g: +g!, b: +b!, a: +a };
    };
    const lum = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el: Element | null): { r: number; g: number; b: number } | null => {
      for (; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.backgroundImage !== 'none') return null; // gradients and images: not measurable here
        const bg = parse(style.backgroundColor);
        if (bg && bg.a >= 0.99) return bg;
        if (bg && bg.a > 0) return null; // translucent layers: skip rather than guess
      }
      return parse(getComputedStyle(document.body).backgroundColor);
    };
    const failures: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || seen.has(el) || !node.textContent?.trim()) continue;
      seen.add(el);
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[hidden], .sr-only, svg') || !(el as HTMLElement).offsetParent) continue;
      if (style.webkitBackgroundClip === 'text' || style.backgroundClip === 'text') continue;
      const fg = parse(style.color);
      const bg = background(el);
      if (!fg || !bg || fg.a < 0.99) continue;
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (a! + 0.05) / (b! + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) failures.push(`${ratio.toFixed(2)} ${el.tagName} "${node.textContent.trim().slice(0, 30)}" ${style.color} on rgb(${bg.r},${bg.g},${bg.b})`);
    }
    return failures;
  });
}

describe('accessibility', () => {
  it('offers a skip link first, which moves focus to the main content', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main-content');
    await context.close();
  });

  it('has landmarks: banner, navigation, main, complementary', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('navigation', { name: 'Sidebar' }).count()).toBe(1);
    expect(await page.getByRole('complementary').count()).toBeGreaterThan(0);
    await context.close();
  });

  it.each(['/', '/guide/start/quick-start', '/zh/config/', '/nope'])('names every control on %s', async (path) => {
    const { page, context } = await open(browser(), path);
    await hydrated(page);
    expect(await unnamedControls(page)).toEqual([]);
    await context.close();
  });

  it('reaches controls by keyboard with a visible focus ring', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    const missing: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const s = getComputedStyle(el);
        return { ok: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0, what: el.outerHTML.slice(0, 80) };
      });
      if (ring && !ring.ok) missing.push(ring.what);
    }
    expect(missing).toEqual([]);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it.each(['/', '/guide/start/quick-start', '/config/', '/nope'])(`keeps text contrast AA (${colorScheme}) on %s`, async (path) => {
      const { page, context } = await open(browser(), path, { colorScheme });
      await hydrated(page);
      expect(await lowContrast(page)).toEqual([]);
      await context.close();
    });
  }
});
