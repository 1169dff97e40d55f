/**
 * Recycled tabs: a test that opens the site with no context option but a viewport, a colour
 * scheme or a motion preference gets its file's one page back, reset to a first-time visitor's
 * state, instead of a new browser context and page.
 *
 * Why: a new context and page start a renderer process and load the page cold (no cache, no
 * compiled code). Measured in Chromium's processes, a new context's page took about 4 s of CPU
 * to a hydrated page, a page that had loaded the site before about 1.2 s; on two cores under the
 * suite's load, 2.6 s against 1.0 s of wall time. Most e2e tests open one page and are mostly that.
 *
 * What a test gets is a fresh visitor's page: no cookies, permissions, local or session storage,
 * routes, init scripts or listeners of an earlier test; other pages closed; the viewport and
 * media features it asked for (or a new context's); the pointer at the top left and a new
 * document with nothing hovered. What it shares with earlier tests is what a returning reader's
 * browser has: the HTTP cache and the history of the tab. Tests that need other context options
 * (scripts off, a phone, a locale, permissions) take a new context.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Disposable, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

interface Tab {
  context: BrowserContext;
  page: Page;
  /** Handed to a test that has not finished yet. */
  busy: boolean;
  /** Init scripts, exposed functions and DevTools sessions the current test added, removed before the next. */
  added: Array<Pick<Disposable, 'dispose'>>;
}

interface TabOptions {
  /** Which kind of page (the helper asking): tabs of different kinds are not shared. */
  kind: string;
  viewport: { width: number; height: number };
  /** Media features the test asked for; the rest as a new context has them. */
  colorScheme?: 'light' | 'dark';
  reducedMotion?: 'reduce' | 'no-preference';
  /** The site's origin: storage is cleared there. */
  origin: string;
  /** What every page of this kind gets once, on the new context (init scripts every test wants). */
  prepare(context: BrowserContext): Promise<unknown>;
}

interface LentTab {
  /** The tab's context; its `close()` gives the tab back instead of closing it. */
  context: BrowserContext;
  page: Page;
}

type TabMedia = Pick<TabOptions, 'viewport' | 'colorScheme' | 'reducedMotion'>;

/**
 * What a tab must be set to for a test that asked for these context options, or undefined when a
 * tab cannot stand in for a new context with them: anything but a viewport, a colour scheme and a
 * motion preference (`null` and `no-preference` switch emulation off, which a tab does not undo).
 */
function tabMediaFor(options: BrowserContextOptions, viewport: TabOptions['viewport']): TabMedia | undefined {
  const { viewport: asked = viewport, colorScheme, reducedMotion, ...others } = options;
  if (Object.keys(others).length > 0 || asked === null || colorScheme === null || colorScheme === 'no-preference' || reducedMotion === null) return undefined;
  return { viewport: asked, colorScheme, reducedMotion };
}

/** What opening the site asks for: a context, and its page when a recycled tab stands in for one. */
export interface TabOrContextOptions extends Omit<TabOptions, keyof TabMedia> {
  viewport: TabOptions['viewport'];
  /** The test's context options (viewport, colour scheme, … or any other). */
  options: BrowserContextOptions;
  /** False when something else rules a tab out (a first visit, another site's origin). */
  recyclable?: boolean;
}

/**
 * The file's tab of this kind, reset, with its page, when the options allow a tab and it is
 * free; otherwise a new context with the options, prepared, and no page yet (the caller opens
 * it when its routes are in place).
 */
export async function tabOrContext(browser: Browser, { options, recyclable = true, ...tab }: TabOrContextOptions): Promise<{ context: BrowserContext; page?: Page }> {
  const media = recyclable ? tabMediaFor(options, tab.viewport) : undefined;
  const lent = media ? await lendTab(browser, { ...tab, ...media }) : undefined;
  if (lent) return lent;
  const context = await browser.newContext({ viewport: tab.viewport, ...options });
  await tab.prepare(context);
  return { context };
}

/** Per connected browser (one per test file), per kind. */
const tabs = new WeakMap<Browser, Map<string, Tab>>();

/**
 * The file's tab of this kind, reset, or undefined while an earlier open of the same test still
 * holds it (the caller then opens a new context, as before).
 */
