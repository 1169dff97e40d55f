/**
 * TypeScript 7's language server (`tsc --lsp --stdio`, the installed native compiler), spoken to
 * over the Language Server Protocol: the three questions the hovers stage asks (what an editor
 * shows on a name, where the name is declared, what is wrong with a file), asked as many at a
 * time as there are. The server reads the files from disk: a sample project
 * (hovers/sample-project.ts) and the declarations its samples import.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A place in a file: line and character 0-based, characters counted in UTF-16 units (as JavaScript strings count them). */
export interface Place {
  file: string;
  line: number;
  character: number;
}

export interface ServerDiagnostic {
  line: number;
  character: number;
  code: number;
  /** The message, with the lines that elaborate it (indented) after its first. */
  message: string;
}

export interface LanguageServer {
  /** The hover an editor shows at the place, as markdown (the declaration in a fenced block, then its JSDoc), or null. */
  hover(place: Place): Promise<string | null>;
  /** Where the name at the place is declared: every declaration (each overload). */
  definition(place: Place): Promise<Place[]>;
  /** The file's errors. */
  errors(file: string): Promise<ServerDiagnostic[]>;
  close(): Promise<void>;
}

interface Range {
  start: { line: number; character: number };
}

/**
 * The server's garbage collector runs only as its heap nears GOMEMLIMIT, not each time the heap
 * doubles (Go's default, GOGC=100): for this site's samples the server peaks at 480 MiB and
 * spends a fifth less CPU (3.9 s, was 4.9 s, of which 0.9 s collecting). The environment's own
 * settings win.
 */
export const SERVER_ENV = { GOGC: 'off', GOMEMLIMIT: '1536MiB' };

/**
 * Where the server keeps the types it acquires, and how its `npm` runs: always ours. For a file
 * that no tsconfig.json takes (an inferred project), TypeScript's server installs `@types/*`
 * packages with `npm install`, from the registry, into the user's cache (`~/.cache/typescript`),
 * and reads them from there: a build would download, and its hovers would depend on what an
 * earlier run on that machine left. The sample project gives every file a tsconfig.json
 * (sample-project.ts); should one slip, the server finds an empty cache of the project's own and
 * an `npm` that stays offline with an empty cache of its own (offline, npm still installs what
 * the user's npm cache holds), so it installs nothing. A run where it tried leaves TYPINGS_CACHE behind.
 */
export const TYPINGS_CACHE = 'node_modules/.cache/hover-typings';
const acquisitionEnv = (root: string) => ({
  XDG_CACHE_HOME: path.join(root, TYPINGS_CACHE),
  npm_config_offline: 'true',
  npm_config_cache: path.join(root, TYPINGS_CACHE, 'npm'),
});

/**
 * The native compiler itself, as the package's `tsc` finds it (its lib/getExePath.js), or that
 * `tsc` run by node. The package's `tsc` is a Node script that runs the compiler as its child
 * on Node 20, which cannot hand its process over (process.execve): a second process, started
 * for nothing.
 */
export async function nativeCompiler(root: string): Promise<[command: string, ...args: string[]]> {
  const packageDir = path.join(root, 'node_modules/typescript');
  try {
    const { default: getExePath } = (await import(pathToFileURL(path.join(packageDir, 'lib/getExePath.js')).href)) as { default: () => string };
    return [getExePath()];
  } catch {
    return [process.execPath, path.join(packageDir, 'bin/tsc')];
  }
}

/** Starts the server of `root`'s installed TypeScript (node_modules/typescript). */
export async function startLanguageServer(root: string): Promise<LanguageServer> {
  // Loaded here: only a run with samples to ask about needs it.
  const { createMessageConnection, StreamMessageReader, StreamMessageWriter } = await import('vscode-jsonrpc/node');
  const [command, ...args] = await nativeCompiler(root);
  // At the pipeline's own priority. It ran a little below (niceness 5) while the compile took
  // longer than the hovers; since the compile is the shorter of the two, a cold `npm run data`
  // took 6.71-7.09 s at 0 against 7.18-7.76 s at 5 (alternating, three runs each).
  const child = spawn(command, [...args, '--lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'], env: { ...SERVER_ENV, ...process.env, ...acquisitionEnv(root) } });
  // What the server writes to stderr is shown only when it stops on its own (its shutdown writes a line too).
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = `${stderr}${chunk}`.slice(-4000)));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let exited: Error | null = null;
  let closing = false;
  child.on('exit', (code, signal) => {
    if (!closing) exited = new Error(`TypeScript's language server exited (${signal ?? code})${stderr ? `:\n${stderr.trim()}` : ''}`);
  });
  // What the server asks of its client (configuration, capability registration) gets the empty answer; its log is not read.
  connection.onRequest(() => null);
  connection.onNotification(() => undefined);
  connection.listen();
  const uri = (file: string) => pathToFileURL(file).href;
  const at = ({ file, line, character }: Place) => ({ textDocument: { uri: uri(file) }, position: { line, character } });
  const ask = async <T>(method: string, params: unknown): Promise<T> => {
    if (exited) throw exited;
    return connection.sendRequest<T>(method, params);
  };
  await ask('initialize', { processId: process.pid, rootUri: uri(root), capabilities: { textDocument: { hover: { contentFormat: ['markdown'] }, diagnostic: {} } } });
  await connection.sendNotification('initialized', {});
  // Errors only: at its default verbosity the server sends a log message for every request it
  // handles and every project change (tens of thousands for a large site), each written,
  // read and parsed as JSON by both sides for nothing (LogVerbosity 5, VS Code's LogLevel.Error).
  await connection.sendNotification('custom/setLogVerbosity', { verbosity: 5 });
  return {
    async hover(place) {
      const found = await ask<{ contents: { value: string } | string } | null>('textDocument/hover', at(place));
      if (!found) return null;
      return typeof found.contents === 'string' ? found.contents : found.contents.value;
    },
    async definition(place) {
      const found = await ask<Array<{ uri: string; range: Range }> | { uri: string; range: Range } | null>('textDocument/definition', at(place));
      return [found ?? []].flat().map((location) => ({ file: fileURLToPath(location.uri), line: location.range.start.line, character: location.range.start.character }));
    },
    async errors(file) {
      const report = await ask<{ items?: Array<{ range: Range; severity?: number; code?: number | string; message: string }> }>('textDocument/diagnostic', { textDocument: { uri: uri(file) } });
      return (report.items ?? []).filter((d) => d.severity === 1).map((d) => ({ line: d.range.start.line, character: d.range.start.character, code: Number(d.code), message: d.message }));
    },
    async close() {
      closing = true;
      if (!exited) {
        await connection.sendRequest('shutdown').catch(() => undefined);
        await connection.sendNotification('exit').catch(() => undefined);
      }
      connection.dispose();
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        // A server that does not leave when asked is stopped.
        const timer = setTimeout(() => child.kill(), 2000);
        await gone;
        clearTimeout(timer);
      }
    },
  };
}
