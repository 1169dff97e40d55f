/** Prerendered HTML: head tags, status codes, JavaScript-off reading, hydration without errors. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageScripts } from '../../renderer/prerender/pages.ts';
import { baseUrl, hydrated, open, useBrowser } from './helpers.ts';

const browser = useBrowser();

async function fetchHtml(path: string) {
  const response = await fetch(baseUrl() + path);
  return { status: response.status, html: await response.text() };
}

describe('prerendered head', () => {
  it('titles: page title + site title, home = site title (+ its suffix), 404 = "404" + site title', async () => {
    expect((await fetchHtml('/guide/start/quick-start')).html).toContain('<title>Quick start - Rslib</title>');
    expect((await fetchHtml('/')).html).toMatch(/<title>Rslib( - [^<]+)?<\/title>/);
    const missing = await fetchHtml('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<title>404 - Rslib</title>');
  });

  it('serves clean URLs for both languages with lang, description, Open Graph, canonical and hreflang', async () => {
    const en = await fetchHtml('/guide/start/quick-start');
    expect(en.status).toBe(200);
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(en.html).toContain('<meta property="og:title" content="Quick start - Rslib"');
    expect(en.html).toContain('<link rel="canonical" href="https://rslib.rs/guide/start/quick-start"');
    expect(en.html).toContain('hreflang="zh-CN" href="https://rslib.rs/zh/guide/start/quick-start"');
    expect(en.html).toContain('hreflang="en" href="https://rslib.rs/guide/start/quick-start"');
    const zh = await fetchHtml('/zh/');
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('<html lang="zh-CN">');
    expect(zh.html).toContain('<link rel="canonical" href="https://rslib.rs/zh/"');
  });

  it('gives content images their files\' width and height, in both languages', async () => {
    // content/public/images/bundle-vs-bundleless*.svg are 700 × 278.
    expect((await fetchHtml('/guide/basic/output-structure')).html).toMatch(/<img [^>]*src="\/images\/bundle-vs-bundleless\.svg"[^>]* width="700" height="278"/);
    expect((await fetchHtml('/zh/guide/basic/output-structure')).html).toMatch(/<img [^>]*src="\/images\/bundle-vs-bundleless-zh\.svg"[^>]* width="700" height="278"/);
  });

  it('on every route: alternate and canonical links are absolute, and every content image has its size', async () => {
    const { routes } = (await (await fetch(`${baseUrl()}/_data/routes.json`)).json()) as { routes: Array<{ path: string }> };
    const problems: string[] = [];
    let images = 0;
    for (const { path } of routes) {
      const { html } = await fetchHtml(path);
      for (const [link] of html.matchAll(/<link [^>]*rel="(?:alternate|canonical)"[^>]*>/g)) {
        if (!/ href="https:\/\//.test(link)) problems.push(`${path}: ${link}`);
      }
      const article = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      for (const [img] of article.matchAll(/<img [^>]*>/g)) {
        images++;
        if (!/ width="\d+"/.test(img) || !/ height="\d+"/.test(img)) problems.push(`${path}: ${img}`);
      }
    }
    expect(problems).toEqual([]);
    // The pages with diagrams: the blog post, the guide's start page and output structure, in both languages.
    expect(images).toBeGreaterThanOrEqual(8);
  });

  it('on every route: each class the HTML uses has rules in the stylesheet', async () => {
    // The CSS modules' class names are inlined into the code (renderer/vite.config.ts:
    // cssModuleNamespaces); a module the bundle dropped would take its rules with it.
    const { routes } = (await (await fetch(`${baseUrl()}/_data/routes.json`)).json()) as { routes: Array<{ path: string }> };
    // Shiki's marks on a block, which no rule needs: scripts and tests find blocks by them.
    const hooks = new Set(['shiki', 'has-diff']);
    const sheets = new Map<string, string>();
    const undefinedClasses = new Set<string>();
    let classes = 0;
    for (const { path } of routes) {
      const { html } = await fetchHtml(path);
      const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
      expect(href, path).toBeTruthy();
      if (!sheets.has(href!)) sheets.set(href!, await (await fetch(baseUrl() + href)).text());
      const css = sheets.get(href!)!;
      for (const [, list] of html.matchAll(/ class="([^"]*)"/g)) {
        for (const name of list!.split(/\s+/).filter(Boolean)) {
          classes++;
          if (!hooks.has(name) && !css.includes(`.${name}`)) undefinedClasses.add(`${path}: ${name}`);
        }
      }
    }
    expect([...undefinedClasses]).toEqual([]);
    expect(classes).toBeGreaterThan(routes.length * 50);
  });

  it('announces the RSS feed on the blog post only', async () => {
    const post = await fetchHtml('/blog/introducing-rslib');
    // Absolute, as an alternate with an hreflang must be.
    expect(post.html).toMatch(/<link rel="alternate" type="application\/rss\+xml" href="https:\/\/rslib\.rs\/feeds\/blog-en\.xml"[^>]* hreflang="en"/);
    expect((await fetchHtml('/zh/blog/introducing-rslib')).html).toContain('href="https://rslib.rs/feeds/blog-zh.xml"');
    expect((await fetchHtml('/guide/start/quick-start')).html).not.toContain('application/rss+xml');
    // The feeds, sitemap and llms.txt are served from the root.
    for (const file of ['/feeds/blog-en.xml', '/sitemap.xml', '/llms.txt', '/rslib-logo.svg']) {
      expect((await fetch(baseUrl() + file)).status, file).toBe(200);
    }
  });

  it('publishes each page as plain markdown beside its HTML, and llms-full.txt at the root', async () => {
    for (const [path, heading] of [['/guide/start/quick-start.md', '# Quick start'], ['/zh/guide/start/quick-start.md', '# 快速上手'], ['/guide/start/index.md', '# Introduction']]) {
      const response = await fetch(baseUrl() + path);
      expect(response.status, path).toBe(200);
      const text = await response.text();
      expect(text.startsWith(`${heading}\n`), path).toBe(true);
      expect(text, path).not.toMatch(/<(div|span|p|pre|code)[ >]/); // markdown, not HTML
    }
    const full = await (await fetch(baseUrl() + '/llms-full.txt')).text();
    expect(full).toContain('<!-- https://rslib.rs/guide/start/quick-start -->');
  });

  it('asks for its scripts at low priority, its stylesheet at the highest: the page reads before it hydrates', async () => {
    const { html } = await fetchHtml('/guide/start/quick-start');
    const scripts = pageScripts(html);
    expect(scripts.length).toBeGreaterThan(3);
    const priorities = new Map<string, string>();
    const { page, context, errors } = await open(browser(), '/guide/start/quick-start', {
      beforeGoto: async (page) => {
        const cdp = await page.context().newCDPSession(page);
        cdp.on('Network.requestWillBeSent', ({ request }) => priorities.set(new URL(request.url).pathname, request.initialPriority));
        await cdp.send('Network.enable');
      },
    });
    await hydrated(page);
    expect(Object.fromEntries(scripts.map((href) => [href, priorities.get(href)]))).toEqual(Object.fromEntries(scripts.map((href) => [href, 'Low'])));
    const stylesheet = html.match(/<link rel="stylesheet" href="([^"]+)"/)![1]!;
    expect(priorities.get(stylesheet)).toBe('VeryHigh');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('embeds the page record in the HTML (no data request on first load)', async () => {
    const { page, context } = await open(browser(), '/config/lib/format');
    const dataRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/_data/pages/') && dataRequests.push(r.url()));
    await page.reload();
    await hydrated(page);
    expect(dataRequests).toEqual([]);
    await context.close();
  });

  it("embeds the record's body in its short form, not as the record's HAST (renderer/lib/hast-wire.ts)", async () => {
    const { html } = await fetchHtml('/guide/start/quick-start');
    const record = await (await fetch(`${baseUrl()}/_data/pages/en/guide/start/quick-start.json`)).text();
    expect(record).toContain('"tagName":"span"');
    const state = html.match(/<script data-tsr-stream-part="">\$_TSR\.router=[\s\S]*?<\/script>/)?.[0] ?? '';
    expect(state).toContain('Quick start');
    expect(state).not.toContain('tagName');
    // Escaped as a string in a script, the record's HAST took a quarter more room than the record
    // (118 against 94 KB); its short form takes about half.
    expect(state.length).toBeLessThan(record.length * 0.6);
  });
});

describe('hydration', () => {
  const pages = ['/', '/zh/', '/guide/start/quick-start', '/zh/guide/start/quick-start', '/config/', '/config/rsbuild/plugins', '/blog/', '/blog/introducing-rslib', '/no/such/page', '/zh/no/such/page'];
  it.each(pages)('%s hydrates without console errors or third-party requests', async (path) => {
    const { page, context, errors, foreign } = await open(browser(), path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });

  // Tests and the bench start once <html data-hydrated> is there: by then the page's own controls
  // must respond. React hydrates the route's content in a pass after the root's, so a mark set by
  // the root came before the nav bar had run its effects (the search button's shortcuts among them).
  it.each(['/guide/start/quick-start', '/', '/no/such/page'])('%s marks itself hydrated after its nav bar is', async (path) => {
    const { page, context } = await open(browser(), path, {
      beforeGoto: async (page) => {
        await page.addInitScript(() => {
          new MutationObserver((_, observer) => {
            if (document.documentElement.dataset.hydrated !== '') return;
            observer.disconnect();
            document.documentElement.dataset.searchReadyAtMark = String(!!document.querySelector('[data-search-ready]'));
          }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
        });
      },
    });
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dataset.searchReadyAtMark)).toBe('true');
    await context.close();
  });

  // React reports a mismatch through the root's onRecoverableError (renderer/app/root-errors.ts), which
  // logs it as a console error, and so does a Content-Security-Policy violation (helpers.ts):
  // every route of both languages must hydrate, under its own policy, without either.
  it('every route of both languages hydrates under its Content-Security-Policy without a React error or a violation', async () => {
    const { routes } = (await (await fetch(`${baseUrl()}/_data/routes.json`)).json()) as { routes: Array<{ path: string }> };
    const paths = routes.map((route) => route.path);
    expect(paths.filter((path) => path.startsWith('/zh/')).length).toBeGreaterThan(40);
    expect(paths.filter((path) => !path.startsWith('/zh/')).length).toBeGreaterThan(40);
    const { page, context, errors } = await open(browser(), '/');
    const failures: string[] = [];
    for (const path of paths) {
      errors.length = 0;
      const response = await page.goto(baseUrl() + path);
      if (!response?.headers()['content-security-policy']?.includes("script-src 'self' 'sha256-")) failures.push(`${path}: no Content-Security-Policy with script hashes`);
      await hydrated(page);
      // Effects after hydration (the outline's observer, the idle preload) run within a frame or two.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      if (errors.length > 0) failures.push(`${path}: ${errors.join(' | ')}`);
    }
    expect(failures).toEqual([]);
    await context.close();
  }, 240_000);
});

/**
 * React reports text and element mismatches, but patches some attribute differences silently
 * (and an extension may add markup). So the check is direct too: the hydrated #app must equal
 * what the app renders from scratch in the same state (same embedded data, #app emptied before
 * the bundle runs, which the client entry then renders with createRoot), compared as a canonical
 * tree (attributes sorted, styles and input values as the browser reads them).
 */
