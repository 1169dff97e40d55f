/** Content components: code blocks, tabs, callouts, image zoom, scroll-to-top, overview filter, blog. */
import { describe, expect, it } from 'vitest';
import { hydrated, isSameDocument, markDocument, open, useBrowser } from './helpers.ts';

const browser = useBrowser();

describe('code blocks', () => {
  it('copies the code, shows success for 2 s, then returns to Copy code', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start', { permissions: ['clipboard-read', 'clipboard-write'] });
    await hydrated(page);
    const block = page.locator('main pre').first().locator('xpath=../..');
    const button = block.getByRole('button', { name: 'Copy code' });
    await button.click();
    await page.waitForFunction(() => !!document.querySelector('main button[data-copied]'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.locator('main pre').first().innerText());
    await page.waitForFunction(() => !document.querySelector('main button[data-copied]'), undefined, { timeout: 5000 });
    await context.close();
  });

  it('falls back to a prompt "Copy to clipboard: Ctrl+C, Enter" when the clipboard fails', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    const seen: { type: string; message: string; value: string }[] = [];
    page.once('dialog', (dialog) => {
      seen.push({ type: dialog.type(), message: dialog.message(), value: dialog.defaultValue() });
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Copy code' }).first().click();
    await page.waitForFunction(() => true);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.type).toBe('prompt');
    expect(seen[0]!.message).toBe('Copy to clipboard: Ctrl+C, Enter');
    expect(seen[0]!.value).toBe(await page.locator('main pre').first().innerText());
    await context.close();
  });

  it('toggles wrapping from the configured default (off)', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Toggle code wrap' }).first();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    const pre = page.locator('main pre').first();
    expect(await pre.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await pre.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    await context.close();
  });

  it('shows a title bar and highlighted token colours per theme', async () => {
    const { page, context } = await open(browser(), '/config/lib/format');
    const colored = page.locator('main pre span[style]').first();
    const light = await colored.evaluate((el) => getComputedStyle(el).color);
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    const dark = await colored.evaluate((el) => getComputedStyle(el).color);
    expect(light).not.toBe(dark);
    expect(await page.getByText('rslib.config.ts').first().isVisible()).toBe(true);
    await context.close();
  });
});

