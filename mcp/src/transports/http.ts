/**
 * `--http`: Streamable HTTP at /mcp, stateless. Each POST gets a server of its own over the
 * shared bundle (what the bundle read stays read), so no session state grows with clients and
 * any number of clients can be served; there is no stream to resume (GET and DELETE answer 405).
 *
 * The SDK's web-standard transport (Request in, Response out) behind Node's own HTTP server: its
 * Node transport wraps the same one in @hono/node-server, whose module loads `node:http2` and
 * replaces the global Request and Response as the bundle starts, 20 ms of every start, stdio
 * included.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { publicMessage } from '../errors.ts';
import { allowedHosts, refusal } from './request-guard.ts';

export const MCP_PATH = '/mcp';

function answer(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  // A JSON-RPC error without an id: the shape the protocol gives transport-level failures.
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** A Node request as a web Request (its body streamed, not read here). */
function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
  const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
  // `duplex` is required with a streamed body (fetch's spec), and missing from TypeScript's RequestInit.
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), { method: req.method, headers, body, duplex: 'half' } as RequestInit);
}

/** Writes a web Response to Node's response, streaming its body (JSON, or an event stream). */
async function sendResponse(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) for await (const chunk of response.body) res.write(chunk);
  res.end();
}

export interface HttpServing {
  url: string;
  close(): Promise<void>;
}

export async function serveHttp(createServerForRequest: () => McpServer, options: { host: string; port: number }): Promise<HttpServing> {
  let hosts = new Set<string>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== MCP_PATH) return answer(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    const refused = refusal(req, hosts);
    if (refused) return answer(res, 403, `Forbidden: ${refused}`);
    if (req.method !== 'POST') return answer(res, 405, 'Method not allowed: this server is stateless, send requests with POST', { Allow: 'POST' });
    const server = createServerForRequest();
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await sendResponse(await transport.handleRequest(webRequest(req)), res);
  };
  const http: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => answer(res, 500, publicMessage(error)));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  hosts = allowedHosts(options.host, port);
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
