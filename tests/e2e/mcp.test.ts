/**
 * The MCP server as a reader gets it: mcp/ packed with `npm pack`, installed from the tarball
 * into an empty folder with no registry (`--offline`), and its bin run against the site that
 * `npm start`'s server serves on 127.0.0.1 (global-setup.ts). Over that: the search dialog's
 * order (in Chromium for a handful of queries, and through the engine the dialog calls for every
 * query of the relevance bench), and an outside client, the MCP Inspector's command line.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../renderer/search/engine/local-source.ts';
import { trustedReaders } from '../../renderer/search/engine/index-readers.ts';
import { flatten, groupHits } from '../../renderer/search/group.ts';
import { HITS_PER_PAGE } from '../../renderer/search/useSearchResults.ts';
import { searchDataPath } from '../../schemas/paths.ts';
import { DIALOG_REQUEST } from '../../mcp/src/tools/search-docs.ts';
import { connectHttp, connectStdio, root, startHttp, resourceText, textOf, type Connected } from '../mcp/helpers.ts';
import { tempDir } from '../temp-dir.ts';
import { readerQueries } from '../bench/search-queries.ts';
import { baseUrl, useBrowser } from './helpers.ts';
import { hrefOf, openDialog, openSearchPage, optionsOf, search } from './search-helpers.ts';

type Lang = 'en' | 'zh';
const queries = readerQueries();

const browser = useBrowser();
let installedBin: string;
let server: Connected;

/** `npm pack` of mcp/ (its prepack builds dist/cli.js), installed into an empty folder without the registry. */
export function packAndInstall(): string {
  const packs = tempDir('rslib-docs-mcp-pack-');
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', packs], { cwd: path.join(root, 'mcp'), encoding: 'utf8' })) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const { filename, files } = packed[0]!;
  // What is published: the bin, its README and package.json; no sources, no dependencies.
  expect(files.map((file) => file.path).sort()).toEqual(['README.md', 'dist/cli.js', 'package.json']);
  const folder = tempDir('rslib-docs-mcp-install-');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(packs, filename)], { cwd: folder, encoding: 'utf8' });
  return path.join(folder, 'node_modules', '.bin', 'rslib-docs-mcp');
}

beforeAll(async () => {
  installedBin = packAndInstall();
  server = await connectStdio(installedBin, ['--data', `${baseUrl()}/`]);
}, 120_000);
afterAll(() => server?.close());

/** The hits' site paths, in order, that search_docs gives for a query of a language. */
async function toolOrder(query: string, lang: Lang): Promise<string[]> {
  const result = await server.client.callTool({ name: 'search_docs', arguments: { query, lang, limit: DIALOG_REQUEST.limit } });
  expect(result.isError ?? false, textOf(result)).toBe(false);
  return (result.structuredContent as { hits: Array<{ url: string }> }).hits.map((hit) => hit.url.slice(baseUrl().length));
}

describe('the packed server against the served site', () => {
  it('answers a question with search_docs, get_page and list_pages, reading the site over HTTP', async () => {
    const found = await server.client.callTool({ name: 'search_docs', arguments: { query: 'bundle declaration files' } });
    const hits = (found.structuredContent as { hits: Array<{ url: string; title: string }> }).hits;
    expect(hits[0]!.url.startsWith(`${baseUrl()}/`)).toBe(true);
    expect(hits.slice(0, 3).map((hit) => hit.url)).toContain(`${baseUrl()}/guide/advanced/dts#bundle-declaration-files`);
    // A hit at a heading gives that section alone; the page's URL gives the whole page, samples included.
    const section = await server.client.callTool({ name: 'get_page', arguments: { page: `${baseUrl()}/guide/advanced/dts#bundle-declaration-files` } });
    const sectionText = String((section.structuredContent as { markdown: string }).markdown);
    expect(sectionText.startsWith('### Bundle declaration files\n')).toBe(true);
    expect(sectionText).not.toContain('## Generate declaration files');
    const page = await server.client.callTool({ name: 'get_page', arguments: { page: `${baseUrl()}/guide/advanced/dts` } });
    expect(page.structuredContent).toMatchObject({ route: '/guide/advanced/dts', lang: 'en', translations: [{ lang: 'en' }, { lang: 'zh', url: `${baseUrl()}/zh/guide/advanced/dts` }] });
    expect(String((page.structuredContent as { markdown: string }).markdown)).toContain('```ts title="rslib.config.ts"');
    const pages = await server.client.callTool({ name: 'list_pages', arguments: { lang: 'zh', section: 'config' } });
    expect(textOf(pages)).toContain(`(${baseUrl()}/zh/config/lib/dts)`);
    const llms = await server.client.readResource({ uri: 'rslib-docs://llms.txt' });
    expect(resourceText(llms)).toBe(readFileSync(path.join(root, 'dist-data/llms.txt'), 'utf8'));
  });

  it('refuses a URL of another site than the one it reads', async () => {
    const result = await server.client.callTool({ name: 'get_page', arguments: { page: 'https://example.com/guide/start/' } });
    expect(textOf(result)).toMatch(/example\.com is another site/);
  });
});

