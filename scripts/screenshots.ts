/**
 * `npm run screenshots`: home, a doc page (light, dark, phone) and the 404 page of the built site
 * (dist/) → screenshots/ (git-ignored). Builds nothing: run `npm run build` first.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { startServer } from './serve.ts';

const out = resolve(import.meta.dirname, '..', 'screenshots');
const DOC = '/guide/start/quick-start';

const shots: { name: string; path: string; width: number; height: number; dark?: boolean; mobile?: boolean; fullPage?: boolean }[] = [
  { name: 'home', path: '/', width: 1440, height: 900 },
  { name: 'home-full', path: '/', width: 1440, height: 900, fullPage: true },
  { name: 'home-zh-dark', path: '/zh/', width: 1440, height: 900, dark: true },
  { name: 'doc-light', path: DOC, width: 1440, height: 900 },
  { name: 'doc-dark', path: DOC, width: 1440, height: 900, dark: true },
  { name: 'doc-phone', path: DOC, width: 390, height: 844, mobile: true },
  { name: 'doc-tablet', path: '/config/lib/format', width: 1100, height: 800 },
  { name: 'overview', path: '/config/', width: 1440, height: 900 },
  { name: 'home-phone', path: '/', width: 390, height: 844, mobile: true },
  { name: '404', path: '/does-not-exist', width: 1440, height: 900 },
];

await mkdir(out, { recursive: true });
const server = await startServer({ port: 0 });
const browser = await launchBrowser();
try {
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: shot.mobile ? 2 : 1,
      isMobile: shot.mobile ?? false,
      hasTouch: shot.mobile ?? false,
      colorScheme: shot.dark ? 'dark' : 'light',
    });
    // First visit flag set: no locale redirect while taking pictures.
    await context.addInitScript(() => localStorage.setItem('rspress-visited', '1'));
    const page = await context.newPage();
    await page.goto(server.url + shot.path, { waitUntil: 'networkidle' });
    await page.screenshot({ path: resolve(out, `${shot.name}.png`), fullPage: shot.fullPage ?? false });
    await context.close();
    console.log(`screenshots/${shot.name}.png`);
  }
} finally {
  await browser.close();
  await server.close();
}
