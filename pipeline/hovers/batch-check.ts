/**
 * The type errors of many samples at once: TypeScript 7's compiler (`tsc --noEmit`) run over them
 * as one program, a few hundred files at a time, instead of its language server asked about each
 * file. Checking is most of what the samples cost (each sample's `defineConfig` call resolves
 * @rslib/core's generic overloads), and the compiler does it for half the CPU time: for the
 * 2,057 samples of the 1,000+1,000-page bench corpus, 5.8 CPU-seconds against 12 asked one file
 * at a time. The errors are the language server's, placed and worded alike (hovers/quick-info.ts
 * reports them as it reports the server's).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { nativeCompiler, SERVER_ENV, type ServerDiagnostic } from './language-server.ts';

/**
 * Files checked by one run of the compiler. It keeps every type it made until it exits, about
 * half a megabyte per sample, with its garbage collector off (SERVER_ENV): 500 samples peak near
 * 460 MiB and cost 2.8 ms of CPU each, of which loading the declarations is a tenth.
 */
export const CHECK_CHUNK = 500;

/**
 * Fewer samples than this are checked by the language server, file by file, as it is running
 * anyway: the compiler loads every declaration again before it checks the first (about 0.3 s of
 * CPU), which the 2-3 ms it saves a sample repay from about 150. Past it every sample of a slice
 * is the compiler's, those the server is asked about included: its answers are the server's
 * chain, which ends the data step, and the compiler runs beside it. content/'s 227 samples took
 * it 0.6 CPU-seconds, against 228 of the server's diagnostics, 0.9 s of its chain.
 */
export const CHECK_MIN = 150;

/** `sample-x.ts(3,15): error TS2322: Type …` and its indented lines: the compiler's plain output. */
const ERROR_LINE = /^(.+?)\((\d+),(\d+)\): error TS(\d+): (.*)$/;

/**
 * The errors of each of `files` (absolute paths in the sample project at `dir`, whose
 * tsconfig.json gives the compiler options), by file; a file without errors has none listed.
 * The compiler of `root`'s node_modules checks them on one thread: the pages compile on the others.
 */
export async function batchErrors(root: string, dir: string, files: readonly string[], chunk = CHECK_CHUNK): Promise<Map<string, ServerDiagnostic[]>> {
  const errors = new Map<string, ServerDiagnostic[]>(files.map((file) => [file, []]));
  const [command, ...args] = await nativeCompiler(root);
  for (let from = 0, part = 0; from < files.length; from += chunk, part++) {
    const config = path.join(dir, `tsconfig.check-${part}.json`);
    // The project's own options; these files and the declarations of modules not installed.
    writeFileSync(config, JSON.stringify({ extends: './tsconfig.json', include: [], files: [...files.slice(from, from + chunk), path.join(dir, 'ambient.d.ts')] }));
    const output = await compilerOutput(command, [...args, '--noEmit', '--pretty', 'false', '--singleThreaded', '-p', config], dir);
    for (const [file, found] of errorsOf(output, dir)) errors.get(file)?.push(...found);
  }
  return errors;
}

/** What the compiler writes to its standard output (it exits with 1 or 2 when it found errors). */
function compilerOutput(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...SERVER_ENV, ...process.env } });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr = `${stderr}${chunk}`.slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => {
      // 0: no errors; 1 and 2: errors were found and listed. Anything else is the compiler failing.
      if (code !== null && code <= 2) resolve(Buffer.concat(out).toString());
      else reject(new Error(`TypeScript's compiler failed (${code})${stderr ? `:\n${stderr.trim()}` : ''}`));
    });
  });
}

/** The compiler's plain output as errors by absolute file: each message with its indented lines, as the language server words it. */
export function errorsOf(output: string, dir: string): Map<string, ServerDiagnostic[]> {
  const found = new Map<string, ServerDiagnostic[]>();
  let last: ServerDiagnostic | null = null;
  for (const line of output.split('\n')) {
    const match = ERROR_LINE.exec(line);
    if (match) {
      const [, file, row, column, code, message] = match as unknown as [string, string, string, string, string, string];
      last = { line: Number(row) - 1, character: Number(column) - 1, code: Number(code), message };
      const absolute = path.resolve(dir, file);
      found.set(absolute, [...(found.get(absolute) ?? []), last]);
    } else if (last && /^\s+\S/.test(line)) {
      last.message += `\n${line.trimEnd()}`;
    } else {
      last = null;
    }
  }
  return found;
}
