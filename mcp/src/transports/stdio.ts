/** The default transport: JSON-RPC over the process's standard input and output; messages and errors go to standard error. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export async function serveStdio(server: McpServer): Promise<void> {
  const transport = new StdioServerTransport();
  // A line that is not JSON-RPC is reported by the transport and skipped; the next one is read as usual.
  transport.onerror = (error) => process.stderr.write(`rslib-docs-mcp: ${error.message.split('\n')[0]}\n`);
  await server.connect(transport);
}