describe('get_option on the real names.json', () => {
  type Option = { name: string; kind: string; declaration: string | null; default: string | null; url: string; samples: Array<{ url: string; code: string }> };
  const option = async (name: string) => {
    const result = await server.client.callTool({ name: 'get_option', arguments: { name } });
    expect(result.isError ?? false, textOf(result)).toBe(false);
    return result.structuredContent as Option;
  };

  it.each([
    ['lib.dts', 'lib.dts', '/config/lib/dts'],
    ['dts.bundle', 'dts.bundle', '/config/lib/dts#dtsbundle'],
    ['format', 'lib.format', '/config/lib/format'],
    ['output.target', 'output.target', '/config/rsbuild/output#outputtarget'],
    ['defineConfig', 'defineConfig', '/api/javascript-api/core#defineconfig'],
  ])('%s: its declaration, and the checked samples of its page that use it', async (asked, name, url) => {
    const answer = await option(asked);
    expect(answer).toMatchObject({ name, url: `${baseUrl()}${url}` });
    expect(answer.declaration).toBeTruthy();
    expect(answer.samples.length).toBeGreaterThan(0);
    // Each sample is one of the page's own code blocks, as its whole markdown twin shows it.
    const route = url.split('#')[0]!;
    const twin = resourceText(await server.client.readResource({ uri: `rslib-docs://en${route}` }));
    for (const sample of answer.samples) {
      expect(sample.url.startsWith(`${baseUrl()}${route}`)).toBe(true);
      expect(twin).toContain(sample.code.trim());
    }
  });

  it('loadConfig: its declaration from the package, though no sample of its page names it', async () => {
    expect(await option('loadConfig')).toMatchObject({ name: 'loadConfig', kind: 'export', declaration: expect.stringMatching(/^function loadConfig\b/), url: `${baseUrl()}/api/javascript-api/core#loadconfig` });
  });

  it.each(['build --watch', 'rslib build --watch', '--watch', '-w'])('%s is rslib build --watch, with its line of the help', async (asked) => {
    expect(await option(asked)).toMatchObject({ name: 'rslib build --watch', kind: 'flag', declaration: expect.stringContaining('--watch'), url: `${baseUrl()}/guide/basic/cli#--watch` });
  });
});

describe('search_docs lists what the search dialog lists, in its order', () => {
  it('for every query of the relevance bench, as the engine the dialog calls orders them', async () => {
    // The dialog's own calls (useSearchResults.ts, SearchModal.tsx): HITS_PER_PAGE hits, grouped.
    expect(DIALOG_REQUEST.limit).toBe(HITS_PER_PAGE);
    const readJson = async (file: string) => JSON.parse(readFileSync(path.join(root, 'dist-data', file), 'utf8')) as unknown;
    for (const lang of ['en', 'zh'] as const) {
      const engine = await loadEngine(searchDataPath(lang), readJson, Promise.resolve(trustedReaders));
      for (const { query } of queries[lang]) {
        const dialog = flatten(groupHits((await engine.search(query, { limit: HITS_PER_PAGE, snippetWords: 10 })).hits)).map((hit) => hit.url);
        expect(await toolOrder(query, lang), `${lang}: ${query}`).toEqual(dialog);
      }
    }
  }, 120_000);

  it.each([
    ['en', 'declaration files'],
    ['en', 'autoExternal false'],
    ['en', 'umd'],
    ['en', 'storybook'],
    ['zh', '类型声明'],
    ['zh', '输出格式'],
    ['zh', 'bundle false'],
  ] as const)('in Chromium: %s "%s"', async (lang, query) => {
    const { page, context } = await openSearchPage(browser(), lang === 'en' ? '/guide/start/' : '/zh/guide/start/');
    await openDialog(page, lang);
    await search(page, lang, query);
    const count = await optionsOf(page, lang).count();
    const shown: string[] = [];
    for (let i = 0; i < count; i++) shown.push(await hrefOf(page, lang, i));
    expect(shown.length).toBeGreaterThan(0);
    expect(await toolOrder(query, lang)).toEqual(shown);
    await context.close();
  });
});

