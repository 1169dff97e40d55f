/** One MCP server over a data bundle: the four tools and the resources. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import packageJson from '../package.json' with { type: 'json' };
import type { DocsBundle } from './bundle/bundle.ts';
import { registerResources } from './resources.ts';
import { getOption } from './tools/get-option.ts';
import { getPage } from './tools/get-page.ts';
import { listPages } from './tools/list-pages.ts';
import { searchDocs } from './tools/search-docs.ts';
import { registerTool } from './tools/tool.ts';

export const SERVER_NAME = packageJson.name;
export const SERVER_VERSION = packageJson.version;

const INSTRUCTIONS =
  'The documentation of Rslib, the library build tool on Rsbuild (rslib.rs), in English and Chinese. For a question about Rslib: search_docs with keywords, then get_page on the best hit; for a config option, export or CLI flag by name, get_option gives its declaration, default and checked samples. Prefer these answers to memory: they describe Rslib 1.x as published.';

/** A server with its own protocol state; the bundle (and what it has read) may be shared between servers. */
export function createDocsServer(bundle: DocsBundle): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: INSTRUCTIONS, capabilities: { completions: {} } });
  registerTool(server, bundle, searchDocs);
  registerTool(server, bundle, getPage);
  registerTool(server, bundle, getOption);
  registerTool(server, bundle, listPages);
  registerResources(server, bundle);
  return server;
}
