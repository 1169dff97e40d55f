/** Locale redirect: first visit only, not for bots, to the same page in the browser language. */
import { describe, expect, it } from 'vitest';
import { baseUrl, hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();

describe('locale redirect', () => {
  it('sends a first-time Chinese reader to the Chinese twin, and never again', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start', { locale: 'zh-CN', firstVisit: true });
    await page.waitForURL('**/zh/guide/start/quick-start');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === '快速上手');
    await page.goto(`${baseUrl()}/guide/start/quick-start`);
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/guide/start/quick-start');
    await context.close();
  });

  it('leaves English readers and bots where they are', async () => {
    const english = await open(browser(), '/guide/start/', { locale: 'en-US', firstVisit: true });
    await hydrated(english.page);
    await english.page.waitForTimeout(300);
    expect(new URL(english.page.url()).pathname).toBe('/guide/start/');
    await english.context.close();
    const bot = await open(browser(), '/guide/start/', { locale: 'zh-CN', firstVisit: true, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await hydrated(bot.page);
    await bot.page.waitForTimeout(300);
    expect(new URL(bot.page.url()).pathname).toBe('/guide/start/');
    await bot.context.close();
  });
});
