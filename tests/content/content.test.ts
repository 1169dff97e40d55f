/**
 * The real content/ against the product's route table and the content rules: every
 * route exists in both languages (that twins say the same things is check:translations'), every page is in its sidebar, every code block names a language
 * the highlighter knows, and the build has no error or warning at all.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../pipeline/build.ts';
import { formatDiagnostic } from '../../pipeline/diagnostics.ts';
import type { PageRecord } from '../../schemas/page.ts';
import type { RouteManifest } from '../../schemas/route.ts';
import { createLocalEngine } from '../../renderer/search/engine/engine.ts';
import { SearchIndexFile } from '../../schemas/search-index.ts';
import { findAll, text } from '../pipeline/hast-query.ts';
import { tempDir } from '../temp-dir.ts';

const SPEC_ROUTES = [
  '/', '/blog/', '/blog/introducing-rslib',
  '/guide/start/', '/guide/start/quick-start', '/guide/start/glossary', '/guide/start/npm-packages',
  '/guide/solution/', '/guide/solution/nodejs', '/guide/solution/react', '/guide/solution/vue',
  '/guide/basic/cli', '/guide/basic/configure-rslib', '/guide/basic/typescript', '/guide/basic/output-format', '/guide/basic/output-structure', '/guide/basic/upgrade-rslib',
  '/guide/advanced/third-party-deps', '/guide/advanced/output-compatibility', '/guide/advanced/dts', '/guide/advanced/static-assets', '/guide/advanced/svgr-files', '/guide/advanced/json-files', '/guide/advanced/module-federation', '/guide/advanced/storybook',
  '/guide/migration/modernjs-module', '/guide/migration/tsup', '/guide/faq/features',
  '/config/', '/config/lib/', ...['format', 'bundle', 'auto-extension', 'auto-external', 'redirect', 'syntax', 'external-helpers', 'banner', 'footer', 'dts', 'shims', 'id', 'umd-name', 'out-base'].map((p) => `/config/lib/${p}`),
  '/config/rsbuild/', ...['resolve', 'source', 'output', 'tools', 'plugins'].map((p) => `/config/rsbuild/${p}`),
];

/** Pages Rslib 1.x added to the product's route table (issue 20): its new lib options and the 0.x upgrade. */
const RSLIB_1X_ROUTES = ['/config/lib/wasm', '/config/lib/experiments', '/guide/migration/upgrade-to-1'];
/** Pages issue 34 added for Rslib 1.x: the JavaScript API (under the fourth nav entry, API), two Rsbuild options, and guides. */
const ISSUE_34_ROUTES = [
  ...['/api/javascript-api/', '/api/javascript-api/core', '/api/javascript-api/instance', '/api/javascript-api/types'],
  ...['/config/rsbuild/performance', '/config/rsbuild/log-level'],
  ...['/guide/advanced/css', '/guide/advanced/env-vars', '/guide/advanced/web-workers', '/guide/advanced/wasm', '/guide/start/ai'],
  ...['/guide/advanced/rstest', '/guide/advanced/rspress', '/guide/advanced/rsdoctor', '/guide/solution/solid', '/guide/solution/svelte', '/guide/migration/tsc'],
];
const ROUTES = [...SPEC_ROUTES, ...RSLIB_1X_ROUTES, ...ISSUE_34_ROUTES];

