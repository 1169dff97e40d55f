/** Theme: light / dark / auto, applied before first paint, toggled with the circular reveal, persisted. */
import { describe, expect, it } from 'vitest';
import { hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();
const KEY = 'rspress-theme-appearance';
const theme = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe('theme', () => {
  it('applies the stored theme from the inline script, before any app JavaScript runs', async () => {
    const { page, context } = await open(browser(), '/', { colorScheme: 'light' });
    await page.evaluate((key) => localStorage.setItem(key, 'dark'), KEY);
    // Block the app bundle: only the inline head script can set the theme now.
    await page.route('**/_assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await context.close();
  });

  it('treats any other stored value as auto, following the system', async () => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const { page, context } = await open(browser(), '/', { colorScheme });
      await page.evaluate((key) => localStorage.setItem(key, 'purple'), KEY);
      await page.reload();
      expect(await theme(page)).toBe(colorScheme);
      await context.close();
    }
  });

  it('toggles with a real, named button and persists the choice', async () => {
    const { page, context } = await open(browser(), '/guide/start/', { colorScheme: 'light', reducedMotion: 'reduce' });
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Toggle dark mode' });
    expect(await toggle.evaluate((el) => el.tagName)).toBe('BUTTON');
    expect(await theme(page)).toBe('light');
    await toggle.click();
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe('dark');
    await page.reload();
    expect(await theme(page)).toBe('dark');
    await context.close();
  });

  it('uses the view-transition reveal only when motion is allowed', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page, context } = await open(browser(), '/guide/start/', { colorScheme: 'light', reducedMotion });
      await page.addInitScript(() => {
        const w = window as unknown as { __transitions: number };
        w.__transitions = 0;
        const original = document.startViewTransition?.bind(document);
        if (original) {
          document.startViewTransition = ((cb: () => void) => {
            w.__transitions++;
            return original(cb);
          }) as typeof document.startViewTransition;
        }
      });
      await page.reload();
      await hydrated(page);
      await page.getByRole('button', { name: 'Toggle dark mode' }).click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      const count = await page.evaluate(() => (window as unknown as { __transitions: number }).__transitions);
      expect(count, reducedMotion).toBe(reducedMotion === 'reduce' ? 0 : 1);
      await context.close();
    }
  });
});