async function canonicalApp(path: string, fromScratch: boolean): Promise<string> {
  const emptyApp = async (page: Page) => {
    await page.route(`${baseUrl()}${path}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      // Before the bundle's script; without it the comparison would be of two hydrated pages.
      const entry = '<script type="module"';
      if (!html.includes(entry)) throw new Error(`${path}: no ${entry} to empty #app before`);
      const body = html.replace(entry, `<script>for (const n of [...document.getElementById("app").childNodes]) if (n.nodeName !== "SCRIPT") n.remove();</script>${entry}`);
      // The injected script is not the page's own: drop the page's policy, which would block it.
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, body, headers });
    });
  };
  const { page, context, errors } = await open(browser(), path, fromScratch ? { beforeGoto: emptyApp } : {});
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  // A string: tsx would wrap the named inner function in a helper the page does not have.
  const read = async () => (await page.evaluate(`(() => {
    const out = [];
    const walk = (n) => {
      if (n.nodeType === 3) return void out.push(n.data);
      if (n.nodeType !== 1 || n.localName === 'script') return;
      const attrs = [...n.attributes].filter((a) => a.name !== 'value').map((a) => a.name === 'style' ? 'style=' + n.style.cssText : a.name + '=' + a.value);
      if ('value' in n && n.localName === 'input') attrs.push('value=' + n.value);
      out.push('<' + n.localName + ' ' + attrs.sort().join(' ') + '>');
      n.childNodes.forEach(walk);
      out.push('</' + n.localName + '>');
    };
    document.getElementById('app').childNodes.forEach(walk);
    // useId values differ by design between a hydrated tree (ids from the tree's shape, _R_…_) and
    // a client render (a counter, _r_…_): number them by first appearance instead.
    const ids = new Map();
    return out.join('').replace(/_[rR]_[A-Za-z0-9]*_/g, (id) => ids.get(id) ?? (ids.set(id, 'id' + ids.size), ids.get(id)));
  })()`)) as string;
  // Transient chrome (a progress bar fading out, a late effect) settles at its own pace on a
  // loaded machine: compare the tree once two reads 250 ms apart agree.
  let tree = await read();
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.waitForTimeout(250);
    const again = await read();
    if (again === tree) break;
    tree = again;
  }
  expect(errors).toEqual([]);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
  return tree;
}

