/**
 * `npm run dev` as a writer uses it, on a fixture content tree: edits show in the open page
 * without a reload (scroll kept), new and deleted pages come and go in the sidebar, and a broken
 * page raises an overlay with file:line:col that clears when fixed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { startDev, type DevServer } from '../../scripts/dev.ts';
import { baseSite, makeFixture, type Fixture } from '../pipeline/fixture.ts';
import { launchBrowser } from './browser.ts';

const long = (title: string, frontmatter = '') =>
  `${frontmatter}# ${title}\n\n${Array.from({ length: 60 }, (_, i) => `Paragraph ${i} of the page, long enough to scroll.`).join('\n\n')}\n`;

describe('npm run dev', () => {
  let fixture: Fixture;
  let dev: DevServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fixture = makeFixture();
    fixture.write({ 'en/guide/a.md': long('Page A') });
    dev = await startDev({ root: fixture.root, port: 0, quiet: true });
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.goto(`${dev.url}/guide/a`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Page A' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await dev?.close();
  });

  const save = async (files: Record<string, string>) => {
    fixture.write(files);
    await dev.settled();
  };

  it('shows an edit without reloading and keeps the scroll position', async () => {
    await page.evaluate(() => {
      (window as unknown as { devMarker: number }).devMarker = 42;
      window.scrollTo(0, 600);
    });
    await save({ 'en/guide/a.md': long('Page A edited') });
    await page.getByRole('heading', { level: 1, name: 'Page A edited' }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { devMarker?: number }).devMarker)).toBe(42);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  }, 30_000);

  it('adds a new page to the sidebar and removes a deleted one', async () => {
    const site = baseSite();
    for (const locale of site.locales) locale.sidebar = { '/guide/': [{ text: 'Start', items: ['/guide/', '/guide/a', '/guide/b', '/guide/c'] }] };
    await save({ 'en/guide/c.md': '# Page C\n', 'zh/guide/c.md': '# 页面 C\n', 'site.json': JSON.stringify(site) });
    await page.getByRole('link', { name: 'Page C' }).first().waitFor({ timeout: 15_000 });

    rmSync(path.join(fixture.root, 'content/en/guide/c.md'));
    rmSync(path.join(fixture.root, 'content/zh/guide/c.md'));
    await save({ 'site.json': JSON.stringify(baseSite()) });
    await page.getByRole('link', { name: 'Page C' }).first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { devMarker?: number }).devMarker)).toBe(42);
  }, 40_000);

  it('serves each page as markdown beside its route, and writes the pipeline cache once edits pause', async () => {
    await save({ 'en/guide/a.md': long('Page A for tools') });
    const twin = await fetch(`${dev.url}/guide/a.md`);
    expect(twin.status).toBe(200);
    expect(await twin.text()).toMatch(/^# Page A for tools\n\nParagraph 0/);
    // The cache is kept in memory while editing and written after a pause: a new build starts warm.
    const state = path.join(fixture.root, '.cache/pipeline/state.json');
    const savedAt = Date.now();
    await expect.poll(() => (existsSync(state) ? statSync(state).mtimeMs : 0), { timeout: 10_000 }).toBeGreaterThan(savedAt);
    expect(await fixture.build()).toMatchObject({ ok: true, compiled: 0 });
  }, 30_000);

  it('shows a content error as an overlay with file:line:col, and clears it when fixed', async () => {
    await save({ 'en/guide/a.md': long('Page A edited', '---\nsidbar: false\n---\n') });
    const overlay = page.getByRole('alertdialog', { name: 'Content errors' });
    await overlay.waitFor({ timeout: 15_000 });
    expect(await overlay.textContent()).toContain('content/en/guide/a.md:2:1  Unknown frontmatter key `sidbar`  [frontmatter-schema]');
    await save({ 'en/guide/a.md': long('Page A fixed') });
    await overlay.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'Page A fixed' }).waitFor();
  }, 40_000);
});
