/**
 * Helpers of the MCP server's tests and bench: the bin built as it is published (one esbuild
 * file), and the SDK's own Client connected to it over a real stdio or HTTP transport.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { tempDir } from '../temp-dir.ts';

export const root = path.resolve(import.meta.dirname, '../..');

/** Builds mcp/dist/cli.js's twin into a temp folder (mcp/build.mjs) and returns its path. */
export function buildBin(): string {
  const outfile = path.join(tempDir('rslib-docs-mcp-bin-'), 'cli.js');
  const built = spawnSync(process.execPath, [path.join(root, 'mcp/build.mjs'), '--outfile', outfile], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`mcp/build.mjs failed: ${built.stderr}`);
  return outfile;
}

export interface Connected {
  client: Client;
  /** What the server wrote to standard error so far. */
  stderr: () => string;
  close(): Promise<void>;
}

/** A client of `command args` over stdio. */
export async function connectStdio(command: string, args: string[], options: { cwd?: string } = {}): Promise<Connected> {
  const transport = new StdioClientTransport({ command, args, stderr: 'pipe', ...(options.cwd && { cwd: options.cwd }) });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'rslib-docs-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

export interface HttpServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `bin --http --port 0 …` (through its shebang, as npx runs it) and waits for the line that gives its URL. */
export async function startHttp(bin: string, args: string[]): Promise<HttpServer> {
  const child = spawn(bin, ['--http', '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /Streamable HTTP on (http:\/\/\S+)/.exec(seen);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${seen}`)));
  });
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

export async function connectHttp(url: string): Promise<Connected> {
  const client = new Client({ name: 'rslib-docs-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, stderr: () => '', close: () => client.close() };
}

/** The text of a tool's answer. */
export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The text of a resource read (its first content). */
export function resourceText(read: { contents: Array<{ uri: string } & ({ text: string } | { blob: string })> }): string {
  const first = read.contents[0];
  if (!first || !('text' in first)) throw new Error('the resource has no text');
  return first.text;
}
