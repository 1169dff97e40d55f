/**
 * A bad bundle: a missing file, an unknown schemaVersion, a record failing its JSON Schema. Each
 * is a tool error naming the file, the bad record is never served, and the server goes on
 * answering what the bundle still holds. Also the command line's own refusals.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dir.ts';
import { bundleWith, buildFixtureBundle } from './fixture-bundle.ts';
import { buildBin, connectStdio, textOf, type Connected } from './helpers.ts';

let bin: string;
let dataDir: string;
let server: Connected | undefined;

beforeAll(async () => {
  bin = buildBin();
  dataDir = await buildFixtureBundle();
}, 60_000);
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Connects to a server on `bundle` and calls a tool, returning its text and whether it was an error. */
async function ask(bundle: string, name: string, args: Record<string, unknown>) {
  server ??= await connectStdio(bin, ['--data', bundle]);
  const result = await server.client.callTool({ name, arguments: args });
  const text = textOf(result);
  expect(text).not.toMatch(/\n\s+at |\.ts:\d+/);
  return { error: result.isError === true, text, structured: result.structuredContent as Record<string, unknown> | undefined };
}

const editJson = (change: (json: Record<string, unknown>) => void) => (text: string) => {
  const json = JSON.parse(text) as Record<string, unknown>;
  change(json);
  return JSON.stringify(json);
};

describe('a bad bundle', () => {
  it('a missing page record: an error naming the file; other pages still answer', async () => {
    const bundle = bundleWith(dataDir, 'pages/en/guide/a.json', () => null);
    expect(await ask(bundle, 'get_page', { page: '/guide/a' })).toMatchObject({ error: true, text: expect.stringMatching(/^pages\/en\/guide\/a\.json: missing from the data bundle/) });
    expect(await ask(bundle, 'get_page', { page: '/guide/b' })).toMatchObject({ error: false, structured: { title: 'Page B' } });
  });

  it('a missing markdown twin or llms.txt: an error naming the file', async () => {
    const bundle = bundleWith(dataDir, 'markdown/guide/b.md', () => null);
    expect((await ask(bundle, 'get_page', { page: '/guide/b' })).text).toMatch(/^markdown\/guide\/b\.md: missing/);
    await expect(server!.client.readResource({ uri: 'rslib-docs://en/guide/b' })).rejects.toThrow(/markdown\/guide\/b\.md: missing/);
  });

  it('an unknown schemaVersion: the file is refused, naming both versions', async () => {
    const bundle = bundleWith(dataDir, 'routes.json', editJson((json) => (json.schemaVersion = 2)));
    expect((await ask(bundle, 'get_page', { page: '/guide/a' })).text).toBe('routes.json: schemaVersion 2, where this server reads schemaVersion 1: update the server, or use a bundle of its version');
    await expect(server!.client.listResources()).rejects.toThrow(/routes\.json: schemaVersion 2/);
    // Search reads no routes: it still answers.
    expect((await ask(bundle, 'search_docs', { query: 'page' })).error).toBe(false);
  });

  it('a record failing its JSON Schema is never served', async () => {
    const bundle = bundleWith(dataDir, 'pages/en/guide/a.json', editJson((json) => (json.toc = [{ text: 'x', id: 'x', depth: 9, charIndex: 0 }])));
    const first = await ask(bundle, 'get_page', { page: '/guide/a' });
    expect(first).toMatchObject({ error: true, text: 'pages/en/guide/a.json: fails schema/page.schema.json at /toc/0/depth: must be <= 4' });
    // Asked again, refused again: a failed read is not kept, nor is the record.
    expect((await ask(bundle, 'get_page', { page: '/guide/a' })).text).toBe(first.text);
    await expect(server!.client.readResource({ uri: 'rslib-docs://en/guide/a' })).rejects.toThrow(/pages\/en\/guide\/a\.json: fails schema/);
    expect((await ask(bundle, 'get_page', { page: '/zh/guide/a' })).error).toBe(false);
  });

  it('names.json: missing, or failing its schema', async () => {
    const missing = bundleWith(dataDir, 'names.json', () => null);
    expect((await ask(missing, 'get_option', { name: 'dts' })).text).toMatch(/^names\.json: missing from the data bundle/);
    await server?.close();
    server = undefined;
    const invalid = bundleWith(dataDir, 'names.json', editJson((json) => ((json.names as Array<Record<string, unknown>>)[0]!.kind = 'option')));
    expect((await ask(invalid, 'get_option', { name: 'dts' })).text).toMatch(/^names\.json: fails schema\/names\.schema\.json at \/names\/0\/kind: must be equal to one of the allowed values$/);
  });

  it('a search index of another format: an error naming it; the other language still searches', async () => {
    const bundle = bundleWith(dataDir, 'search/en.json', editJson((json) => (json.analyzer = 999)));
    expect((await ask(bundle, 'search_docs', { query: 'page' })).text).toMatch(/^search\/en\.json: a search index this server cannot read: terms made by analyzer 999/);
    expect((await ask(bundle, 'search_docs', { query: '页面' })).error).toBe(false);
  });

  it('a file that is not JSON: an error naming it', async () => {
    const bundle = bundleWith(dataDir, 'site.json', (text) => text.slice(0, 20));
    expect((await ask(bundle, 'list_pages', {})).text).toBe('site.json: not valid JSON');
  });
});

describe('the command line', () => {
  const run = (...args: string[]) => spawnSync(bin, args, { encoding: 'utf8', timeout: 10_000 });

  it('refuses a folder without a bundle, naming it', () => {
    const empty = tempDir('no-bundle-');
    const out = run('--data', empty);
    expect(out.status).toBe(1);
    expect(out.stderr).toBe(`rslib-docs-mcp: no data bundle at ${empty} (routes.json is missing): give a dist-data/ folder, or a site URL such as https://rslib.rs/\n`);
  });

  it.each([
    [['--port', '80000', '--http'], /--port needs a whole number/],
    [['--port', '3000'], /--port and --host go with --http/],
    [['--data', 'ftp://example.org/'], /only http and https URLs/],
    [['--data'], /--data needs a folder or a URL/],
    [['--nope'], /Unknown argument --nope/],
  ])('refuses %j with exit code 2 and the usage', (args, message) => {
    const out = run(...args);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(message);
    expect(out.stderr).toContain('Usage: rslib-docs-mcp');
  });

  it('prints its version and usage', () => {
    expect(run('--version').stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(run('--help').stdout).toMatch(/^Usage: rslib-docs-mcp \[--data <folder\|URL>\]/);
  });
});
