/**
 * Accessibility that axe-core does not check (tests/e2e/axe.test.ts checks names, contrast and
 * the rest of WCAG 2.2 A/AA on every route): the skip link, the landmarks the layout promises,
 * and a visible focus ring on every control the keyboard reaches.
 */
import { describe, expect, it } from 'vitest';
import { hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();

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
});