describe('content/', () => {
  const out = tempDir('rslib-docs-content-');
  let result: BuildResult;
  beforeAll(async () => {
    result = await build({ root: path.resolve(import.meta.dirname, '../..'), paths: { out: path.join(out, 'dist-data'), cache: path.join(out, 'cache') } });
  }, 180_000);

  it('builds with no error and no warning', () => {
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('has exactly the product\'s routes and Rslib 1.x\'s new pages, each in English and Chinese', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'dist-data/routes.json'), 'utf8')) as RouteManifest;
    const paths = manifest.routes.map((r) => r.path).sort();
    expect(paths).toEqual([...ROUTES, ...ROUTES.map((r) => `/zh${r}`)].sort());
  });

  it('lists every doc page in the sidebar, so prev/next links connect the sections', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'dist-data/routes.json'), 'utf8')) as RouteManifest;
    for (const route of manifest.routes.filter((r) => r.pageType === 'doc')) {
      const record = JSON.parse(readFileSync(path.join(out, 'dist-data', route.data), 'utf8'));
      expect(record.prevPage ?? record.nextPage, route.path).not.toBeNull();
    }
  });

  it('shows, on every lib option page in both languages, the option\'s description and a link to a page documenting it, in the page\'s language, where its sample names it', () => {
    const missing: string[] = [];
    const unnamed: string[] = [];
    for (const route of ROUTES.filter((r) => /^\/config\/lib\/./.test(r))) {
      const option = route.split('/').at(-1)!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      for (const prefix of ['', '/zh']) {
        const record = JSON.parse(readFileSync(path.join(out, 'dist-data/pages', prefix ? 'zh' : 'en', `${route}.json`), 'utf8')) as PageRecord;
        const table = record.body.children.at(-1);
        const texts = table?.type === 'element' && table.tagName === 'code-hovers' ? table.children : [];
        const names = findAll(record.body, 'span').filter((span) => typeof span.properties.dataHover === 'number' && text(span) === option);
        if (names.length === 0) {
          unnamed.push(`${prefix}${route}`);
          continue;
        }
        // The lib option's page, or Rsbuild's output page where the sample sets it as `output.<option>` (Rslib's newer spelling).
        const pages = [`${prefix}${route}`, `${prefix}/config/rsbuild/output`];
        const documented = names.some((name) => {
          const hover = texts[name.properties.dataHover as number];
          if (hover?.type !== 'element') return false;
          return findAll(hover, 'p').length > 0 && findAll(hover, 'a').some((a) => pages.includes(String(a.properties.href).replace(/#.*$/, '')));
        });
        if (!documented) missing.push(`${prefix}${route} (${option})`);
      }
    }
    expect(missing).toEqual([]);
    expect(unnamed).toEqual([]);
  });

  it("leads every hover's link into this site to a page that exists, and to an id on it", () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'dist-data/routes.json'), 'utf8')) as RouteManifest;
    const records = new Map(manifest.routes.map((route) => [route.path, JSON.parse(readFileSync(path.join(out, 'dist-data', route.data), 'utf8')) as PageRecord]));
    const idsOf = (record: PageRecord) => new Set(JSON.stringify(record.body).match(/"id":"[^"]+"/g)?.map((id) => id.slice(6, -1)));
    const broken = new Set<string>();
    let links = 0;
    for (const [route, record] of records) {
      const table = record.body.children.at(-1);
      if (table?.type !== 'element' || table.tagName !== 'code-hovers') continue;
      for (const a of findAll(table, 'a')) {
        const href = String(a.properties.href);
        if (!href.startsWith('/')) continue;
        links++;
        const [target, id] = href.split('#') as [string, string | undefined];
        const found = records.get(target);
        if (!found || (id && !idsOf(found).has(id))) broken.add(`${route}: ${href}`);
      }
    }
    expect(links).toBeGreaterThan(1000);
    expect([...broken]).toEqual([]);
  });

  it('finds the page that documents a name or command in the top three for a query that is exactly it, in both languages', () => {
    const queries: Array<[string, string]> = [
      ['rslib build', '/guide/basic/cli'], ['rslib inspect', '/guide/basic/cli'], ['rslib mf-dev', '/guide/basic/cli'],
      ['loadEnv', '/api/javascript-api/core'], ['defineConfig', '/api/javascript-api/core'], ['createRslib', '/api/javascript-api/core'], ['loadConfig', '/api/javascript-api/core'], ['mergeRslibConfig', '/api/javascript-api/core'], ['version', '/api/javascript-api/core'],
      ['build', '/api/javascript-api/instance'], ['inspectConfig', '/api/javascript-api/instance'], ['startMFDevServer', '/api/javascript-api/instance'], ['getRslibConfig', '/api/javascript-api/instance'],
      ['output.distPath', '/config/rsbuild/output'], ['output.target', '/config/rsbuild/output'], ['source.entry', '/config/rsbuild/source'], ['tools.rspack', '/config/rsbuild/tools'], ['logLevel', '/config/rsbuild/log-level'],
      ['lib.format', '/config/lib/format'], ['format', '/config/lib/format'], ['dts', '/config/lib/dts'], ['autoExternal', '/config/lib/auto-external'], ['umdName', '/config/lib/umd-name'],
      // Types, each a row of the types page's tables.
      ['RslibConfig', '/api/javascript-api/types'], ['LibConfig', '/api/javascript-api/types'], ['RslibInstance', '/api/javascript-api/types'], ['ConfigParams', '/api/javascript-api/types'], ['Dts', '/api/javascript-api/types'], ['Rsbuild', '/api/javascript-api/types'],
    ];
    const missed: string[] = [];
    for (const lang of ['en', 'zh'] as const) {
      const engine = createLocalEngine(SearchIndexFile.parse(JSON.parse(readFileSync(path.join(out, `dist-data/search/${lang}.json`), 'utf8'))));
      for (const [query, route] of queries) {
        const want = `${lang === 'zh' ? '/zh' : ''}${route}`;
        const top = engine.search(query, { limit: 3, snippetWords: 10 }).hits.map((hit) => hit.url.replace(/#.*$/, ''));
        if (!top.includes(want)) missed.push(`${lang} ${query}: ${top.join(', ')}`);
      }
    }
    expect(missed).toEqual([]);
  });

  it('dates the announcement post 2025-05-14 and feeds it in both languages', () => {
    const post = JSON.parse(readFileSync(path.join(out, 'dist-data/pages/en/blog/introducing-rslib.json'), 'utf8'));
    expect(post.frontmatter.date).toBe('2025-05-14');
    expect(readFileSync(path.join(out, 'dist-data/feeds/blog-en.xml'), 'utf8')).toContain('https://rslib.rs/blog/introducing-rslib');
    expect(readFileSync(path.join(out, 'dist-data/feeds/blog-zh.xml'), 'utf8')).toContain('https://rslib.rs/zh/blog/introducing-rslib');
  });
});
