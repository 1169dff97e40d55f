/**
 * The hosted path against stand-in servers on 127.0.0.1 answering the `/1/indexes/*\/queries`
 * shape: one host that never answers (times out), one that answers 500, one that works.
 * Host fallback and retries are the official client's; these tests pin that the modal's source
 * uses it with DocSearch's request and maps the answer to modal hits.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostedSource, hostedRequest, toModalHit } from '../../../renderer/search/engine/hosted-source.ts';

interface Seen {
  host: string;
  url: string;
  body: unknown;
}
const seen: Seen[] = [];
const servers: Server[] = [];

async function standIn(name: string, respond: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<number> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ host: name, url: req.url ?? '', body: body ? JSON.parse(body) : null });
      respond(req, res, body);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

const hit = {
  objectID: '/config/lib/auto-external#',
  url: 'https://rslib.rs/config/lib/auto-external',
  type: 'lvl1',
  content: 'Control which dependency groups are externalized.',
  hierarchy: { lvl0: 'Lib Configurations', lvl1: 'lib.autoExternal', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  _highlightResult: { hierarchy: { lvl1: { value: 'lib.<mark>autoExt</mark>ernal' }, lvl0: { value: 'Lib Configurations' } } },
  _snippetResult: { content: { value: '… which dependency &lt;groups&gt; are <mark>extern</mark>alized.' } },
};

let timeoutPort = 0;
let errorPort = 0;
let okPort = 0;

beforeAll(async () => {
  timeoutPort = await standIn('timeout', () => undefined); // never answers
  errorPort = await standIn('error', (_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Internal error', status: 500 }));
  });
  okPort = await standIn('ok', (req, res) => {
    if (!/^\/1\/indexes\/\*\/queries/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ results: [{ hits: [hit], nbHits: 1, queryID: 'q1', page: 0, hitsPerPage: 20 }] }));
  });
});

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const host = (port: number) => ({ url: `127.0.0.1:${port}`, accept: 'readWrite' as const, protocol: 'http' as const });
const config = { appId: 'APPID', apiKey: 'search-key', indexName: 'rslib', lang: 'en' as const, siteOrigin: 'https://rslib.rs' };
// Short timeouts keep the suite quick; the client still grows them on retries.
const timeouts = { connect: 300, read: 500, write: 500 };

describe('hosted search source', () => {
  it('falls back past a host that times out and one that answers 500, then returns modal hits', async () => {
    seen.length = 0;
    const source = createHostedSource(config, { hosts: [host(timeoutPort), host(errorPort), host(okPort)], timeouts });
    const response = await source.search({ query: 'autoExt', limit: 20, snippetWords: 10 });
    expect(seen.map((s) => s.host)).toEqual(['timeout', 'error', 'ok']);
    expect(response.nbHits).toBe(1);
    expect(response.hits[0]).toMatchObject({
      objectID: '/config/lib/auto-external#',
      url: '/config/lib/auto-external',
      type: 'lvl1',
      highlight: {
        lvl1: [
          { text: 'lib.', match: false },
          { text: 'autoExt', match: true },
          { text: 'ernal', match: false },
        ],
      },
      snippet: [
        { text: '… which dependency <groups> are ', match: false },
        { text: 'extern', match: true },
        { text: 'alized.', match: false },
      ],
    });
  });

  it('sends the DocSearch request with credentials as query parameters', async () => {
    seen.length = 0;
    const source = createHostedSource(config, { hosts: [host(okPort)], timeouts });
    await source.search({ query: 'dts', limit: 20, snippetWords: 5 });
    const [request] = seen;
    const url = new URL(request!.url, 'http://x');
    expect(url.pathname).toBe('/1/indexes/*/queries');
    expect(url.searchParams.get('x-algolia-application-id')).toBe('APPID');
    expect(url.searchParams.get('x-algolia-api-key')).toBe('search-key');
    const body = request!.body as { requests: Record<string, unknown>[] };
    expect(body.requests).toHaveLength(1);
    expect(body.requests[0]).toMatchObject({
      indexName: 'rslib',
      query: 'dts',
      hitsPerPage: 20,
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      snippetEllipsisText: '…',
      clickAnalytics: false,
      attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
    });
    expect(body.requests[0]!.attributesToSnippet).toContain('content:5');
  });

  it('rejects when every host fails (the modal shows its error screen)', async () => {
    const source = createHostedSource(config, { hosts: [host(timeoutPort), host(errorPort)], timeouts });
    await expect(source.search({ query: 'x', limit: 20, snippetWords: 10 })).rejects.toThrow(/Unreachable hosts/);
  });

  it('refuses a missing application id or search key, naming it', () => {
    expect(() => createHostedSource({ ...config, appId: '' })).toThrow('`appId` is missing.');
    expect(() => createHostedSource({ ...config, apiKey: '' })).toThrow('`apiKey` is missing.');
  });

  it('builds snippet parameters for narrow screens and maps unhighlighted hits', () => {
    expect(hostedRequest(config, 'q', 20, 5).attributesToSnippet).toEqual([
      'hierarchy.lvl1:5',
      'hierarchy.lvl2:5',
      'hierarchy.lvl3:5',
      'hierarchy.lvl4:5',
      'hierarchy.lvl5:5',
      'hierarchy.lvl6:5',
      'content:5',
    ]);
    expect(hostedRequest(config, 'q', 20, 10).facetFilters).toEqual(['lang:en']);
    const plain = toModalHit({ objectID: 'a', url: '/a', type: 'weird', hierarchy: { lvl1: 'A' }, content: null });
    expect(plain).toMatchObject({ type: 'content', highlight: { lvl1: [{ text: 'A', match: false }] }, snippet: null });
  });
});
