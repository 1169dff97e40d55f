/**
 * How a tool is declared and registered: a zod input and output schema, a description written
 * for a model, and a handler that returns the structured answer and its text form. Whatever a
 * handler throws becomes a tool error of one sentence (errors.ts), so a bad request never ends
 * the server nor shows a stack.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { DocsBundle } from '../bundle/bundle.ts';
import { publicMessage } from '../errors.ts';

export interface ToolAnswer<Output> {
  structured: Output;
  /** The same answer as text, for clients that show or read only text. */
  text: string;
}

export interface DocsTool<Input extends z.ZodRawShape, Output extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: Output;
  run(args: z.infer<z.ZodObject<Input>>, bundle: DocsBundle): Promise<ToolAnswer<z.infer<z.ZodObject<Output>>>>;
}

/** Declares a tool (an identity function that keeps the types of input and output together). */
export const docsTool = <Input extends z.ZodRawShape, Output extends z.ZodRawShape>(tool: DocsTool<Input, Output>) => tool;

export function registerTool<Input extends z.ZodRawShape, Output extends z.ZodRawShape>(server: McpServer, bundle: DocsBundle, tool: DocsTool<Input, Output>): void {
  const handler = async (args: z.infer<z.ZodObject<Input>>): Promise<CallToolResult> => {
    try {
      const answer = await tool.run(args, bundle);
      return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.structured as Record<string, unknown> };
    } catch (error) {
      return { content: [{ type: 'text', text: publicMessage(error) }], isError: true };
    }
  };
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: tool.output,
      // Reads the documentation and nothing else: safe to call without asking the user.
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    handler as never,
  );
}