describe('tabs', () => {
  it('switches package-manager tabs together and remembers the choice in localStorage', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    const first = page.getByRole('tablist').first();
    await first.getByRole('tab', { name: 'pnpm' }).click();
    expect(await page.evaluate(() => localStorage.getItem('rspress.tabs.package-manager'))).toBe('pnpm');
    // Every tab set of the group follows.
    for (const list of await page.getByRole('tablist').all()) {
      const pnpm = list.getByRole('tab', { name: 'pnpm' });
      if (await pnpm.count()) expect(await pnpm.getAttribute('aria-selected')).toBe('true');
    }
    // Arrow keys move between tabs.
    await first.getByRole('tab', { name: 'pnpm' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await first.getByRole('tab', { name: 'bun' }).getAttribute('aria-selected')).toBe('true');
    // Remembered on the next page load.
    await page.reload();
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === 'bun');
    const panel = page.getByRole('tabpanel').filter({ hasText: 'bun' }).first();
    expect(await panel.isVisible()).toBe(true);
    await context.close();
  });

  it('keeps the choice across client navigation when storage is unavailable', async () => {
    const { page, context, errors } = await open(browser(), '/guide/start/quick-start', {
      beforeGoto: async (p) => {
        await p.addInitScript(() => {
          Storage.prototype.getItem = () => {
            throw new DOMException('denied', 'SecurityError');
          };
          Storage.prototype.setItem = Storage.prototype.getItem;
        });
      },
    });
    await hydrated(page);
    await page.getByRole('tablist').first().getByRole('tab', { name: 'pnpm' }).click();
    await markDocument(page);
    await page.locator('aside').getByRole('link', { name: 'Node.js' }).first().click();
    await page.waitForURL('**/guide/solution/nodejs');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Node.js' }).waitFor();
    expect(await isSameDocument(page)).toBe(true);
    expect(await page.getByRole('tablist').first().getByRole('tab', { name: 'pnpm' }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows a choice made in another browser tab', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    const other = await context.newPage();
    await other.goto(page.url());
    await hydrated(other);
    await other.getByRole('tablist').first().getByRole('tab', { name: 'yarn' }).click();
    await page.waitForFunction(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === 'yarn');
    await context.close();
  });
});

describe('callouts and images', () => {
  it('renders callouts with their titles', async () => {
    const { page, context } = await open(browser(), '/config/rsbuild/plugins');
    const callout = page.locator('main [role="note"][data-type], main details[data-type]').first();
    expect(await callout.isVisible()).toBe(true);
    expect((await callout.textContent())?.length).toBeGreaterThan(10);
    await context.close();
  });

  it('zooms an image and closes on Escape, click, resize and a scroll over 40 px', async () => {
    const { page, context } = await open(browser(), '/guide/basic/output-structure');
    await hydrated(page);
    const trigger = page.locator('main button:has(img)').first();
    const zoom = page.getByTestId('image-zoom');
    await trigger.click();
    await zoom.waitFor({ state: 'visible' });
    // Focus moves into the dialog, so Escape and a screen reader start there.
    await page.waitForFunction(() => document.activeElement?.closest('[data-testid="image-zoom"]') != null);
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'detached' });
    await trigger.click();
    await zoom.click();
    await zoom.waitFor({ state: 'detached' });
    await trigger.click();
    await page.setViewportSize({ width: 1300, height: 850 });
    await zoom.waitFor({ state: 'detached' });
    await trigger.click();
    await page.evaluate(() => window.scrollBy(0, 20));
    await page.waitForTimeout(100);
    expect(await zoom.isVisible()).toBe(true);
    await page.evaluate(() => window.scrollBy(0, 60));
    await zoom.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('page furniture', () => {
  it('shows scroll-to-top once scrolled and takes the reader back up', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start');
    await hydrated(page);
    const button = page.getByRole('button', { name: 'Back to top' });
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 800));
    await button.waitFor({ state: 'visible' });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it('filters the overview by group, title or heading, hyphens as spaces, with the no-result text', async () => {
    const { page, context } = await open(browser(), '/config/');
    await hydrated(page);
    const filter = page.getByLabel('Filter');
    expect(await filter.getAttribute('placeholder')).toBe('Enter keyword');
    const cards = page.locator('main h3 a');
    const all = await cards.count();
    // Heading match, case-insensitive, hyphen as space: only the matching heading stays.
    await filter.fill('BUNDLE-mode requirement');
    await page.waitForFunction((n) => document.querySelectorAll('main h3 a').length < n, all);
    expect(await cards.allTextContents()).toContain('lib.format');
    expect(await page.locator('main a[href="/config/lib/format#bundle-mode-requirement"]').count()).toBe(1);
    expect(await page.locator('main a[href="/config/lib/format#values"]').count()).toBe(0);
    // Title match.
    await filter.fill('lib.autoExternal');
    expect(await cards.allTextContents()).toEqual(['lib.autoExternal']);
    await filter.fill('Rsbuild Configurations');
    expect(await cards.allTextContents()).toContain('source');
    await filter.fill('zzzz-nothing');
    await expect(page.getByRole('status').textContent()).resolves.toBe('No matching API found: zzzz-nothing');
    await context.close();
  });

  it('shows the blog post date, the last-updated note and the edit link', async () => {
    const { page, context } = await open(browser(), '/blog/introducing-rslib');
    expect(await page.locator('main time').first().textContent()).toBe('May 14, 2025');
    const zh = await open(browser(), '/zh/blog/introducing-rslib');
    expect(await zh.page.locator('main time').first().textContent()).toBe('2025年5月14日');
    await zh.context.close();
    const doc = await open(browser(), '/guide/start/quick-start');
    const edit = doc.page.getByRole('link', { name: 'Edit this page on GitHub' });
    expect(await edit.getAttribute('href')).toMatch(/^https:\/\/github\.com\/web-infra-dev\/rslib\/tree\/main\/website\/docs\/en\/guide\/start\/quick-start\.md$/);
    expect(await doc.page.getByText(/Last Updated:/).count()).toBe(1);
    await doc.context.close();
    await context.close();
  });
});
