/**
 * The server as a client sees it: the bin built as published, driven by the SDK's own Client over
 * stdio, on a fixture bundle. Every tool and resource, then every kind of bad request, each
 * followed by a good one that must still be answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBin, connectStdio, resourceText, textOf, type Connected } from './helpers.ts';
import { buildFixtureBundle } from './fixture-bundle.ts';

let bin: string;
let dataDir: string;
let server: Connected;

beforeAll(async () => {
  bin = buildBin();
  dataDir = await buildFixtureBundle();
  server = await connectStdio(bin, ['--data', dataDir]);
}, 60_000);
afterAll(() => server?.close());

const call = (name: string, args: Record<string, unknown>) => server.client.callTool({ name, arguments: args });
type Structured = Record<string, unknown> & { hits?: Array<Record<string, unknown>> };
async function ok(name: string, args: Record<string, unknown>): Promise<Structured> {
  const result = await call(name, args);
  expect(result.isError ?? false, textOf(result)).toBe(false);
  return result.structuredContent as Structured;
}
async function refused(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(name, args);
  expect(result.isError).toBe(true);
  const text = textOf(result);
  // One sentence, never a stack.
  expect(text).not.toMatch(/\n\s+at |\.ts:\d+|node:internal/);
  return text;
}

describe('tools', () => {
  it('lists four tools, each with a description, an input and an output schema, read-only', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_option', 'get_page', 'list_pages', 'search_docs']);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    const search = tools.find((tool) => tool.name === 'search_docs')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(search.inputSchema.properties).toMatchObject({ query: { maxLength: 64 }, limit: { minimum: 1, maximum: 20 }, lang: { enum: ['en', 'zh'] } });
  });

  it('search_docs finds sections, English for a Latin query and Chinese for a Chinese one', async () => {
    const en = await ok('search_docs', { query: 'part', limit: 3 });
    expect(en.lang).toBe('en');
    expect(en.hits).toHaveLength(3);
    expect(en.hits![0]).toMatchObject({ title: 'Long page', url: expect.stringMatching(/^https:\/\/example\.org\/guide\/long#part-\d$/) });
    expect(en.total as number).toBeGreaterThanOrEqual(5);
    const zh = await ok('search_docs', { query: '部分' });
    expect(zh.lang).toBe('zh');
    expect(zh.hits![0]!.url).toMatch(/^https:\/\/example\.org\/zh\/guide\/long/);
    const asked = await ok('search_docs', { query: 'part', lang: 'zh' });
    expect(asked.lang).toBe('zh');
  });

  it('search_docs marks the matched words of a snippet', async () => {
    const { hits } = await ok('search_docs', { query: 'detail' });
    expect(hits!.find((hit) => hit.section === 'Detail')?.snippet).toMatch(/\*\*detail\*\*/i);
  });

  it('get_page gives a short page whole, with its outline and translations', async () => {
    const page = await ok('get_page', { page: '/guide/' });
    expect(page).toMatchObject({ title: 'Guide', url: 'https://example.org/guide/', route: '/guide/', lang: 'en', truncated: false, next: null, section: null, translationStatus: null });
    expect(page.markdown).toMatch(/^# Guide\n/);
    expect(page.outline).toEqual([{ id: 'first', text: 'First', depth: 2 }]);
    expect(page.translations).toEqual([
      { lang: 'en', url: 'https://example.org/guide/' },
      { lang: 'zh', url: 'https://example.org/zh/guide/' },
    ]);
    const zh = await ok('get_page', { page: 'https://example.org/zh/guide/' });
    expect(zh.translationStatus).toMatchObject({ source: '/guide/' });
  });

  it('get_page takes a URL, a twin URL, a route without a slash or with an anchor', async () => {
    for (const asked of ['https://example.org/guide/a', 'https://example.org/guide/a.md', 'guide/a', '/guide/a/', '/guide/a.html']) {
      expect((await ok('get_page', { page: asked })).route, asked).toBe('/guide/a');
    }
    const anchored = await ok('get_page', { page: 'https://example.org/guide/long#part-3' });
    expect(anchored).toMatchObject({ section: 'part-3', url: 'https://example.org/guide/long#part-3' });
    expect(anchored.markdown).toMatch(/^## Part 3\n/);
  });

  it('get_page gives a long page as its outline and first section, and names the next', async () => {
    const first = await ok('get_page', { page: '/guide/long' });
    expect(first.length as number).toBeGreaterThan(20_000);
    expect(first.truncated).toBe(true);
    expect(first.markdown).toMatch(/^# Long page\n\nThe introduction\.\n\n## Part 0\n/);
    // The fenced `## Not a heading` is no section boundary.
    expect(first.markdown).toContain('## Not a heading');
    expect(first.markdown).not.toContain('## Part 1');
    expect((first.outline as unknown[]).length).toBe(6);
    expect(first.next).toEqual({ section: 'part-1', title: 'Part 1' });
    const text = textOf(await call('get_page', { page: '/guide/long' }));
    expect(text).toMatch(/^Outline of \/guide\/long:\n- Part 0 \(#part-0\)/);
    expect(text).toContain('call get_page with page "/guide/long" and section "part-1"');

    const second = await ok('get_page', { page: '/guide/long', section: 'part-1' });
    expect(second.markdown).toMatch(/^## Part 1\n[^]*### Detail\n\nThe detail of part one\.\n*$/);
    expect(second).toMatchObject({ truncated: false, next: { section: 'part-2', title: 'Part 2' } });
    const byText = await ok('get_page', { page: '/guide/long', section: 'Detail' });
    expect(byText).toMatchObject({ section: 'detail-1', next: { section: 'part-2' } });
    const last = await ok('get_page', { page: '/zh/guide/long', section: '#PART-4' });
    expect(last).toMatchObject({ section: 'part-4', next: null, lang: 'zh' });
  });

  it('get_page names the three closest routes of an unknown page, and the closest ids of an unknown section', async () => {
    expect(await refused('get_page', { page: '/guide/lng' })).toMatch(/^No page at \/guide\/lng\. The closest routes: \/guide\/long, [^,]+, [^,.]+\. list_pages/);
    expect(await refused('get_page', { page: '/guide/long', section: 'part-9' })).toMatch(/has no section "part-9"\. The closest: part-\d/);
  });

  it('get_option answers from names.json: declaration, default, the page at its heading, its samples', async () => {
    const answer = await ok('get_option', { name: 'lib.dts.bundle' });
    expect(answer).toMatchObject({
      name: 'dts.bundle',
      kind: 'lib-option',
      package: '@rslib/core@1.0.1',
      declaration: '(property) bundle?: boolean | { bundledPackages?: string[] }',
      default: 'false',
      deprecated: null,
      url: 'https://example.org/guide/a#dtsbundle',
      samples: [{ url: 'https://example.org/guide/a#dtsbundle', title: 'rslib.config.ts', lang: 'ts' }],
    });
    expect(textOf(await call('get_option', { name: '-w' }))).toMatch(/^rslib build --watch \(flag, @rslib\/core@1\.0\.1\)\n```ts\n-w, --watch/);
    expect(await ok('get_option', { name: 'format', lang: 'zh' })).toMatchObject({ name: 'lib.format', url: 'https://example.org/zh/guide/b#libformat' });
    expect(await ok('get_option', { name: 'umdName' })).toMatchObject({ deprecated: 'Use output.library instead.' });
    expect(await refused('get_option', { name: 'outputs.targt' })).toMatch(/The closest: output\.target/);
  });

  it('list_pages gives the sidebars, one sidebar, or one group', async () => {
    const all = await ok('list_pages', {});
    expect((all.sidebars as Array<{ key: string }>).map((s) => s.key)).toEqual(['/guide/', '/docs/']);
    const guide = await ok('list_pages', { section: 'guide' });
    expect(guide.sidebars).toEqual([
      {
        key: '/guide/',
        group: null,
        pages: [
          { title: 'Start', url: null, depth: 0 },
          { title: 'Guide', url: 'https://example.org/guide/', depth: 1 },
          { title: 'Page A', url: 'https://example.org/guide/a', depth: 1 },
          { title: 'Page B', url: 'https://example.org/guide/b', depth: 1 },
        ],
      },
    ]);
    const group = await ok('list_pages', { lang: 'zh', section: '分组 0' });
    expect(group.sidebars).toMatchObject([{ key: '/docs/', group: '分组 0' }]);
    expect((group.sidebars as Array<{ pages: unknown[] }>)[0]!.pages).toHaveLength(51);
    expect(await refused('list_pages', { section: 'guid' })).toMatch(/No sidebar or group "guid".*The closest: guide/);
  });
});

describe('resources', () => {
  it('lists llms.txt and every page, a hundred at a time', async () => {
    const first = await server.client.listResources();
    expect(first.resources).toHaveLength(100);
    expect(first.resources[0]).toMatchObject({ uri: 'rslib-docs://llms.txt', mimeType: 'text/markdown' });
    expect(first.nextCursor).toBe('100');
    const second = await server.client.listResources({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeUndefined();
    const uris = [...first.resources, ...second.resources].map((r) => r.uri);
    // 1 + 2 × (home, 3 guide pages, the long page, 50 docs pages)
    expect(uris).toHaveLength(1 + 2 * 55);
    expect(new Set(uris).size).toBe(uris.length);
    expect(uris).toEqual(expect.arrayContaining(['rslib-docs://en/index', 'rslib-docs://zh/guide/', 'rslib-docs://en/docs/p49']));
    await expect(server.client.listResources({ cursor: 'nope' })).rejects.toThrow(/Invalid cursor/);
  });

  it('reads llms.txt and a page through the template, which it lists', async () => {
    const { resourceTemplates } = await server.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['rslib-docs://{lang}/{+path}']);
    const llms = await server.client.readResource({ uri: 'rslib-docs://llms.txt' });
    expect(llms.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: expect.stringMatching(/^# Fixture\n/) });
    for (const [uri, start] of [
      ['rslib-docs://en/guide/a', '# Page A\n'],
      ['rslib-docs://zh/guide/', '# Guide\n'],
      ['rslib-docs://en/index', ''],
    ] as const) {
      const read = await server.client.readResource({ uri });
      expect(read.contents[0]!.uri).toBe(uri);
      expect(resourceText(read).startsWith(start)).toBe(true);
    }
  });

  it('completes the path of a page URI from the routes of its language', async () => {
    const asked = (value: string, lang?: string) =>
      server.client.complete({ ref: { type: 'ref/resource', uri: 'rslib-docs://{lang}/{+path}' }, argument: { name: 'path', value }, ...(lang && { context: { arguments: { lang } } }) });
    expect((await asked('guide/', 'zh')).completion.values).toEqual(['guide/', 'guide/a', 'guide/b', 'guide/long']);
    expect((await asked('p4', 'en')).completion.values).toEqual(['docs/p4', ...Array.from({ length: 10 }, (_, i) => `docs/p4${i}`)]);
    // Without a language, a path both languages have is offered once.
    expect((await asked('docs/')).completion.values).toHaveLength(50);
  });

  it('refuses a page URI that leaves the bundle or names no page', async () => {
    await expect(server.client.readResource({ uri: 'rslib-docs://en/%252e%252e/%252e%252e/routes.json' })).rejects.toThrow(/Refused .*leaves the site/);
    // URL parsing (the SDK's, before the server's own code) resolves `%2e%2e` like `..`, within the URI.
    await expect(server.client.readResource({ uri: 'rslib-docs://en/%2e%2e/%2e%2e/etc/passwd' })).rejects.toThrow(/^MCP error -32602: No page at \/etc\/passwd\./);
    await expect(server.client.readResource({ uri: 'rslib-docs://en/guide/nope' })).rejects.toThrow(/No page at \/guide\/nope/);
    await expect(server.client.readResource({ uri: 'rslib-docs://fr/guide/a' })).rejects.toThrow(/Unknown language "fr"/);
    await expect(server.client.readResource({ uri: 'rslib-docs://en/zh/guide/a' })).rejects.toThrow(/another language/);
  });
});

describe('bad input', () => {
  const good = async () => expect((await ok('get_page', { page: '/guide/b' })).title).toBe('Page B');

  it.each([
    ['search_docs', {}],
    ['search_docs', { query: '' }],
    ['search_docs', { query: '   ' }],
    ['search_docs', { query: 'x'.repeat(65) }],
    ['search_docs', { query: 'dts', limit: 0 }],
    ['search_docs', { query: 'dts', limit: 21 }],
    ['search_docs', { query: 'dts', limit: 2.5 }],
    ['search_docs', { query: 'dts', limit: '3' }],
    ['search_docs', { query: 'dts', lang: 'fr' }],
    ['search_docs', { query: 42 }],
    ['get_page', { page: '' }],
    ['get_page', { page: 'x'.repeat(2049) }],
    ['get_page', { page: '/guide/a', section: 'x'.repeat(201) }],
    ['get_option', { name: '' }],
    ['get_option', { name: 'x'.repeat(201) }],
    ['list_pages', { lang: 'de' }],
    ['list_pages', { section: '' }],
  ])('%s %j is refused as invalid arguments, and the next request answered', async (tool, args) => {
    expect(await refused(tool, args)).toMatch(/Invalid arguments for tool|Input validation error/);
    await good();
  });

  it.each([
    ['/guide/../../../etc/passwd', /leaves the site/],
    ['../dist-data/routes.json', /leaves the site/],
    ['/guide/%2e%2e/%2e%2e/routes.json', /leaves the site/],
    ['/guide/%252e%252e/%252e%252e/routes.json', /leaves the site/],
    ['/guide/..%2f..%2froutes.json', /leaves the site/],
    ['/guide\\..\\..\\routes.json', /leaves the site/],
    ['https://example.org/guide/%2e%2e/%2e%2e/x', /leaves the site/],
    ['https://evil.example/guide/a', /evil\.example is another site/],
    ['//evil.example/guide/a', /evil\.example is another site/],
    ['file:///etc/passwd', /a file: URL is not a page/],
    ['javascript:alert(1)', /a javascript: URL is not a page/],
    ['/guide/a%00', /leaves the site/],
    ['/guide/%E0%A4%A', /leaves the site/],
  ])('get_page refuses %s, and the next request is answered', async (page, why) => {
    expect(await refused('get_page', { page })).toMatch(why);
    await good();
  });

  it('answers a call of an unknown tool with an error, and the next request', async () => {
    expect(await refused('drop_tables', {})).toMatch(/Tool drop_tables not found/);
    await good();
  });
});
