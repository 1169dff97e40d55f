/** Shared helpers of the e2e tests: one connected browser per file, pages with error capture. */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { tabOrContext } from './recycled-tab.ts';

export const baseUrl = (): string => inject('baseUrl');

/** Connects to the run's browser for the calling test file, closing the connection after it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('browser not connected yet');
    return browser;
  };
}

export interface Opened {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  /** Requests to any host other than the test server. */
  foreign: string[];
}

export interface OpenOptions extends BrowserContextOptions {
  /** Leave the first-visit flag unset so the locale redirect may run (off by default). */
  firstVisit?: boolean;
  /** Runs on the new page before it navigates (e.g. `page.route` to alter a response). */
  beforeGoto?: (page: Page) => Promise<void>;
  /** Another site than the built one (a fixture site's URL). */
  base?: string;
}

/**
 * Opens `path` as a returning visitor (no locale redirect) with a Content-Security-Policy
 * violation counted as an error: in the file's recycled tab (recycled-tab.ts), or in a new
 * context for options a tab cannot take (see there).
 */
export async function open(browser: Browser, path: string, options: OpenOptions = {}): Promise<Opened> {
  const { firstVisit = false, beforeGoto, base = baseUrl(), ...contextOptions } = options;
  const viewport = { width: 1440, height: 900 };
  const prepare = async (context: BrowserContext) => {
    if (!firstVisit) await context.addInitScript(() => localStorage.setItem('rspress-visited', '1'));
    // A script, style or request the page's Content-Security-Policy blocks is an error like any other.
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`)),
    );
  };
  const origin = new URL(base).origin;
  const opened = await tabOrContext(browser, { kind: 'open', viewport, options: contextOptions, origin, prepare, recyclable: !firstVisit && base === baseUrl() });
  const { context } = opened;
  const page = opened.page ?? (await context.newPage());
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('console', (message) => {
    // The browser logs every 404 response; the 404 page's own status is expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded with a status of 404')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== origin) foreign.push(url);
  });
  await beforeGoto?.(page);
  await page.goto(base + path);
  return { context, page, errors, foreign };
}

/** Marks the current document so a test can tell a client navigation (marker kept) from a page load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

/** Waits until React has hydrated (the app marks <html> once its effects ran). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '');
}

export interface ShownHead {
  title: string;
  lang: string;
}

/**
 * The document's title and language at the moment the page's <h1> first reads `heading` after
 * `navigate` (a MutationObserver callback: in the task that put the heading in, before the
 * browser paints it), for a test that the head changes together with the page's content.
 */
export async function headWhenHeadingShows(page: Page, heading: string, navigate: () => Promise<unknown>): Promise<ShownHead> {
  await page.evaluate((h1) => {
    const w = window as unknown as { __shownHead?: ShownHead };
    delete w.__shownHead;
    const observer = new MutationObserver(() => {
      if (document.querySelector('main h1')?.textContent !== h1) return;
      w.__shownHead = { title: document.title, lang: document.documentElement.lang };
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, heading);
  await navigate();
  await page.waitForFunction(() => '__shownHead' in window);
  return page.evaluate(() => (window as unknown as { __shownHead: ShownHead }).__shownHead);
}

/** The title and language of the page at `path` as the server sends it (prerendered). */
export async function prerenderedHead(path: string): Promise<ShownHead> {
  const html = await (await fetch(baseUrl() + path)).text();
  return { title: html.match(/<title>([^<]*)<\/title>/)![1]!, lang: html.match(/<html lang="([^"]+)"/)![1]! };
}

/** An in-app navigation, as the router's history sees a back/forward: no page load. */
export async function pushPath(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
