/** The command line of rslib-docs-mcp. */

/** The published site: what `npx rslib-docs-mcp` reads with no clone and no flag. */
export const DEFAULT_DATA = 'https://rslib.rs/';
export const DEFAULT_PORT = 3920;

export interface CliOptions {
  /** A dist-data/ folder, or the URL of a published site. */
  data: string;
  http: boolean;
  host: string;
  port: number;
}

export type ParsedArgs = { kind: 'run'; options: CliOptions } | { kind: 'help' } | { kind: 'version' } | { kind: 'error'; message: string };

export const USAGE = `Usage: rslib-docs-mcp [--data <folder|URL>] [--http [--port N] [--host H]]

An MCP server over the Rslib documentation: search_docs, get_page, get_option, list_pages.

  --data <folder|URL>  a dist-data/ folder, or a published site whose data it fetches
                       (default: ${DEFAULT_DATA})
  --http               serve Streamable HTTP at /mcp instead of stdio
  --port N             the HTTP port (default: ${DEFAULT_PORT}; 0 picks a free one)
  --host H             the address to listen on (default: 127.0.0.1)
  -h, --help           this text
  -v, --version        the version`;

/** True when `data` names a site rather than a folder. */
export const isUrl = (data: string) => /^https?:\/\//i.test(data);

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const options: CliOptions = { data: DEFAULT_DATA, http: false, host: '127.0.0.1', port: DEFAULT_PORT };
  let portGiven = false;
  let hostGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string | null => {
      const given = inline ?? argv[++i];
      return given === undefined || given === '' ? null : given;
    };
    switch (flag) {
      case '-h':
      case '--help':
        return { kind: 'help' };
      case '-v':
      case '--version':
        return { kind: 'version' };
      case '--http':
        options.http = true;
        break;
      case '--data': {
        const data = value();
        if (data === null) return { kind: 'error', message: '--data needs a folder or a URL' };
        if (/^[a-z][a-z0-9+.-]+:\/\//i.test(data) && !isUrl(data)) return { kind: 'error', message: `--data ${data}: only http and https URLs are sites` };
        if (isUrl(data) && !URL.canParse(data)) return { kind: 'error', message: `--data ${data}: not a valid URL` };
        options.data = data;
        break;
      }
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) return { kind: 'error', message: '--port needs a whole number from 0 to 65535' };
        options.port = port;
        portGiven = true;
        break;
      }
      case '--host': {
        const host = value();
        if (host === null || !/^[\w.:-]+$/.test(host)) return { kind: 'error', message: '--host needs an address, such as 127.0.0.1' };
        options.host = host.replace(/^\[|\]$/g, '');
        hostGiven = true;
        break;
      }
      default:
        return { kind: 'error', message: `Unknown argument ${arg}` };
    }
  }
  if (!options.http && (portGiven || hostGiven)) return { kind: 'error', message: '--port and --host go with --http' };
  return { kind: 'run', options };
}