describe('hydration keeps no stale markup', () => {
  it.each(['/', '/zh/guide/start/quick-start', '/config/', '/blog/introducing-rslib', '/no/such/page'])('%s: hydrated DOM equals a fresh client render', async (path) => {
    const hydratedTree = await canonicalApp(path, false);
    const scratchTree = await canonicalApp(path, true);
    expect(hydratedTree.length).toBeGreaterThan(1000);
    expect(firstDifference(hydratedTree, scratchTree)).toBeNull();
  });
});

describe('JavaScript off', () => {
  it('reads a doc page and follows links as ordinary pages', async () => {
    const { page, context } = await open(browser(), '/guide/start/', { javaScriptEnabled: false });
    await expect(page.locator('h1').textContent()).resolves.toBe('Introduction');
    // Sidebar, outline and footer are in the markup.
    expect(await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link').count()).toBeGreaterThan(10);
    await expect(page.getByRole('heading', { name: 'ON THIS PAGE' }).isVisible()).resolves.toBe(true);
    await page.locator('footer[data-part="footer"]').getByRole('link', { name: /Next Page/ }).click();
    await page.waitForURL('**/guide/start/quick-start');
    await expect(page.locator('h1').textContent()).resolves.toBe('Quick start');
    await context.close();
  });

  it('shows every tab panel with its label when scripts cannot switch them', async () => {
    const { page, context } = await open(browser(), '/guide/start/quick-start', { javaScriptEnabled: false });
    const panels = page.locator('[role="tabpanel"]');
    const count = await panels.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) expect(await panels.nth(i).isVisible()).toBe(true);
    await context.close();
  });

  it('renders the home and 404 pages', async () => {
    const home = await open(browser(), '/zh/', { javaScriptEnabled: false });
    await expect(home.page.locator('h1').textContent()).resolves.toBe('Rslib');
    await expect(home.page.getByRole('link', { name: '开始使用' }).first().isVisible()).resolves.toBe(true);
    await home.context.close();
    const missing = await open(browser(), '/nope', { javaScriptEnabled: false });
    await expect(missing.page.getByRole('heading', { name: 'PAGE NOT FOUND' }).isVisible()).resolves.toBe(true);
    await missing.context.close();
  });
});

