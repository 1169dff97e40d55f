/**
 * Renderer budgets (issue 3), measured on the built site (dist/; built first when missing):
 * first-load JS and CSS (gzip) of a doc page, its HTML size, that the bundle holds no route table,
 * and client navigation time in Chromium from click to the new h1 (hovered first, and not); and
 * Lighthouse 12.8 (13.x needs Node 22) on the home page and a doc page, desktop and mobile, all four
 * categories, against Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { pageScripts } from '../../renderer/prerender/pages.ts';
import { startServer } from '../../scripts/serve.ts';
import { CHROMIUM_PATH, launchBrowser } from '../e2e/browser.ts';
import { FIRST_LOAD_BUDGET_KB, FIRST_LOAD_PARTS, firstLoadJs } from './first-load.ts';
import { printRows, type Row } from './report.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'dist');
const DOC = '/guide/start/quick-start';
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

if (!existsSync(path.join(dist, 'index.html'))) execSync('npm run build', { cwd: root, stdio: 'inherit' });

// Static view: what the doc page's HTML makes the browser load before any interaction.
const htmlFile = path.join(dist, 'guide/start/quick-start.html');
const html = readFileSync(htmlFile, 'utf8');
const scripts = pageScripts(html);
const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
/** Every prerendered HTML file of dist/, as a path relative to it. */
const htmlFiles = (readdirSync(dist, { recursive: true, encoding: 'utf8' }) as string[]).filter((file) => file.endsWith('.html') && !file.startsWith('_')).sort();
// The budget holds on every page: the heaviest of them (an overview with tabs, a home page) too.
const heaviest = htmlFiles.map((file) => [file, firstLoadJs(dist, file)] as const).reduce((a, b) => (b[1].total > a[1].total ? b : a));
const firstLoads = [
  [DOC, firstLoadJs(dist, 'guide/start/quick-start.html')],
  ['/', firstLoadJs(dist, 'index.html')],
  [`the heaviest of ${htmlFiles.length} pages, ${heaviest[0]}`, heaviest[1]],
] as const;
const cssGzip = [...new Set(styles)].reduce((sum, href) => sum + gz(path.join(dist, href)), 0);

// No route table: the entry bundle must not contain the site's route paths.
const routes = (JSON.parse(readFileSync(path.join(root, 'dist-data/routes.json'), 'utf8')) as { routes: { path: string }[] }).routes.map((r) => r.path);
const bundle = scripts.map((src) => readFileSync(path.join(dist, src), 'utf8')).join('\n');
const specific = routes.filter((r) => r.split('/').filter(Boolean).length >= 3);
const inBundle = specific.filter((r) => bundle.includes(`"${r}"`) || bundle.includes(`'${r}'`) || bundle.includes(`\`${r}\``)).length;

