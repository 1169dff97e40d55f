/**
 * A sidebar of 350 pages per language (issue 7: a page's HTML must not grow with the site): the
 * page embeds its sidebar's outline and its own group only; other groups load when opened. The
 * same fixture covers what the Rslib content does not use: sidebar section headers and dividers
 * and more than five social links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_GROUP, largeSidebarTree } from '../pipeline/fixture.ts';
import { buildFixtureSite, type FixtureSite } from './fixture-site.ts';
import { hydrated, isSameDocument, markDocument, open, useBrowser } from './helpers.ts';

const browser = useBrowser();
const GROUPS = 7;
let site: FixtureSite;

beforeAll(async () => {
  const { files, site: config } = largeSidebarTree(GROUPS);
  // Seven social links: five inline, two in the overflow panel.
  config.themeConfig = {
    ...config.themeConfig,
    socialLinks: Array.from({ length: 7 }, (_, i) => ({ icon: (['github', 'x', 'discord'] as const)[i % 3]!, mode: 'link' as const, content: `https://example.org/social/${i}` })),
  };
  site = await buildFixtureSite(files, config);
}, 120_000);
afterAll(() => site?.close());

describe('a large sidebar', () => {
  it("prerenders the page's own group and only the titles of the others", async () => {
    const html = await (await fetch(`${site.url}/docs/p120`)).text();
    expect(html).toContain('href="/docs/p149"'); // same group (2)
    expect(html).not.toContain('href="/docs/p150"'); // group 3
    expect(html).not.toContain('href="/docs/p99"'); // group 1
    for (let g = 0; g < GROUPS; g++) expect(html).toContain(`Group ${g}`);
    // 50 of 350 links (about 22 KB; the whole sidebar would add some 50 KB more).
    expect(html.length).toBeLessThan(40_000);
  });

  it('opens another group by loading its part, and navigates from it in place', async () => {
    const { page, errors, context } = await open(browser(), '/docs/p120', { base: site.url });
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Sidebar' });
    await expect.poll(() => nav.getByRole('link').count()).toBe(LARGE_GROUP);
    await expect.poll(() => nav.getByRole('link', { name: 'Page 120', exact: true }).getAttribute('aria-current')).toBe('page');
    // A section header and a divider.
    await expect.poll(() => nav.getByText('Reference', { exact: true }).count()).toBe(1);
    await expect.poll(() => nav.getByRole('separator').count()).toBe(1);

    const toggle = nav.getByRole('button', { name: 'Group 5' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const part = page.waitForResponse((r) => r.url().endsWith('/_data/sidebars/en/docs/6.json'));
    await toggle.click();
    expect((await part).status()).toBe(200);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => nav.getByRole('link').count()).toBe(2 * LARGE_GROUP);

    await markDocument(page);
    await nav.getByRole('link', { name: 'Page 260', exact: true }).click();
    await page.waitForURL(/\/docs\/p260$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page 260');
    await expect.poll(() => nav.getByRole('link', { name: 'Page 260', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('more than five social links', () => {
  it('shows five inline and the rest in a panel opened on hover', async () => {
    const { page, errors, context } = await open(browser(), '/guide/a', { base: site.url });
    await hydrated(page);
    // Visible links only (the mobile menu holds hidden copies).
    const social = (i: number) => page.locator('header').getByRole('link').and(page.locator(`[href="https://example.org/social/${i}"]`));
    for (let i = 0; i < 5; i++) await expect.poll(() => social(i).count()).toBe(1);
    const panel = page.locator('header').getByTestId('social-overflow').filter({ visible: true });
    expect(await panel.count()).toBe(0);
    expect(await social(5).count()).toBe(0);
    await page.getByRole('button', { name: 'More links' }).hover();
    await expect.poll(() => panel.count()).toBe(1);
    expect(await panel.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['https://example.org/social/5', 'https://example.org/social/6']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
