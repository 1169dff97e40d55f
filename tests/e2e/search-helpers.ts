/**
 * Helpers of the search e2e tests (tests/e2e/search*.test.ts): opening a page with init scripts
 * or a rewritten search config, the per-language texts, and a stand-in for the
 * hosted search service on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core';
import { baseUrl, hydrated } from './helpers.ts';
import { tabOrContext } from './recycled-tab.ts';

export type Lang = 'en' | 'zh';

/** What the reader sees, per language (Chinese as the site shows it). */
export const TEXT = {
  en: {
    home: '/guide/start/',
    dialog: 'Search documentation',
    input: 'Search',
    results: 'Search results',
    button: 'Search',
    noRecent: 'No recent searches',
    recent: 'Recent',
    favorite: 'Favorite',
    noResults: (q: string) => `No results for "${q}"`,
    letUsKnow: 'Let us know.',
    errorTitle: 'Unable to fetch results',
    errorHelp: 'You might want to check your network connection.',
    loading: 'Loading…',
    hints: ['to select', 'to navigate', 'to close'],
    keys: ['Enter key', 'Arrow down', 'Arrow up', 'Escape key'],
    save: 'Save this search',
    removeRecent: 'Remove this search from history',
    removeFavorite: 'Remove this search from favorites',
    /** A query with several groups of results, its matched text as marked, and one with none. */
    query: 'autoext',
    marked: /^autoext$/i,
    nothing: 'zzqqxxv',
    /** Queries that each find a different first hit (for filling the recent list). */
    distinct: ['glossary', 'autoExternal', 'storybook', 'umdName', 'shims', 'banner', 'redirect', 'syntax', 'outBase'],
  },
  zh: {
    home: '/zh/guide/start/',
    dialog: '搜索文档',
    input: '搜索',
    results: '搜索结果',
    button: '搜索文档',
    noRecent: '没有搜索历史',
    recent: '搜索历史',
    favorite: '收藏',
    noResults: (q: string) => `无法找到 "${q}" 的相关结果`,
    letUsKnow: '点击反馈',
    errorTitle: '无法获取结果',
    errorHelp: '你可能需要检查你的网络连接',
    loading: '加载中…',
    hints: ['选择', '切换', '关闭'],
    keys: ['回车键', '向下键', '向上键', 'Esc 键'],
    save: '保存至收藏',
    removeRecent: '从搜索历史中移除',
    removeFavorite: '从收藏中移除',
    query: '模块联邦',
    marked: /^联邦$/,
    nothing: '鑫鑫鑫',
    distinct: ['名词解释', '模块联邦', 'Storybook', 'umdName', 'shims', 'banner', 'redirect', '静态资源', 'outBase'],
  },
} as const;

export interface SearchPageOptions extends BrowserContextOptions {
  /** Scripts run before any of the page's own (e.g. a storage that throws). */
  init?: Array<() => void>;
  /** Replaces `themeConfig.search` in the site config embedded in every page. */
  search?: Record<string, unknown>;
  /** Called with the context before the page loads (routes). */
  before?(context: BrowserContext): Promise<unknown>;
}

export interface SearchPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/** The embedded site config names the local search like this (inside a JS string literal). */
const EMBEDDED_SEARCH = '\\"search\\":{\\"provider\\":\\"local\\"}';

/**
 * Opens `path` as a returning visitor (no locale redirect) and waits for hydration: in the file's
 * recycled tab (recycled-tab.ts), or in a new context for options a tab cannot take.
 */
export async function openSearchPage(browser: Browser, path: string, options: SearchPageOptions = {}): Promise<SearchPage> {
  const { init = [], search, before, ...contextOptions } = options;
  const viewport = { width: 1280, height: 800 };
  const origin = new URL(baseUrl()).origin;
  const prepare = (context: BrowserContext) => context.addInitScript(() => localStorage.setItem('rspress-visited', '1'));
  const opened = await tabOrContext(browser, { kind: 'search', viewport, options: contextOptions, origin, prepare });
  const { context } = opened;
  for (const script of init) await context.addInitScript(script);
  if (search) {
    const replacement = `\\"search\\":${JSON.stringify(search).replaceAll('"', '\\"')}`;
    await context.route(
      (url) => url.origin === origin,
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const body = await response.text();
        // A page without the embedded config would silently test the local search instead.
        if (response.status() === 200 && !body.includes(EMBEDDED_SEARCH)) throw new Error(`no embedded search config in ${route.request().url()}`);
        // The embedded state is an inline script: changed, it no longer matches the hash in the
        // page's Content-Security-Policy, so the altered page goes without the policy.
        const headers = { ...response.headers() };
        delete headers['content-security-policy'];
        await route.fulfill({ response, headers, body: body.replace(EMBEDDED_SEARCH, replacement) });
      },
    );
  }
  await before?.(context);
  const page = opened.page ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(baseUrl() + path);
  await searchReady(page);
  return { context, page, errors };
}

/** Waits until the page has hydrated and the search button listens for its shortcuts. */
export async function searchReady(page: Page): Promise<void> {
  await hydrated(page);
  await page.locator('[data-search-button][data-search-ready]').first().waitFor({ state: 'attached' });
}

