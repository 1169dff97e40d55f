/**
 * `--http`: the SDK's Client over Streamable HTTP at /mcp, on 127.0.0.1; then raw requests a
 * browser page could send through DNS rebinding (another Host, another Origin), and requests a
 * stateless endpoint does not take. After each bad request a good one is answered.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureBundle } from '../fixture-bundle.ts';
import { buildBin, connectHttp, resourceText, startHttp, textOf, type HttpServer } from '../helpers.ts';

let http: HttpServer;

beforeAll(async () => {
  const bin = buildBin();
  const dataDir = await buildFixtureBundle();
  http = await startHttp(bin, ['--data', dataDir]);
}, 60_000);
afterAll(() => http?.stop());

/** A raw POST of an MCP request, with the headers given. */
function post(headers: Record<string, string>, body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }), method = 'POST', path = '/mcp'): Promise<{ status: number; body: string }> {
  const url = new URL(http.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? body : undefined);
  });
}

/** The good request that must still be answered. */
async function answered(): Promise<void> {
  const connected = await connectHttp(http.url);
  const result = await connected.client.callTool({ name: 'get_page', arguments: { page: '/guide/a' } });
  expect(textOf(result)).toMatch(/^# Page A\n/);
  await connected.close();
}

describe('Streamable HTTP', () => {
  it('listens on 127.0.0.1 at /mcp', () => {
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('initializes with protocol 2025-06-18 or later, lists the tools and calls each, reads resources', async () => {
    const connected = await connectHttp(http.url);
    const { client } = connected;
    expect(client.getServerVersion()).toMatchObject({ name: 'rslib-docs-mcp' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, completions: {} });
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['get_option', 'get_page', 'list_pages', 'search_docs']);
    const search = await client.callTool({ name: 'search_docs', arguments: { query: 'detail' } });
    expect((search.structuredContent as { hits: Array<{ url: string }> }).hits[0]!.url).toBe('https://example.org/guide/long#detail-1');
    expect((await client.callTool({ name: 'get_page', arguments: { page: '/guide/long', section: 'part-2' } })).structuredContent).toMatchObject({ section: 'part-2' });
    expect((await client.callTool({ name: 'get_option', arguments: { name: 'build --watch' } })).structuredContent).toMatchObject({ name: 'rslib build --watch' });
    expect((await client.callTool({ name: 'list_pages', arguments: { section: 'docs' } })).isError).toBeFalsy();
    expect((await client.listResources()).nextCursor).toBe('100');
    expect(resourceText(await client.readResource({ uri: 'rslib-docs://zh/guide/b' }))).toMatch(/^# Page B\n/);
    await connected.close();
  });

  it('takes a request whose Origin is its own', async () => {
    const { port } = new URL(http.url);
    const own = await post({ origin: `http://localhost:${port}` });
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body).result.tools).toHaveLength(4);
  });

  it.each([
    [{ origin: 'https://evil.example' }, /Origin https:\/\/evil\.example is another site/],
    [{ origin: 'http://127.0.0.1:1' }, /Origin http:\/\/127\.0\.0\.1:1 is another site/],
    [{ origin: 'null' }, /Origin null is not a URL/],
    [{ host: 'evil.example' }, /Host evil\.example is not this server/],
  ])('refuses %j with 403 (DNS rebinding), then answers', async (headers, message) => {
    const refused = await post(headers as Record<string, string>);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error.message).toMatch(message);
    await answered();
  });

  it('refuses a rebinding host name on the right port', async () => {
    const { port } = new URL(http.url);
    const refused = await post({ host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` });
    expect(refused.status).toBe(403);
    await answered();
  });

  it('answers GET and DELETE with 405, another path with 404, a body that is not JSON with a parse error; then answers', async () => {
    expect((await post({}, '', 'GET')).status).toBe(405);
    expect((await post({}, '', 'DELETE')).status).toBe(405);
    expect((await post({}, undefined, 'POST', '/other')).status).toBe(404);
    const garbage = await post({}, '{"jsonrpc": "2.0", "id": 1, "method":');
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatch(/Parse error/);
    expect(garbage.body).not.toMatch(/\n\s+at /);
    await answered();
  });
});