async function lendTab(browser: Browser, options: TabOptions): Promise<LentTab | undefined> {
  const kinds = tabs.get(browser) ?? new Map<string, Tab>();
  tabs.set(browser, kinds);
  let tab = kinds.get(options.kind);
  if (tab?.busy) return undefined;
  // A reset that fails (the last test timed out mid-navigation, say) costs the tab, not the test.
  if (tab && !(await reset(tab, options).then(() => true, () => false))) {
    await tab.context.close().catch(() => undefined);
    tab = undefined;
  }
  // A clock the last test installed stays on the context for good: that context is not reused.
  if (tab && (await tab.page.evaluate(() => '__pwClock' in window))) {
    await tab.context.close();
    tab = undefined;
  }
  if (!tab) {
    const context = await browser.newContext({ viewport: options.viewport });
    await options.prepare(context);
    tab = { context, page: await context.newPage(), busy: false, added: [] };
    recordAdditions(tab, tab.context);
    recordAdditions(tab, tab.page);
    kinds.set(options.kind, tab);
  }
  const lent = tab;
  await lent.page.setViewportSize(options.viewport);
  await lent.page.emulateMedia({ media: null, colorScheme: options.colorScheme ?? 'light', reducedMotion: options.reducedMotion ?? 'no-preference', forcedColors: 'none', contrast: 'no-preference' });
  lent.busy = true;
  onTestFinished(() => {
    lent.busy = false;
  });
  const context = new Proxy(lent.context, {
    get(target, property) {
      if (property === 'close') {
        return async () => {
          lent.busy = false;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { context, page: lent.page };
}

/**
 * What a test adds to the tab's context or page that a reset could not undo otherwise (init
 * scripts, exposed functions, DevTools sessions) is recorded as it is added, to be removed
 * before the next test.
 */
function recordAdditions(tab: Tab, target: BrowserContext | Page): void {
  if ('newCDPSession' in target) {
    const open = target.newCDPSession.bind(target);
    Object.defineProperty(target, 'newCDPSession', {
      configurable: true,
      writable: true,
      value: async (...args: Parameters<BrowserContext['newCDPSession']>) => {
        const session = await open(...args);
        tab.added.push({ dispose: () => session.detach().catch(() => undefined) });
        return session;
      },
    });
  }
  for (const name of ['addInitScript', 'exposeFunction', 'exposeBinding'] as const) {
    const add = (target[name] as (...args: unknown[]) => Promise<Disposable>).bind(target);
    Object.defineProperty(target, name, {
      configurable: true,
      writable: true,
      value: async (...args: unknown[]) => {
        const added = await add(...args);
        tab.added.push(added);
        return added;
      },
    });
  }
}

/** The events a test listens to; not `close` and `crash`, on which Playwright's own listeners are. */
const PAGE_EVENTS = ['console', 'dialog', 'download', 'filechooser', 'frameattached', 'framedetached', 'framenavigated', 'domcontentloaded', 'load', 'pageerror', 'popup', 'request', 'requestfailed', 'requestfinished', 'response', 'websocket', 'worker'];
const CONTEXT_EVENTS = ['console', 'dialog', 'page', 'request', 'requestfailed', 'requestfinished', 'response', 'weberror'];

async function reset(tab: Tab, { origin }: TabOptions): Promise<void> {
  const { context } = tab;
  for (const other of context.pages()) if (other !== tab.page) await other.close();
  if (tab.page.isClosed()) {
    tab.page = await context.newPage();
    recordAdditions(tab, tab.page);
  }
  const { page } = tab;
  for (const event of PAGE_EVENTS) page.removeAllListeners(event);
  for (const event of CONTEXT_EVENTS) context.removeAllListeners(event);
  await Promise.all(tab.added.splice(0).map((added) => added.dispose()));
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await page.keyboard.up(key);
  // Storage is cleared from a document of the site's origin that runs none of the app (which
  // writes some of it as it unloads): a text file.
  await page.goto(`${origin}/llms.txt`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  // The pointer where a new page's is, at the top left (a wheel turns there), moved on the text
  // document: the next one starts with nothing hovered, as a new page's does.
  await page.mouse.move(0, 0);
}
