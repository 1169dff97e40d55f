/**
 * The docs as MCP resources: llms.txt, and every page's markdown twin through the URI template
 * `rslib-docs://{lang}/{+path}` (pages/resource-uri.ts), whose `path` completes from the routes.
 * resources/list is paginated: a site of 10,000 pages per language would otherwise answer one
 * list of 20,000 entries.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, ListResourcesRequestSchema, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { Lang } from '../../schemas/lang.ts';
import { langOfRoute } from '../../schemas/paths.ts';
import type { DocsBundle } from './bundle/bundle.ts';
import { publicMessage } from './errors.ts';
import { LLMS_TXT_URI, PAGE_URI_TEMPLATE, pageUri, pathInLang, routeOfUri } from './pages/resource-uri.ts';
import { resolvePage } from './pages/resolve.ts';

/** Resources per page of resources/list. */
export const RESOURCES_PER_PAGE = 100;
/** Completions per answer: the protocol's most. */
const COMPLETIONS = 100;
const MARKDOWN = 'text/markdown';

/**
 * A protocol error (invalid params) whose message is sent as it is: the SDK's McpError puts
 * "MCP error -32602:" into its own message, which the client's then prefixes again.
 */
class InvalidParams extends Error {
  readonly code = ErrorCode.InvalidParams;
}

/** Any failure to read a resource, as a protocol error of one sentence. */
async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw error instanceof InvalidParams ? error : new InvalidParams(publicMessage(error));
  }
}

export function registerResources(server: McpServer, bundle: DocsBundle): void {
  server.registerResource('llms.txt', LLMS_TXT_URI, { title: 'llms.txt', description: 'The index of the Rslib docs for language models: one line per page, with its URL and description', mimeType: MARKDOWN }, (uri) =>
    reading(async () => ({ contents: [{ uri: uri.href, mimeType: MARKDOWN, text: await bundle.text('llms.txt') }] })),
  );

  const template = new ResourceTemplate(PAGE_URI_TEMPLATE, {
    // Listed below, a page at a time.
    list: undefined,
    complete: {
      lang: (value) => Lang.options.filter((lang) => lang.startsWith(value)),
      path: async (value, context) => {
        const lang = Lang.safeParse(context?.arguments?.lang).data;
        const { list } = await bundle.routes();
        const paths = list.filter((route) => !lang || langOfRoute(route.path) === lang).map((route) => pathInLang(route.path));
        const wanted = value.toLowerCase();
        const starting = paths.filter((path) => path.toLowerCase().startsWith(wanted));
        const containing = paths.filter((path) => !path.toLowerCase().startsWith(wanted) && path.toLowerCase().includes(wanted));
        return [...new Set([...starting, ...containing])].slice(0, COMPLETIONS);
      },
    },
  });
  server.registerResource('page', template, { title: 'A page of the Rslib docs', description: 'One page as markdown: rslib-docs://en/guide/start/quick-start, rslib-docs://zh/config/lib/dts', mimeType: MARKDOWN }, (uri, variables) =>
    reading(async () => {
      const lang = Lang.safeParse(variables.lang).data;
      if (!lang) throw new InvalidParams(`Unknown language "${String(variables.lang)}" in ${uri.href}: en or zh`);
      const { route } = await resolvePage(routeOfUri(lang, String(variables.path)), bundle);
      if (langOfRoute(route.path) !== lang) throw new InvalidParams(`${uri.href} names a page of another language`);
      const page = await bundle.page(route);
      return { contents: [{ uri: uri.href, mimeType: MARKDOWN, text: await bundle.markdown(page) }] };
    }),
  );

  // The SDK lists every resource at once; this handler replaces its own (set when the first
  // resource was registered) with pages of RESOURCES_PER_PAGE, the cursor being the offset.
  server.server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const cursor = request.params?.cursor;
    const offset = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isSafeInteger(offset) || offset < 0 || (cursor !== undefined && String(offset) !== cursor)) throw new InvalidParams(`Invalid cursor "${String(cursor).slice(0, 40)}": use the nextCursor of the last answer`);
    const { list } = await reading(() => bundle.routes());
    const all: Resource[] = [
      { uri: LLMS_TXT_URI, name: 'llms.txt', title: 'llms.txt', mimeType: MARKDOWN },
      ...list.map((route) => ({ uri: pageUri(route.path), name: route.path, title: route.title, mimeType: MARKDOWN })),
    ];
    const end = offset + RESOURCES_PER_PAGE;
    return { resources: all.slice(offset, end), ...(end < all.length && { nextCursor: String(end) }) };
  });
}