// Browser view: JS actually transferred by the page load, and navigation timings.
const server = await startServer({ port: 0 });
const browser = await launchBrowser();
const rows: Row[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('rspress-visited', '1'));
  const page = await context.newPage();
  // Each script's size, taken as its response arrives (the body is read later, so the count
  // cannot miss a script whose body was still being read when the page hydrated).
  const loadedJs: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) loadedJs.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  await page.goto(server.url + DOC, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '');
  const jsAtLoad = (await Promise.all(loadedJs.slice())).reduce((sum, size) => sum + size, 0);

  // Targets: sidebar links of the guide, visited one after the other.
  const targets = await page.$$eval('nav[aria-label="Sidebar"] a', (links) => links.map((a) => a.getAttribute('href')!).filter((h) => h !== '/guide/start/quick-start'));
  const measure = async (href: string, hover: boolean): Promise<number> => {
    const link = page.locator(`nav[aria-label="Sidebar"] a[href="${href}"]`);
    await link.scrollIntoViewIfNeeded();
    if (hover) {
      const loaded = page.waitForResponse((r) => r.url().includes('/_data/pages/'));
      await link.hover();
      await loaded;
      await page.waitForTimeout(50);
    } else {
      await page.mouse.move(1000, 10);
    }
    // Time from the click event to the DOM holding the new page's h1, measured in the page.
    // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
    return page.evaluate(`new Promise((resolve) => {
      const target = ${JSON.stringify(href)};
      const a = document.querySelector('nav[aria-label="Sidebar"] a[href="' + target + '"]');
      const before = document.querySelector('h1')?.textContent;
      const start = performance.now();
      setTimeout(() => resolve(Number.NaN), 5000);
      const observer = new MutationObserver(() => {
        const h1 = document.querySelector('h1');
        if (location.pathname === target && h1 && h1.textContent !== before) {
          observer.disconnect();
          resolve(performance.now() - start);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    })`) as Promise<number>;
  };
  // Warm-up: the validation chunk and first render paths.
  await measure(targets[0]!, false);
  const cold: number[] = [];
  const hovered: number[] = [];
  for (const [i, href] of targets.slice(1, 21).entries()) (i % 2 ? hovered : cold).push(await measure(href, i % 2 === 1));
  await context.close();

  rows.push(
    ...firstLoads.flatMap(([route, load]) => [
      // To the hundredth: the budget is 110 KB, not what rounds to it.
      { name: `first-load JS of ${route} (gzip, before load)`, value: Math.round((load.total / 1024) * 100) / 100, unit: 'KB', budget: FIRST_LOAD_BUDGET_KB },
      ...FIRST_LOAD_PARTS.map((part) => ({ name: `  ${part}`, value: kb(load.parts[part]), unit: 'KB' })),
    ]),
    // A cross-check of the static figure: what the browser really fetched until hydration.
    { name: 'JS transferred until hydrated (gzip)', value: kb(jsAtLoad), unit: 'KB' },
    { name: 'first-load CSS (gzip)', value: kb(cssGzip), unit: 'KB' },
    { name: `HTML of ${DOC} (raw)`, value: kb(readFileSync(htmlFile).length), unit: 'KB' },
    { name: `HTML of ${DOC} (gzip)`, value: kb(gz(htmlFile)), unit: 'KB' },
    { name: `route paths found in the bundle (of ${specific.length}; pages: ${routes.length})`, value: inBundle, unit: '', budget: 1 },
    { name: `client nav, hovered first: median of ${hovered.length}`, value: Math.round(median(hovered) * 10) / 10, unit: 'ms', budget: 30 },
    { name: `client nav, no hover: median of ${cold.length}`, value: Math.round(median(cold) * 10) / 10, unit: 'ms', budget: 60 },
  );
} finally {
  await browser.close();
}

// Lighthouse: its own Chromium (chrome-launcher), one run per page and form factor.
const lighthouseRows: Row[] = [];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const [label, pagePath] of [['home', '/'], ['doc', DOC]] as const) {
    for (const formFactor of ['desktop', 'mobile'] as const) {
      const result = await lighthouse(server.url + pagePath, { port: chrome.port, output: 'json', logLevel: 'error' }, formFactor === 'desktop' ? desktopConfig : undefined);
      if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
      const { categories, audits } = result.lhr;
      for (const category of Object.values(categories)) {
        lighthouseRows.push({ name: `${label} ${formFactor}: ${category.title}`, value: Math.round((category.score ?? 0) * 100), unit: '', budget: 100, atLeast: true });
      }
      // What keeps a score under 100, so a missed budget says where to look.
      const lost = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric') && !a.id.endsWith('-insight'));
      for (const a of lost) console.log(`  lighthouse ${label} ${formFactor}: ${a.id} ${a.displayValue ?? ''} (score ${a.score})`);
    }
  }
} finally {
  await chrome.kill();
  await server.close();
}
const rendererOk = printRows('Renderer (doc page, Chromium headless)', rows);
const ok = printRows('Lighthouse 12.8 (Chromium headless; simulated throttling on mobile)', lighthouseRows) && rendererOk;
console.log('  First-load JS is the same at 10 or 2,000 pages: the client build never reads dist-data (no route table; row above).');
process.exitCode = ok ? 0 : 1;
