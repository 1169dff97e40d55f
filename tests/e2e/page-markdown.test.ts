/** The page actions beside a doc page's title (renderer/components/PageMarkdown.tsx): copy the markdown twin, open it. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();

/**
 * Tabs from the page title (a click on it starts the browser's sequential focus navigation there)
 * until `name` has focus; the names met on the way, in order.
 */
async function tabTo(page: Page, name: string, limit = 5): Promise<string[]> {
  await page.locator('main h1').click();
  const met: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.innerText ?? '').trim() : '';
    });
    met.push(focused);
    if (focused === name) return met;
  }
  throw new Error(`Tab never reached "${name}"; met: ${met.join(' | ')}`);
}

describe('copy page as markdown', () => {
  it('links the twin, which serves the markdown, and copies that text from the keyboard', async () => {
    const { page, context, errors } = await open(browser(), '/guide/start/quick-start', { permissions: ['clipboard-read', 'clipboard-write'] });
    await hydrated(page);
    const link = page.getByRole('link', { name: 'View as Markdown' });
    expect(await link.getAttribute('href')).toBe('/guide/start/quick-start.md');
    const twin = await fetch(`${baseUrl()}/guide/start/quick-start.md`);
    expect(twin.status).toBe(200);
    const markdown = await twin.text();
    expect(markdown).toMatch(/^# Quick start\n/);

    // Both controls are reached with Tab after the title, the button first; Enter on the button copies.
    const met = await tabTo(page, 'Copy page as Markdown');
    expect(met.includes('View as Markdown')).toBe(false);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !!document.querySelector('main button[data-copied]'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText.trim())).toBe('View as Markdown');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the Chinese twin in Chinese, and copies it on click', async () => {
    const { page, context } = await open(browser(), '/zh/guide/start/quick-start', { permissions: ['clipboard-read', 'clipboard-write'] });
    await hydrated(page);
    expect(await page.getByRole('link', { name: '查看 Markdown' }).getAttribute('href')).toBe('/zh/guide/start/quick-start.md');
    const markdown = await (await fetch(`${baseUrl()}/zh/guide/start/quick-start.md`)).text();
    expect(markdown).toMatch(/^# 快速上手\n/);
    await page.getByRole('button', { name: '复制页面为 Markdown' }).click();
    await page.waitForFunction(() => !!document.querySelector('main button[data-copied]'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown);
    await context.close();
  });

  it('gives every doc page the link to its own twin, the index page of a section included', async () => {
    const { page, context } = await open(browser(), '/guide/start/');
    await hydrated(page);
    const href = await page.getByRole('link', { name: 'View as Markdown' }).getAttribute('href');
    expect(href).toBe('/guide/start/index.md');
    expect((await fetch(`${baseUrl()}${href}`)).status).toBe(200);
    await context.close();
  });
});
