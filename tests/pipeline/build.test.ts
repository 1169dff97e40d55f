/** The pipeline end to end on fixture trees: input markdown → the records and files it emits. */
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { build, saveBuildMemory, type BuildResult } from '../../pipeline/build.ts';
import { deriveSearchRecords } from '../../pipeline/search/records.ts';
import { emptyMemory } from '../../pipeline/memo/build-memory.ts';
import { BUNDLE_UNSAVED } from '../../pipeline/memo/incremental.ts';
import { PageRecord } from '../../schemas/page.ts';
import { findAll, text } from './hast-query.ts';
import { baseFiles, namePagesTree, baseSite, makeFixture } from './fixture.ts';
import { tempDir } from '../temp-dir.ts';

describe('pipeline output', () => {
  it('writes records, routes, site, search, sitemap, llms.txt and JSON Schemas', async () => {
    const fixture = makeFixture();
    const result = await fixture.build();
    expect(result.ok).toBe(true);
    expect(result.pages).toBe(8);
    for (const file of ['site.json', 'routes.json', 'search/en.json', 'search/zh.json', 'sitemap.xml', 'llms.txt', 'schema/page.schema.json', 'schema/site-config.schema.json']) {
      expect(fixture.exists(file), file).toBe(true);
    }
    const routes = JSON.parse(fixture.read('routes.json'));
    expect(routes.routes.map((r: { path: string }) => r.path)).toEqual(['/', '/guide/', '/guide/a', '/guide/b', '/zh/', '/zh/guide/', '/zh/guide/a', '/zh/guide/b']);
    expect(routes.routes[0]).toMatchObject({ lang: 'en', version: '', pageType: 'home', filePath: 'en/index.md', data: 'pages/en/index.json' });
  });

  it('emits records that validate against the exported JSON Schemas', async () => {
    const fixture = makeFixture();
    await fixture.build();
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const schemaDir = path.join(fixture.root, 'dist-data', 'schema');
    const load = (name: string) => JSON.parse(readFileSync(path.join(schemaDir, `${name}.schema.json`), 'utf8'));
    const validatePage = ajv.compile(load('page'));
    const dir = path.join(fixture.root, 'dist-data', 'pages', 'en', 'guide');
    for (const file of readdirSync(dir)) {
      const record = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      expect(validatePage(record), JSON.stringify(validatePage.errors)).toBe(true);
    }
    const validateSite = ajv.compile(load('site'));
    expect(validateSite(JSON.parse(fixture.read('site.json'))), JSON.stringify(validateSite.errors)).toBe(true);
    const validateRoutes = ajv.compile(load('routes'));
    expect(validateRoutes(JSON.parse(fixture.read('routes.json')))).toBe(true);
    // And a broken record is rejected by the same schema.
    expect(validatePage({ ...JSON.parse(fixture.read('pages/en/guide/a.json')), lang: 'fr' })).toBe(false);
  });

  it('emits the search synonym table as search/synonyms.json, empty lists without one, and follows its edits', async () => {
    const fixture = makeFixture();
    const synonyms = () => JSON.parse(fixture.read('search/synonyms.json')) as unknown;
    expect((await fixture.build()).ok).toBe(true);
    expect(synonyms()).toEqual({ en: [], zh: [] });
    const table = { $schema: '../dist-data/schema/search-synonyms.schema.json', en: [['dts', ' declaration files ']], zh: [['dts', '类型声明文件']] };
    fixture.write({ 'search-synonyms.json': JSON.stringify(table) });
    expect((await fixture.build()).ok).toBe(true);
    // As validated: trimmed, without the editor's $schema.
    expect(synonyms()).toEqual({ en: [['dts', 'declaration files']], zh: [['dts', '类型声明文件']] });
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile(JSON.parse(fixture.read('schema/search-synonyms.schema.json')));
    expect(validate(synonyms())).toBe(true);
    expect(validate({ en: [['dts']], zh: [] })).toBe(false);
    // A dev session follows edits of the table as of pages.
    const memory = emptyMemory();
    await fixture.build({ memory, prime: true });
    fixture.write({ 'search-synonyms.json': JSON.stringify({ en: [['cjs', 'commonjs']], zh: [] }) });
    expect((await fixture.build({ memory, changed: ['search-synonyms.json'] })).ok).toBe(true);
    expect(synonyms()).toEqual({ en: [['cjs', 'commonjs']], zh: [] });
    // A bad set stops the build where it is, and dist-data/ keeps the last good table.
    fixture.write({ 'search-synonyms.json': '{ "en": [["cjs"]], "zh": [] }' });
    const failed = await fixture.build();
    expect(fixture.messages(failed)).toEqual([expect.stringMatching(/^content\/search-synonyms\.json:1:\d+ +error +.*at least two variants +\[search-synonyms\]$/)]);
    expect(synonyms()).toEqual({ en: [['cjs', 'commonjs']], zh: [] });
  });

  it('derives title, description, toc, prev/next, edit link and translations', async () => {
    const fixture = makeFixture({
      ...baseFiles(),
      'en/guide/a.md': '---\ndescription: All about A\n---\n# Page A\n\nIntro.\n\n## Setup\n\n### Deep `code` part\n\n#### Deeper\n\n##### Too deep\n\n## Setup\n',
    });
    expect((await fixture.build()).ok).toBe(true);
    const record = PageRecord.parse(fixture.record('/guide/a'));
    expect(record.title).toBe('Page A');
    expect(record.description).toBe('All about A');
    expect(record.toc.map(({ text, id, depth }) => [text, id, depth])).toEqual([
      ['Setup', 'setup', 2],
      ['Deep code part', 'deep-code-part', 3],
      ['Deeper', 'deeper', 4],
      ['Setup', 'setup-1', 2],
    ]);
    const source = '---\ndescription: All about A\n---\n# Page A\n\nIntro.\n\n## Setup\n';
    expect(record.toc[0]!.charIndex).toBe(source.indexOf('## Setup'));
    expect(record.prevPage).toEqual({ text: 'Guide', link: '/guide/' });
    expect(record.nextPage).toEqual({ text: 'Page B', link: '/guide/b' });
    expect(record.editLink).toEqual({ text: 'Edit', url: 'https://example.org/repo/docs/en/guide/a.md' });
    expect(record.translations).toEqual([
      { lang: 'en', routePath: '/guide/a' },
      { lang: 'zh', routePath: '/zh/guide/a' },
    ]);
    expect(record.sidebarKey).toBe('/guide/');
    expect(record.lastUpdatedTime).toBeNull(); // not in git
    const zh = fixture.record('/zh/guide/b');
    expect(zh.prevPage).toEqual({ text: 'Page A', link: '/zh/guide/a' });
    expect(zh.nextPage).toBeNull();
    expect(fixture.record('/').title).toBe('Fixture'); // home falls back to the site title
  });

  it('rewrites links for the language and marks external links', async () => {
    const fixture = makeFixture({
      ...baseFiles(),
      'zh/guide/a.md': '# A\n\n[b](/guide/b#x) [rel](./b.md) [home](/) [ext](https://example.org) [mail](mailto:a@b.c)\n\n## X {#x}\n',
      'zh/guide/b.md': '# B\n\n## X {#x}\n',
    });
    expect((await fixture.build()).ok).toBe(true);
    const links = findAll(fixture.record('/zh/guide/a').body, 'a');
    expect(links.map((a) => a.properties.href)).toEqual(['/zh/guide/b#x', '/zh/guide/b', '/zh/', 'https://example.org', 'mailto:a@b.c']);
    expect(links[3]!.properties).toMatchObject({ target: '_blank', rel: ['noopener', 'noreferrer'] });
    expect(links[0]!.properties.target).toBeUndefined();
  });

  it('prefixes and checks the links of the home hero and features', async () => {
    const home = '---\npageType: home\nhero:\n  name: X\n  actions:\n    - text: Start\n      link: /guide/a\n    - text: Code\n      link: https://example.org\nfeatures:\n  - title: B\n    details: about b\n    link: /guide/b#x\n---\n';
    const fixture = makeFixture({ ...baseFiles(), 'zh/index.md': home, 'zh/guide/b.md': '# B\n\n## X {#x}\n' });
    expect((await fixture.build()).ok).toBe(true);
    const fm = fixture.record('/zh/').frontmatter;
    expect(fm.hero?.actions.map((a) => a.link)).toEqual(['/zh/guide/a', 'https://example.org']);
    expect(fm.features?.[0]?.link).toBe('/zh/guide/b#x');
  });

  it('turns directives into callouts, tabs and package-manager tabs', async () => {
    const page = [
      '# A',
      '',
      ':::warning[Careful]',
      'Body **bold**.',
      ':::',
      '',
      '::::tabs{groupId="config-lang"}',
      ':::tab[rslib.config.ts]',
      '```ts',
      'export default {};',
      '```',
      ':::',
      ':::tab[rslib.config.mjs]',
      'Plain.',
      ':::',
      '::::',
      '',
      '::package-manager-tabs{command="install -D @rslib/core"}',
      '',
      '::package-manager-tabs{command="install" bun="bun i --frozen-lockfile"}',
    ].join('\n');
    const fixture = makeFixture({ ...baseFiles(), 'en/guide/a.md': page });
    expect((await fixture.build()).ok).toBe(true);
    const body = fixture.record('/guide/a').body;
    const [callout] = findAll(body, 'callout');
    expect(callout!.properties).toEqual({ type: 'warning', title: 'Careful' });
    expect(text(callout!)).toContain('Body bold.');
    const tabs = findAll(body, 'tabs');
    expect(tabs.map((t) => t.properties.groupId)).toEqual(['config-lang', 'package-manager', 'package-manager']);
    expect(findAll(tabs[0]!, 'tab').map((t) => t.properties.label)).toEqual(['rslib.config.ts', 'rslib.config.mjs']);
    const commands = (t: (typeof tabs)[number]) => findAll(t, 'tab').map((tab) => [tab.properties.label, text(tab).trim()]);
    expect(commands(tabs[1]!)).toEqual([
      ['npm', 'npm install -D @rslib/core'],
      ['yarn', 'yarn add -D @rslib/core'],
      ['pnpm', 'pnpm add -D @rslib/core'],
      ['bun', 'bun add -D @rslib/core'],
    ]);
    expect(commands(tabs[2]!)).toEqual([
      ['npm', 'npm install'],
      ['yarn', 'yarn install'],
      ['pnpm', 'pnpm install'],
      ['bun', 'bun i --frozen-lockfile'],
    ]);
  });

  it('keeps no whitespace text inside table structure', async () => {
    const fixture = makeFixture({ ...baseFiles(), 'en/guide/a.md': '# A\n\n| a | b |\n| - | - |\n| 1 | 2 |\n' });
    expect((await fixture.build()).ok).toBe(true);
    const [table] = findAll(fixture.record('/guide/a').body, 'table');
    const structural = [table!, ...findAll(table!, 'thead'), ...findAll(table!, 'tbody'), ...findAll(table!, 'tr')];
    for (const node of structural) expect(node.children.every((child) => child.type === 'element')).toBe(true);
    expect(findAll(table!, 'td').map(text)).toEqual(['1', '2']);
  });

  it('inlines shared fragments of the same language, which never become routes', async () => {
    const fixture = makeFixture({
      ...baseFiles(),
      'en/shared/esm.md': 'ESM is the **standard** module system.\n',
      'zh/shared/esm.md': 'ESM 是标准的模块系统。\n',
      'en/guide/a.md': '# A\n\n::include{file="../shared/esm.md"}\n',
      'zh/guide/a.md': '# A\n\n::include{file="../shared/esm.md"}\n',
    });
    const result = await fixture.build();
    expect(result.ok).toBe(true);
    expect(text(fixture.record('/guide/a').body)).toContain('ESM is the standard module system.');
    expect(text(fixture.record('/zh/guide/a').body)).toContain('ESM 是标准的模块系统。');
    expect(fixture.exists('pages/en/shared/esm.json')).toBe(false);
  });

  it('highlights code with light and dark colours, titles, line highlights and notation', async () => {
    const page = ['# A', '', '```ts title="rslib.config.ts" {2}', "import { defineConfig } from '@rslib/core';", 'export default defineConfig({});', "const removed = 1; // [!code --]", '```', '', '```js wrap', 'x', '```'].join('\n');
    // A config sample: its hovers link to the pages of its names, which the site has.
    const { files, site } = namePagesTree();
    const fixture = makeFixture({ ...files, 'en/guide/a.md': page }, site);
    expect((await fixture.build()).ok).toBe(true);
    const blocks = findAll(fixture.record('/guide/a').body, 'code-block');
    expect(blocks[0]!.properties).toEqual({ lang: 'ts', title: 'rslib.config.ts', wrap: false });
    expect(blocks[1]!.properties).toMatchObject({ lang: 'js', wrap: true });
    const lines = findAll(blocks[0]!, 'span').filter((s) => (s.properties.className as string[] | undefined)?.includes('line'));
    expect(lines).toHaveLength(3);
    expect(lines[1]!.properties.className).toContain('highlighted');
    expect(lines[2]!.properties.className).toEqual(expect.arrayContaining(['diff', 'remove']));
    expect(text(lines[2]!)).toBe('const removed = 1; ');
    const token = findAll(lines[0]!, 'span')[0]!;
    expect(token.properties.style).toMatch(/^--s-l:#[0-9A-Fa-f]{6};--s-d:#[0-9A-Fa-f]{6}$/);
    expect(text(blocks[0]!)).toContain("import { defineConfig } from '@rslib/core';");
  });

  it('builds overview data, feeds, sitemap and search records', async () => {
    const fixture = makeFixture({
      ...baseFiles(),
      'en/guide/index.md': '---\noverview: true\noverviewHeaders: [2, 3]\n---\n# Guide\n',
      'en/guide/a.md': '# Page A\n\n## Alpha\n\nAlpha text.\n\n```ts\nconst alpha = 1;\n```\n\n### Alpha one\n\n#### Hidden\n',
      'en/blog/post.md': '---\ntitle: Post <title>\ndate: 2025-05-14\ndescription: Hello & welcome\n---\n# Post\n',
      'zh/blog/post.md': '---\ndate: 2025-05-14\n---\n# 文章\n\n你好。\n',
    });
    const result = await fixture.build();
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const overview = fixture.record('/guide/').overview;
    expect(overview).toEqual([
      {
        name: 'Start',
        items: [
          { title: 'Page A', link: '/guide/a', headers: [{ text: 'Alpha', id: 'alpha', depth: 2 }, { text: 'Alpha one', id: 'alpha-one', depth: 3 }] },
          { title: 'Page B', link: '/guide/b', headers: [] },
        ],
      },
    ]);
    const feed = fixture.read('feeds/blog-en.xml');
    expect(feed).toContain('<title>Post &lt;title&gt;</title>');
    expect(feed).toContain('<link>https://example.org/blog/post</link>');
    expect(feed).toContain('<description>Hello &amp; welcome</description>');
    expect(feed).toContain('Wed, 14 May 2025');
    expect(fixture.read('feeds/blog-zh.xml')).toContain('<link>https://example.org/zh/blog/post</link>');
    expect(fixture.record('/blog/post').feeds).toEqual([{ url: '/feeds/blog-en.xml', mime: 'application/rss+xml', language: 'en' }]);
    expect(fixture.record('/guide/a').feeds).toEqual([]);
    const sitemap = fixture.read('sitemap.xml');
    expect(sitemap).toContain('<loc>https://example.org/zh/guide/a</loc>');
    expect(sitemap).toContain('hreflang="zh-CN" href="https://example.org/zh/guide/a"');
    expect(JSON.parse(fixture.read('search/zh.json')).lang).toBe('zh');
    const records = deriveSearchRecords(fixture.record('/guide/a'), 'Start');
    expect(records.find((r) => r.url === '/guide/a#alpha')).toMatchObject({
      objectID: '/guide/a#alpha',
      type: 'lvl2',
      content: 'Alpha text.',
      code: 'const alpha = 1;',
      lang: 'en',
      hierarchy: { lvl0: 'Start', lvl1: 'Page A', lvl2: 'Alpha', lvl3: null },
    });
    expect(records.find((r) => r.url === '/guide/a#hidden')?.hierarchy).toMatchObject({ lvl2: 'Alpha', lvl3: 'Alpha one', lvl4: 'Hidden' });
    expect(fixture.read('llms.txt')).toContain('- [Page A](https://example.org/guide/a)');
  });

  it('writes a plain markdown twin of each page and llms-full.txt', async () => {
    const page = ['# Page A', '', 'See [b](/guide/b).', '', ':::tip[Heads up]', 'Be careful.', ':::', '', '::package-manager-tabs{command="install x"}', '', '## Part {#part}', '', '| a | b |', '| - | - |', '| 1 | 2 |'].join('\n');
    const fixture = makeFixture({ ...baseFiles(), 'zh/guide/a.md': page });
    expect((await fixture.build()).ok).toBe(true);
    const twin = fixture.read('markdown/zh/guide/a.md');
    expect(twin).toContain('# Page A');
    expect(twin).toContain('[b](/zh/guide/b)');
    expect(twin).toContain('> **Heads up:**\n>\n> Be careful.');
    expect(twin).toContain('**yarn**\n\n```bash\nyarn add x\n```');
    expect(twin).toContain('## Part\n');
    expect(twin).toContain('| a | b |');
    expect(twin).not.toMatch(/:::|\{#part\}/);
    expect(fixture.read('markdown/guide/index.md')).toContain('# Guide');
    expect(fixture.read('markdown/index.md')).toMatch(/^# Fixture\n/);
    // Each record names its twin's URL (the page's "View as Markdown" link), where the twin is published.
    expect(fixture.record('/zh/guide/a').markdownTwin).toBe('/zh/guide/a.md');
    expect(fixture.record('/guide/').markdownTwin).toBe('/guide/index.md');
    expect(fixture.record('/').markdownTwin).toBe('/index.md');
    expect(fixture.read(`markdown${fixture.record('/zh/guide/a').markdownTwin}`)).toBe(twin);
    const full = fixture.read('llms-full.txt');
    expect(full.indexOf('<!-- https://example.org/guide/ -->')).toBeLessThan(full.indexOf('<!-- https://example.org/zh/guide/a -->'));
    expect(full).toContain('> Be careful.');
  });

  it('reuses cached pages on a warm build and recompiles only what changed', async () => {
    const fixture = makeFixture();
    const cold = await fixture.build();
    expect(cold.compiled).toBe(8);
    const warm = await fixture.build();
    expect(warm.ok).toBe(true);
    expect(warm.compiled).toBe(0);
    fixture.write({ 'en/guide/a.md': '# Page A changed\n' });
    const touched = await fixture.build();
    expect(touched.compiled).toBe(1);
    expect(fixture.record('/guide/a').title).toBe('Page A changed');
    // Titles flow into other records (sidebar text, prev/next) even when those come from the cache.
    expect(fixture.record('/guide/b').prevPage).toEqual({ text: 'Page A changed', link: '/guide/a' });
    // A changed fragment invalidates the pages of its language.
    fixture.write({ 'en/shared/x.md': 'fragment\n' });
    expect((await fixture.build()).compiled).toBe(4);
  });

  it('writes exactly what a clean build writes, whatever edits came before', async () => {
    const fixture = makeFixture({ ...baseFiles(), 'en/shared/x.md': 'Shared **text**.\n', 'zh/shared/x.md': '共享。\n' });
    await fixture.build();
    fixture.write({
      'en/guide/a.md': '# Page A2\n\n::include{file="../shared/x.md"}\n\n## New {#new}\n',
      'zh/guide/a.md': '# 页面 A\n\n::include{file="../shared/x.md"}\n',
    });
    await fixture.build();
    fixture.write({ 'en/guide/b.md': '# Page B2\n\n[to a](/guide/a#new)\n', 'zh/shared/x.md': '共享二。\n' });
    const warm = await fixture.build();
    expect(warm.ok).toBe(true);
    expect(warm.compiled).toBe(5); // b, and the four zh pages whose fragment changed
    const incremental = fixture.snapshot();
    await fixture.build({ noCache: true });
    expect(incremental).toEqual(fixture.snapshot());
    expect(incremental['llms-full.txt']).toContain('Page A2');
    expect(incremental['llms-full.txt']).toContain('共享二。');
  });

  it('keeps its cache in memory for a dev session: same output, and the disk cache written only when asked', async () => {
    const fixture = makeFixture();
    const cacheDir = path.join(fixture.root, '.cache', 'pipeline');
    const memory = emptyMemory();
    expect((await fixture.build({ memory })).compiled).toBe(8);
    expect(existsSync(path.join(cacheDir, 'state.json'))).toBe(false);
    // Each run reads what the last one left in memory: the disk has no state to read.
    fixture.write({ 'en/guide/b.md': '# Page B\n\nFirst edit, with searchable words.\n' });
    expect((await fixture.build({ memory })).compiled).toBe(1);
    fixture.write({ 'en/guide/b.md': '# Page B\n\nSecond edit: other words.\n', 'zh/guide/a.md': '# 页面 A\n\n改过了。\n' });
    const edited = await fixture.build({ memory });
    expect(edited).toMatchObject({ ok: true, compiled: 2, emitted: true });
    const search = fixture.read('search/en.json');
    expect(search).toContain('other');
    expect(search).not.toContain('searchable');
    await fixture.build({ noCache: true });
    expect(fixture.read('search/en.json')).toBe(search);

    // A title changes: the other pages' heads (prev/next, sidebar) follow, as in a clean build.
    fixture.write({ 'en/guide/a.md': '# Page A renamed\n\nBody.\n' });
    expect((await fixture.build({ memory })).compiled).toBe(1);
    const neighbour = fixture.record('/guide/b');
    expect(neighbour.prevPage?.text).toBe('Page A renamed');
    await fixture.build({ noCache: true });
    expect(fixture.record('/guide/b')).toEqual(neighbour);

    saveBuildMemory({ root: fixture.root }, memory);
    expect(memory.unsaved).toBeNull();
    // A new process starts from what was saved: nothing to compile, nothing to write.
    expect(await fixture.build()).toMatchObject({ ok: true, compiled: 0, emitted: false });
  });

  it('writes what a clean build writes after a dev session stopped before it saved its cache', async () => {
    const fixture = makeFixture();
    const memory = emptyMemory();
    expect((await fixture.build({ memory, force: true, prime: true })).ok).toBe(true);
    saveBuildMemory({ root: fixture.root }, memory);
    // The first page of llms-full.txt grows: the session's dist-data/ has every later section
    // elsewhere than the saved state says. It stops before edits pause.
    fixture.write({ 'en/guide/index.md': '# Guide\n\nStart here, with more words than before.\n\n## First {#first}\n\nText.\n' });
    expect((await fixture.build({ memory, force: true, changed: ['en/guide/index.md'] })).ok).toBe(true);
    fixture.write({ 'en/guide/b.md': '# Page B\n\nAbout B, edited.\n' });
    expect((await fixture.build()).ok).toBe(true);
    const root = tempDir('rslib-docs-clean-');
    cpSync(path.join(fixture.root, 'content'), path.join(root, 'content'), { recursive: true });
    expect((await build({ root, noCache: true })).ok).toBe(true);
    const clean = Object.fromEntries(Object.keys(fixture.snapshot()).map((rel) => [rel, readFileSync(path.join(root, 'dist-data', rel), 'utf8')]));
    expect(fixture.snapshot()).toEqual(clean);
    // That run's state describes the bundle again: later runs may take the bundle on its word.
    expect(existsSync(path.join(fixture.root, '.cache', 'pipeline', BUNDLE_UNSAVED))).toBe(false);
  });

  it('patches dist-data/ in place in a dev session, to exactly what a clean build writes', async () => {
    const fixture = makeFixture();
    const memory = emptyMemory();
    const folder = () => statSync(path.join(fixture.root, 'dist-data')).ino;
    await fixture.build();
    // The dev server starts on an up-to-date dist-data/: primed, it writes it all the same.
    expect(await fixture.build({ memory, prime: true })).toMatchObject({ ok: true, compiled: 0, emitted: true });
    const first = folder();
    // A section edited, a page added in both languages (listed in no sidebar: a warning only).
    fixture.write({
      'en/guide/b.md': '# Page B\n\nAbout B.\n\n## Later {#later}\n\nA section edited in place.\n',
      'en/guide/c.md': '# Page C\n\nShort-lived.\n',
      'zh/guide/c.md': '# 页面 C\n\n很快删除。\n',
    });
    expect(await fixture.build({ memory })).toMatchObject({ ok: true, compiled: 3, emitted: true });
    expect(fixture.exists('pages/zh/guide/c.json')).toBe(true);
    // A title changed, the new page deleted again.
    fixture.write({ 'en/guide/a.md': '# Page A renamed\n\nAbout A.\n' });
    for (const lang of ['en', 'zh']) rmSync(path.join(fixture.root, 'content', lang, 'guide', 'c.md'));
    expect(await fixture.build({ memory })).toMatchObject({ ok: true, compiled: 1, emitted: true });
    // The same folder throughout: files were moved into it, not a new bundle swapped in.
    expect(folder()).toBe(first);
    // llms-full.txt, which the preview never reads, is written when edits pause (with the cache).
    expect(fixture.read('llms-full.txt')).not.toContain('Page A renamed');
    saveBuildMemory({ root: fixture.root }, memory);
    expect(folder()).toBe(first);
    const patched = fixture.snapshot();
    expect(Object.keys(patched).filter((file) => file.includes('guide/c'))).toEqual([]);
    expect(patched['llms-full.txt']).toContain('Page A renamed');
    await fixture.build({ noCache: true });
    expect(folder()).not.toBe(first);
    expect(fixture.snapshot()).toEqual(patched);
  });

  it('reports a site-wide problem on every run of a dev session until it is fixed', async () => {
    const site = baseSite();
    const fixture = makeFixture(baseFiles(), site);
    const memory = emptyMemory();
    const sidebar = site.locales[0]!.sidebar!['/guide/']![0]! as { items: string[] };
    const withDeadLink = { ...site, locales: [{ ...site.locales[0]!, sidebar: { '/guide/': [{ ...sidebar, items: [...sidebar.items, '/guide/gone'] }] } }, site.locales[1]!] };
    fixture.write({ 'site.json': JSON.stringify(withDeadLink) });
    const dead = (result: BuildResult) => fixture.messages(result).filter((m) => m.includes('[sidebar-dead-link]'));
    expect(dead(await fixture.build({ memory, force: true }))).toHaveLength(1);
    // Another page edited: the sidebars are not resolved again, and their problem is still there.
    fixture.write({ 'en/guide/b.md': '# Page B\n\nEdited.\n' });
    expect(dead(await fixture.build({ memory, force: true }))).toHaveLength(1);
    fixture.write({ 'site.json': '{ "title": ' });
    expect(fixture.messages(await fixture.build({ memory, force: true }))).toEqual([expect.stringMatching(/content\/site\.json:1:\d+ +error +Invalid JSON.*\[site-config\]/)]);
    expect(fixture.messages(await fixture.build({ memory, force: true }))).toHaveLength(1);
    fixture.write({ 'site.json': JSON.stringify(site) });
    expect(await fixture.build({ memory, force: true })).toMatchObject({ ok: true, diagnostics: [] });
  });

  /**
   * A cold build with these options writes what an all in-process one does, and leaves a base of
   * `lang`'s index that the next run patches: `word`, in an edit of a page of `lang`, is found.
   */
  async function expectWorkerBuiltIndex(options: { searchWorkerFrom?: number; searchSplitFrom?: number }, lang: 'en' | 'zh', word: string): Promise<void> {
    const fixture = makeFixture();
    await fixture.build({ noCache: true });
    const inProcess = fixture.snapshot();
    expect((await fixture.build({ noCache: true, ...options })).ok).toBe(true);
    expect(fixture.snapshot()).toEqual(inProcess);
    expect((await fixture.build(options)).ok).toBe(true);
    fixture.write({ [`${lang}/guide/b.md`]: `# Page B\n\nWords only this edit has: ${word}.\n` });
    expect((await fixture.build(options)).compiled).toBe(1);
    expect(fixture.read(`search/${lang}.json`)).toContain(word);
    const patched = fixture.read(`search/${lang}.json`);
    await fixture.build({ noCache: true });
    expect(fixture.read(`search/${lang}.json`)).toBe(patched);
  }

  it('builds the same search index in workers (cold builds of large sites) as in-process', async () => {
    await expectWorkerBuiltIndex({ searchWorkerFrom: 1 }, 'en', 'quixotic');
  });

  it('sets the summaries aside while the pages compile when there are more than it may hold, and builds what it builds holding all of them', async () => {
    const cacheFile = (fixture: ReturnType<typeof makeFixture>, name: string) => readFileSync(path.join(fixture.root, '.cache', 'pipeline', name), 'utf8');
    const holding = makeFixture();
    expect((await holding.build({ force: true })).ok).toBe(true);
    for (const options of [{}, { maxWorkers: 2, sourcePerWorker: 0 }]) {
      const aside = makeFixture();
      expect((await aside.build({ force: true, summariesHeld: 1, ...options })).ok).toBe(true);
      expect(aside.snapshot()).toEqual(holding.snapshot());
      expect(cacheFile(aside, 'summaries.json')).toBe(cacheFile(holding, 'summaries.json'));
      expect(readdirSync(path.join(aside.root, '.cache', 'pipeline')).filter((name) => name.startsWith('ahead-'))).toEqual([]);
    }
  });

  it("leaves the same search records in the cache when workers index them (written as the records are made) as in-process", async () => {
    const fixture = makeFixture();
    const cached = () => Object.fromEntries(['en', 'zh'].map((lang) => [lang, readFileSync(path.join(fixture.root, '.cache', 'pipeline', `search-${lang}.json`), 'utf8')]));
    expect((await fixture.build({ force: true })).ok).toBe(true);
    const inProcess = cached();
    rmSync(path.join(fixture.root, '.cache'), { recursive: true });
    expect((await fixture.build({ force: true, searchWorkerFrom: 1 })).ok).toBe(true);
    expect(cached()).toEqual(inProcess);
    expect(JSON.parse(inProcess.en!)).toHaveProperty(['/guide/a', 'records']);
    expect(readdirSync(path.join(fixture.root, '.cache', 'pipeline')).filter((name) => name.startsWith('ahead-'))).toEqual([]);
  });

  it('builds the first language in-process and the others in a worker (cold builds of middling sites) as all in-process', async () => {
    await expectWorkerBuiltIndex({ searchSplitFrom: 1 }, 'zh', '饕餮');
  });

  it('lays the index out in the worker as the layout options say, as in-process', async () => {
    const layout = { splitAbove: 0, postingPartBytes: 400, recordPartBytes: 700 };
    const fixture = makeFixture();
    await fixture.build({ noCache: true, searchLayout: layout });
    const inProcess = fixture.snapshot();
    expect(JSON.parse(fixture.read('search/en.json')).layout).toBe('split');
    expect((await fixture.build({ noCache: true, searchLayout: layout, searchWorkerFrom: 1 })).ok).toBe(true);
    expect(fixture.snapshot()).toEqual(inProcess);
  });

  it('carries unchanged records over from the previous bundle instead of rewriting them', async () => {
    const fixture = makeFixture();
    await fixture.build();
    const inode = (rel: string) => statSync(path.join(fixture.root, 'dist-data', rel)).ino;
    const before = { a: inode('pages/en/guide/a.json'), b: inode('pages/en/guide/b.json') };
    fixture.write({ 'en/guide/b.md': '# Page B\n\nChanged body only.\n' });
    expect((await fixture.build()).compiled).toBe(1);
    expect(inode('pages/en/guide/a.json')).toBe(before.a);
    expect(inode('pages/en/guide/b.json')).not.toBe(before.b);
  });

  it('drops a deleted page\'s files from the next bundle, which is otherwise what a clean build writes', async () => {
    const fixture = makeFixture();
    await fixture.build();
    fixture.write({ 'en/guide/c.md': '# Page C\n\nShort-lived.\n', 'zh/guide/c.md': '# 页面 C\n\n很快删除。\n' });
    expect(await fixture.build()).toMatchObject({ ok: true, compiled: 2 });
    expect(fixture.exists('markdown/zh/guide/c.md')).toBe(true);
    for (const lang of ['en', 'zh']) rmSync(path.join(fixture.root, 'content', lang, 'guide', 'c.md'));
    expect(await fixture.build()).toMatchObject({ ok: true, compiled: 0, emitted: true });
    const warm = fixture.snapshot();
    expect(Object.keys(warm).filter((file) => file.includes('guide/c'))).toEqual([]);
    expect(readdirSync(fixture.root).filter((name) => name.startsWith('dist-data.tmp-'))).toEqual([]);
    await fixture.build({ noCache: true });
    expect(fixture.snapshot()).toEqual(warm);
  });

  it('carries a language\'s search index over without reading its search records when none of its pages changed', async () => {
    const fixture = makeFixture();
    await fixture.build();
    const inode = (rel: string) => statSync(path.join(fixture.root, 'dist-data', rel)).ino;
    const before = { en: inode('search/en.json'), zh: inode('search/zh.json'), zhPage: inode('pages/zh/guide/a.json') };
    // Without its records, the zh index could only be built again from the pages themselves.
    rmSync(path.join(fixture.root, '.cache', 'pipeline', 'search-zh.json'));
    fixture.write({ 'en/guide/b.md': '# Page B\n\nA body with brand-new words.\n' });
    expect((await fixture.build()).compiled).toBe(1);
    expect(inode('search/zh.json')).toBe(before.zh);
    expect(inode('pages/zh/guide/a.json')).toBe(before.zhPage);
    expect(inode('search/en.json')).not.toBe(before.en);
    const carried = fixture.snapshot();
    await fixture.build({ noCache: true });
    expect(carried).toEqual(fixture.snapshot());
  });

  it('builds again from the cache whatever is missing from dist-data/: a search index, or the whole folder', async () => {
    const fixture = makeFixture();
    await fixture.build();
    const clean = fixture.snapshot();
    // Its records unchanged, the zh index would be carried over: but its file is gone.
    rmSync(path.join(fixture.root, 'dist-data', 'search', 'zh.json'));
    fixture.write({ 'en/guide/b.md': '# Page B\n\nAnother body.\n' });
    expect(await fixture.build()).toMatchObject({ ok: true, compiled: 1 });
    const patched = fixture.snapshot();
    expect(patched['search/zh.json']).toBe(clean['search/zh.json']);
    rmSync(path.join(fixture.root, 'dist-data'), { recursive: true });
    expect(await fixture.build()).toMatchObject({ ok: true, compiled: 0 });
    expect(fixture.snapshot()).toEqual(patched);
    await fixture.build({ noCache: true });
    expect(fixture.snapshot()).toEqual(patched);
  });

  it('writes nothing when nothing changed, and still reports success', async () => {
    const fixture = makeFixture();
    await fixture.build();
    const bundle = statSync(path.join(fixture.root, 'dist-data')).ino;
    const again = await fixture.build();
    expect(again).toMatchObject({ ok: true, emitted: false, compiled: 0, pages: 8 });
    expect(statSync(path.join(fixture.root, 'dist-data')).ino).toBe(bundle);
    // A change that touches no page (the site title) is still written.
    fixture.write({ 'site.json': JSON.stringify({ ...baseSite(), title: 'Renamed' }) });
    expect(await fixture.build()).toMatchObject({ ok: true, emitted: true });
    expect(JSON.parse(fixture.read('site.json')).title).toBe('Renamed');
  });

  it('stops at the last clean run\'s stamp when nothing it reads changed, warnings replayed', async () => {
    // A page in no sidebar: a warning, which a clean run may have.
    const fixture = makeFixture({ ...baseFiles(), 'en/guide/c.md': '# C\n', 'zh/guide/c.md': '# C\n' });
    const warned = (result: BuildResult) => fixture.messages(result).filter((m) => m.includes('[not-in-sidebar]'));
    const first = await fixture.build();
    expect(warned(first)).toHaveLength(2);
    // A run that stops at the stamp reads no state: an unreadable one goes unnoticed.
    const state = path.join(fixture.root, '.cache', 'pipeline', 'state.json');
    writeFileSync(state, 'not json');
    const again = await fixture.build();
    expect(again).toMatchObject({ ok: true, emitted: false, compiled: 0, pages: 10 });
    expect(warned(again)).toEqual(warned(first));
    // A page saved: the run goes on, finds no state, and compiles everything.
    fixture.write({ 'en/guide/c.md': '# C\n\nSaved.\n' });
    expect(await fixture.build()).toMatchObject({ ok: true, emitted: true, compiled: 10 });
    // dist-data/ replaced by another folder (a copy): the stamp does not hold for it.
    writeFileSync(state, 'not json');
    const out = path.join(fixture.root, 'dist-data');
    cpSync(out, `${out}.copy`, { recursive: true });
    rmSync(out, { recursive: true });
    renameSync(`${out}.copy`, out);
    expect(await fixture.build()).toMatchObject({ ok: true, compiled: 10 });
  });

  it('re-derives search records when only the sidebar group name changes', async () => {
    const fixture = makeFixture();
    await fixture.build();
    const site = baseSite();
    site.locales[0]!.sidebar = { '/guide/': [{ text: 'Basics', items: ['/guide/', '/guide/a', '/guide/b'] }] };
    fixture.write({ 'site.json': JSON.stringify(site) });
    await fixture.build();
    expect(fixture.read('search/en.json')).toContain('Basics');
    expect(fixture.read('search/en.json')).not.toContain('"Start"');
  });

  it('recompiles a page whose cached content went missing', async () => {
    const fixture = makeFixture();
    await fixture.build();
    rmSync(path.join(fixture.root, '.cache/pipeline/pages'), { recursive: true });
    fixture.write({ 'en/guide/index.md': '# Guide renamed\n\nStart here.\n\n## First {#first}\n' });
    const result = await fixture.build();
    expect(result.ok).toBe(true);
    expect(fixture.record('/guide/a').prevPage).toEqual({ text: 'Guide renamed', link: '/guide/' });
    expect(text(fixture.record('/guide/a').body)).toContain('About A.');
  });

  it('replays the problems of cached pages, so a warm build never hides an error', async () => {
    const fixture = makeFixture({ ...baseFiles(), 'en/guide/a.md': '# A\n\n```klingon\nx\n```\n' });
    const first = await fixture.build();
    const second = await fixture.build();
    expect(second.compiled).toBe(0);
    expect(fixture.messages(second)).toEqual(fixture.messages(first));
    expect(fixture.messages(second).some((m) => m.includes('[unknown-code-lang]'))).toBe(true);
  });
});