export const dialogOf = (page: Page, lang: Lang) => page.getByRole('dialog', { name: TEXT[lang].dialog });
export const inputOf = (page: Page, lang: Lang) => dialogOf(page, lang).getByRole('combobox', { name: TEXT[lang].input });
export const optionsOf = (page: Page, lang: Lang) => dialogOf(page, lang).getByRole('option');

/** Opens the dialog with Ctrl+K and waits for its input to have focus. */
export async function openDialog(page: Page, lang: Lang): Promise<void> {
  await page.keyboard.press('Control+k');
  await inputOf(page, lang).waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
}

/** Types a query into the open dialog and waits until the hits for it are shown. */
export async function search(page: Page, lang: Lang, query: string): Promise<void> {
  await inputOf(page, lang).fill(query);
  await page.waitForFunction(
    (q) => {
      const live = document.querySelector('[role="dialog"] [aria-live]');
      const input = document.querySelector<HTMLInputElement>('[role="dialog"] input');
      return input?.value === q && !!live?.textContent;
    },
    query,
  );
}

/** Path and hash an option leads to (the option is the hit's link). */
export async function hrefOf(page: Page, lang: Lang, index: number): Promise<string> {
  const href = await optionsOf(page, lang).nth(index).getAttribute('href');
  if (!href) throw new Error(`option ${index} has no link`);
  return href;
}

/** Snippet units as the modal counts them: a Latin word or two CJK characters. */
export function snippetUnits(text: string): number {
  const units = text.replaceAll('…', ' ').match(/[\p{Script=Han}]{1,2}|[^\s\p{Script=Han}]+/gu);
  return units?.length ?? 0;
}

// -------------------------------------------------------------------------------------------
// Hosted search stand-in
// -------------------------------------------------------------------------------------------

export interface StandInHit {
  objectID: string;
  url: string;
  type: string;
  content: string | null;
  hierarchy: Record<string, string | null>;
}

export interface StandInRequest {
  host: string;
  path: string;
  params: URLSearchParams;
  body: { requests: Array<Record<string, unknown>> };
}

/**
 * A stand-in for the hosted search service on 127.0.0.1: answers `POST /1/indexes/*\/queries`
 * with the records whose text contains the query, highlighted and snippeted the service's way.
 * The host the browser meant is passed along by the route (`x-stand-in-host`); `statusFor` can
 * make a host answer with an error.
 */
export class StandIn {
  readonly requests: StandInRequest[] = [];
  statusFor: (host: string) => number = () => 200;
  private server: Server | undefined;
  url = '';

  constructor(private readonly hits: StandInHit[]) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, GET, OPTIONS' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const host = String(req.headers['x-stand-in-host'] ?? '');
    let body: StandInRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StandInRequest['body'];
    } catch {
      res.writeHead(400, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Invalid JSON', status: 400 }));
      return;
    }
    this.requests.push({ host, path: url.pathname, params: url.searchParams, body });
    const status = this.statusFor(host);
    if (status !== 200) {
      res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Internal error', status }));
      return;
    }
    if (req.method !== 'POST' || !/^\/1\/indexes\/\*\/queries$/.test(url.pathname)) {
      res.writeHead(404, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found', status: 404 }));
      return;
    }
    const results = body.requests.map((request) => this.answer(String(request.query ?? '')));
    res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ results }));
  }

  private answer(query: string) {
    const q = query.trim().toLowerCase();
    const mark = (text: string) => {
      if (!q) return text;
      const at = text.toLowerCase().indexOf(q);
      return at < 0 ? text : `${text.slice(0, at)}<mark>${text.slice(at, at + q.length)}</mark>${text.slice(at + q.length)}`;
    };
    const hits = this.hits
      .filter((hit) => q && [...Object.values(hit.hierarchy), hit.content].some((t) => t?.toLowerCase().includes(q)))
      .map((hit) => ({
        ...hit,
        _highlightResult: {
          hierarchy: Object.fromEntries(Object.entries(hit.hierarchy).filter(([, v]) => v).map(([k, v]) => [k, { value: mark(v!) }])),
        },
        _snippetResult: hit.content ? { content: { value: mark(hit.content) } } : undefined,
      }));
    return { hits, nbHits: hits.length, queryID: 'q1', query, page: 0, hitsPerPage: 20 };
  }
}

/** Hosts of the hosted service for an application id: the read host and three fallbacks. */
export const isAlgoliaHost = (url: URL) => /\.algolia\.net$|\.algolianet\.com$/.test(url.hostname);

/**
 * Routes the browser's calls to the hosted service to the stand-in. `hang(host)` leaves a host's
 * requests unanswered (the client times out on it).
 */
export async function routeToStandIn(context: BrowserContext, standIn: StandIn, hang: (host: string) => boolean = () => false): Promise<string[]> {
  const contacted: string[] = [];
  await context.route(isAlgoliaHost, async (route: Route) => {
    const request = route.request();
    const target = new URL(request.url());
    contacted.push(target.hostname);
    if (hang(target.hostname)) return; // never answered
    try {
      const response = await route.fetch({
        url: standIn.url + target.pathname + target.search,
        headers: { ...request.headers(), 'x-stand-in-host': target.hostname },
      });
      await route.fulfill({ response });
    } catch {
      // The page went away while the stand-in answered.
    }
  });
  return contacted;
}
