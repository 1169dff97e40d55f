/**
 * The hovers of config samples' names (renderer/components/CodeHover.tsx), and of the imports of
 * files a page shows, on the built site:
 * mouse, keyboard, Escape, tap on a phone, the link's language, a `// ^?` answer, and axe-core
 * and html-validate with a popover open. Several checks per page load: each load costs a renderer.
 */
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();

/** The popover of the name now expanded. */
const popoverText = (page: import('playwright-core').Page) => page.locator('[data-code-hover]').innerText();

describe('code hovers', () => {
  it('opens on a resting mouse, stays while the pointer moves onto it, links in the page language, and passes axe open', async () => {
    const { page, errors } = await open(browser(), '/config/lib/format', { colorScheme: 'light' });
    await hydrated(page);
    const name = page.locator('main pre button', { hasText: /^format$/ }).first();
    await name.hover();
    const popover = page.locator('[data-code-hover]');
    await popover.waitFor();
    expect(await popoverText(page)).toContain('Output format for the generated JavaScript files.');
    expect(await popoverText(page)).toContain('LibConfig.format?: Format');
    // The pointer moves onto the popover (past the gap under the name): it stays, its link can be used.
    const link = popover.getByRole('link').first();
    await link.hover();
    expect(await popover.isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toBe('/config/lib/format');
    // A screen reader hears the text on the name it is on.
    const describedBy = await name.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain('Output format');
    expect(await axeViolations(page, 'popover open, light')).toEqual([]);
    // The page as it is now, popover open, passes html-validate as the prerendered page does,
    // but for styles set by script (the popover's place, the theme), which no prerendered page has.
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const report = await validator.validateString(await page.content(), path.resolve(import.meta.dirname, '../../dist/config/lib/format/index.html'), { rules: { 'no-inline-style': 'off' } });
    expect(report.results.flatMap((result) => result.messages.map((m) => `${m.line}:${m.column} ${m.message} [${m.ruleId}]`))).toEqual([]);
    // The pointer leaves both: the popover closes.
    await page.mouse.move(5, 5);
    await popover.waitFor({ state: 'detached' });
    // `defineConfig` shows what it returns.
    await page.locator('main pre button', { hasText: /^defineConfig$/ }).first().hover();
    expect(await popoverText(page)).toContain('RslibConfig');
    expect(errors).toEqual([]);
  });

  it('is reached by keyboard and closed by Escape; on a Chinese page it links to the Chinese page, and axe passes in the dark theme', async () => {
    const { page, errors } = await open(browser(), '/zh/config/lib/format', { colorScheme: 'dark' });
    await hydrated(page);
    const name = page.locator('main pre button', { hasText: /^format$/ }).first();
    // Tab from the name just before it: the keyboard reaches every name.
    await name.evaluate((element) => (element.closest('pre') as HTMLElement).focus());
    for (let i = 0; i < 10 && !(await name.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    const popover = page.locator('[data-code-hover]');
    await popover.waitFor();
    expect(await name.getAttribute('aria-expanded')).toBe('true');
    expect(await popover.getByRole('link').first().getAttribute('href')).toBe('/zh/config/lib/format');
    expect(await popoverText(page)).toContain('默认值：');
    expect(await axeViolations(page, 'popover open, dark')).toEqual([]);
    // The popover's link comes next in the tab order, and the popover stays open on it.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-code-hover]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it("shows, on a file a page shows, what its imports give, as the page's declaration file declares it, and what it declares", async () => {
    const { page, errors } = await open(browser(), '/guide/advanced/svgr-files');
    await hydrated(page);
    const file = page.locator('main pre', { hasText: "from './logo.svg?react'" }).first();
    await file.locator('button', { hasText: /^Logo$/ }).first().hover();
    // The page's src/env.d.ts declares the ?react query; @rslib/core's own types give the URL.
    expect(await popoverText(page)).toContain('FC<SVGProps<SVGSVGElement>>');
    await file.locator('button', { hasText: /^logoUrl$/ }).first().hover();
    await page.locator('[data-code-hover]', { hasText: 'string' }).waitFor();
    // What it declares at its top level says what it is; the attributes of its JSX are no names of its own.
    await file.locator('button', { hasText: /^Header$/ }).first().hover();
    await page.locator('[data-code-hover]', { hasText: 'const Header' }).waitFor();
    expect(await file.locator('button', { hasText: /^width$/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('opens on a tap on a phone and fits the screen; a // ^? answer shows under its line, the comment does not', async () => {
    const { page, context, errors } = await open(browser(), '/config/', { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    await hydrated(page);
    const sample = page.locator('main pre', { hasText: 'command ===' }).first();
    expect(await sample.innerText()).not.toContain('^?');
    // Shown by CSS from the line's data-query, so copying the sample leaves it out.
    const answer = await sample.locator('[data-query]').evaluate((line) => getComputedStyle(line, '::after').content);
    expect(answer).toBe('"(parameter) command: string"');
    const name = sample.locator('button', { hasText: /^lib$/ }).first();
    await name.tap();
    const popover = page.locator('[data-code-hover]');
    await popover.waitFor();
    expect(await popoverText(page)).toContain('RslibConfig.lib');
    const box = (await popover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // A tap elsewhere closes it.
    await page.locator('main h1').tap();
    await popover.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
