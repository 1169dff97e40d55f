/**
 * The server's command line: reads a data bundle (a dist-data/ folder or a published site) and serves it
 * over stdio (default) or Streamable HTTP. Errors at start-up are one line on standard error
 * and exit code 1 (2 for a bad command line); a request never ends the process.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openBundle } from './bundle/bundle.ts';
import { folderSource } from './bundle/folder-source.ts';
import { urlSource } from './bundle/url-source.ts';
import { isUrl, parseArgs, USAGE } from './args.ts';
import { createDocsServer, SERVER_NAME, SERVER_VERSION } from './server.ts';
import { serveHttp } from './transports/http.ts';
import { serveStdio } from './transports/stdio.ts';

const fail = (message: string, code = 1): never => {
  process.stderr.write(`${SERVER_NAME}: ${message}\n`);
  process.exit(code);
};

export async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseArgs(argv);
  if (parsed.kind === 'help') return void process.stdout.write(`${USAGE}\n`);
  if (parsed.kind === 'version') return void process.stdout.write(`${SERVER_VERSION}\n`);
  if (parsed.kind === 'error') return fail(`${parsed.message}\n${USAGE}`, 2);
  const { options } = parsed;
  if (!isUrl(options.data) && !existsSync(path.join(options.data, 'routes.json'))) {
    return fail(`no data bundle at ${path.resolve(options.data)} (routes.json is missing): give a dist-data/ folder, or a site URL such as https://rslib.rs/`);
  }
  const bundle = openBundle(isUrl(options.data) ? urlSource(options.data) : folderSource(options.data));
  // Nothing a request does should end the process; what escapes anyway is logged, not thrown.
  process.on('unhandledRejection', (reason) => process.stderr.write(`${SERVER_NAME}: ${String((reason as Error)?.message ?? reason).split('\n')[0]}\n`));
  if (!options.http) return serveStdio(createDocsServer(bundle));
  try {
    const serving = await serveHttp(() => createDocsServer(bundle), { host: options.host, port: options.port });
    process.stderr.write(`${SERVER_NAME} ${SERVER_VERSION}: Streamable HTTP on ${serving.url} (data: ${bundle.source.location})\n`);
  } catch (error) {
    fail(`cannot listen on ${options.host}:${options.port} (${(error as Error).message})`);
  }
}