/** Where two serialised trees first differ, with some context; null when they are equal. */
function firstDifference(a: string, b: string): { at: number; hydrated: string; scratch: string } | null {
  if (a === b) return null;
  let at = 0;
  while (a[at] === b[at]) at++;
  const from = Math.max(0, at - 200);
  return { at, hydrated: a.slice(from, at + 200), scratch: b.slice(from, at + 200) };
}

describe('the server build prerender loads (dist-ssr/)', () => {
  // Rolldown heads each module it bundles with a `// path` comment (relative to the project, so a
  // linked node_modules shows as `../…/node_modules/…`): the build's modules, from `node_modules/` or `renderer/` on.
  const ssrDir = path.resolve(import.meta.dirname, '../../dist-ssr');
  const modules = () =>
    (readdirSync(ssrDir, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => [...readFileSync(path.join(ssrDir, file), 'utf8').matchAll(/^\/\/ \S*?((?:node_modules|renderer)\/\S+)$/gm)].map((match) => `// ${match[1]}`));

  it("carries React's production code only: the site is always built for production", () => {
    const found = modules();
    expect(found).toContain('// node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js');
    expect(found.filter((module) => module.endsWith('.development.js'))).toEqual([]);
  });

  it('leaves the search dialog and its engine to the browser', () => {
    const found = modules();
    expect(found).toContain('// renderer/app/lazy-parts.ts');
    expect(found).toContain('// renderer/search/SearchButton.tsx');
    expect(found.filter((module) => module === '// renderer/search/session.ts' || module.startsWith('// renderer/search/engine/engine'))).toEqual([]);
  });
});
