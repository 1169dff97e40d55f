/**
 * A Chinese page whose English source changed after it says so at its top, in Chinese, with a
 * link to the English page (the state comes from the fixture site's git history); an up-to-date
 * page says nothing. The notice is in the prerendered HTML too, and passes axe.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseFiles, baseSite } from '../pipeline/fixture.ts';
import { axeViolations } from './axe.ts';
import { buildFixtureSite, type FixtureSite } from './fixture-site.ts';
import { open, useBrowser } from './helpers.ts';

const browser = useBrowser();
let site: FixtureSite;

/** Every page committed, then the English page A changed in a later commit. */
function history(root: string): void {
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Writer', '-c', 'user.email=writer@example.org', ...args], { cwd: root, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'First pages');
  writeFileSync(path.join(root, 'content/en/guide/a.md'), '# Page A\n\nAbout A, now at length.\n');
  git('commit', '-q', '-am', 'Explain A better');
}

beforeAll(async () => {
  site = await buildFixtureSite(baseFiles(), baseSite(), history);
}, 180_000);
afterAll(async () => {
  await site?.close();
});

describe('the outdated translation notice', () => {
  it('tops an outdated Chinese page, in Chinese, and links to its English page', async () => {
    expect(readFileSync(path.join(site.dir, 'zh/guide/a.html'), 'utf8')).toContain('英文原文在本页翻译之后有过改动');
    const { page, errors } = await open(browser(), '/zh/guide/a', { base: site.url });
    const notice = page.getByRole('note').filter({ hasText: '本页翻译可能已过时' });
    await expect(notice.textContent()).resolves.toContain('英文原文在本页翻译之后有过改动。');
    // It stands above the page's text, under its title.
    const [noticeTop, textTop] = await Promise.all([notice.boundingBox(), page.getByText('About A.').boundingBox()].map((box) => box.then((b) => b!.y)));
    expect(noticeTop).toBeLessThan(textTop!);
    expect(await axeViolations(page, '/zh/guide/a')).toEqual([]);
    const link = notice.getByRole('link', { name: '阅读英文原文' });
    expect(await link.getAttribute('href')).toBe('/guide/a');
    await link.click();
    await page.waitForURL(`${site.url}/guide/a`);
    // The URL changes as the navigation starts; the page's text once its record arrived.
    await page.getByText('About A, now at length.').waitFor();
    expect(await page.getByText('本页翻译可能已过时').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('is absent from an up-to-date Chinese page', async () => {
    expect(readFileSync(path.join(site.dir, 'zh/guide/b.html'), 'utf8')).not.toContain('英文原文在本页翻译之后有过改动');
    const { page } = await open(browser(), '/zh/guide/b', { base: site.url });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('本页翻译可能已过时').count()).toBe(0);
  });
});