describe('an outside client: the MCP Inspector command line', () => {
  const inspector = path.join(root, 'node_modules/.bin/mcp-inspector');
  const inspect = (...args: string[]) => {
    const out = spawnSync(inspector, ['--cli', installedBin, '--data', `${baseUrl()}/`, ...args], { encoding: 'utf8', timeout: 60_000 });
    expect(out.status, out.stderr).toBe(0);
    return JSON.parse(out.stdout) as Record<string, unknown>;
  };

  it('lists the tools with their schemas', () => {
    const { tools } = inspect('--method', 'tools/list') as { tools: Array<{ name: string; inputSchema: object; outputSchema: object }> };
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_option', 'get_page', 'list_pages', 'search_docs']);
    for (const tool of tools) expect(tool.outputSchema).toMatchObject({ type: 'object' });
  });

  it('calls search_docs', () => {
    const result = inspect('--method', 'tools/call', '--tool-name', 'search_docs', '--tool-arg', 'query=output format', '--tool-arg', 'limit=3') as { structuredContent: { hits: Array<{ url: string }> } };
    expect(result.structuredContent.hits).toHaveLength(3);
    expect(result.structuredContent.hits[0]!.url).toMatch(new RegExp(`^${baseUrl()}/`));
  });
});

describe('the client configs of the AI page (en and zh), run as written', () => {
  const PACKAGE = 'rslib-docs-mcp';
  /** The code blocks of the page's MCP section, by language. */
  const blocksOf = (lang: Lang) => {
    const page = readFileSync(path.join(root, `content/${lang}/guide/start/ai.md`), 'utf8');
    const section = page.slice(page.indexOf('{#mcp-server}'));
    const body = section.slice(0, section.search(/^## /m) === -1 ? undefined : section.search(/^## /m));
    return [...body.matchAll(/^```(\w+)[^\n]*\n([^]*?)^```$/gm)].map(([, language, code]) => ({ language: language!, code: code! }));
  };
  type ServerEntry = { command?: string; args?: string[]; type?: string; url?: string };
  const entries = (lang: Lang) =>
    blocksOf(lang)
      .filter((block) => block.language === 'json')
      .flatMap((block) => {
        const config = JSON.parse(block.code) as { mcpServers?: Record<string, ServerEntry>; servers?: Record<string, ServerEntry> };
        return Object.values(config.mcpServers ?? config.servers ?? {});
      });

  it.each(['en', 'zh'] as const)('%s: every JSON block parses, and each stdio entry starts the server, which answers', async (lang) => {
    const stdio = entries(lang).filter((entry) => entry.command);
    expect(stdio.length).toBeGreaterThanOrEqual(2);
    for (const entry of stdio) {
      // `npx -y rslib-docs-mcp …` is the installed package's bin; the site it reads is the served one.
      expect([entry.command, ...entry.args!.slice(0, 2)]).toEqual(['npx', '-y', PACKAGE]);
      const started = await connectStdio(installedBin, [...entry.args!.slice(2), '--data', `${baseUrl()}/`]);
      const result = await started.client.callTool({ name: 'search_docs', arguments: { query: lang === 'zh' ? '输出格式' : 'output format', limit: 1 } });
      expect((result.structuredContent as { hits: unknown[] }).hits).toHaveLength(1);
      await started.close();
    }
  });

  it.each(['en', 'zh'] as const)('%s: the HTTP command starts the server at the URL the HTTP entry gives', async (lang) => {
    const command = blocksOf(lang).find((block) => block.language === 'bash' && block.code.includes(PACKAGE))!.code.trim().split(/\s+/);
    expect(command.slice(0, 3)).toEqual(['npx', '-y', PACKAGE]);
    const url = new URL(entries(lang).find((entry) => entry.type === 'http')!.url!);
    const args = command.slice(3);
    expect(args[args.indexOf('--port') + 1]).toBe(url.port);
    // Any free port rather than the page's, which something else on this machine may hold.
    args[args.indexOf('--port') + 1] = '0';
    const http = await startHttp(installedBin, [...args.filter((arg) => arg !== '--http'), '--data', `${baseUrl()}/`]);
    const listening = new URL(http.url);
    expect([listening.hostname, listening.pathname]).toEqual([url.hostname, url.pathname]);
    const connected = await connectHttp(http.url);
    expect((await connected.client.listTools()).tools).toHaveLength(4);
    await connected.close();
    await http.stop();
  });
});
