/**
 * The type errors of many samples at once: TypeScript 7's compiler (`tsc --noEmit`) run over them
 * as one program, a few hundred files at a time, instead of its language server asked about each
 * file. Checking is most of what a sample costs the server (its `defineConfig` call resolves
 * @rslib/core's generic overloads); the compiler checks a config sample in its plain form
 * (plain-check.ts), which has the same errors or more, for a sixth of the compiler's time as
 * written (500 samples of the 1,000+1,000-page bench corpus: 0.19 CPU-seconds against 1.2; as
 * written, its 2,057 samples took the compiler 5.8 CPU-seconds, the server 12 asked one file at
 * a time). The errors are the language server's, placed and worded alike
 * (hovers/quick-info.ts reports them as it reports the server's).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nativeCompiler, SERVER_ENV, type ServerDiagnostic } from './language-server.ts';

/**
 * Files checked by one run of the compiler. It keeps every type it made until it exits, with its
 * garbage collector off (SERVER_ENV): 500 samples as written peaked near 460 MiB and cost 2.8 ms
 * of CPU each, most of it resolving their `defineConfig` calls; in their plain form
 * (plain-check.ts) 120 MiB and 0.4 ms each, most of it loading the declarations.
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

/** Where a run writes the plain forms of its samples (plain-check.ts), in the sample project's folder: not among the files of its language server's project (`*.ts` and the like, at the top). */
const PLAIN_FOLDER = 'plain';

/**
 * The errors of each of `files` (absolute paths in the sample project at `dir`, whose
 * tsconfig.json gives the compiler options), by file; a file without errors has none listed.
 * The compiler of `root`'s node_modules checks them on one thread: the pages compile on the others.
 * A config sample is checked in its plain form where `plainOf` gives one (plain-check.ts: the
 * hovers' stage makes it from the syntax it read the sample into, quick-info.ts); one with errors
 * there is checked again as written, and those are its errors.
 */
export async function batchErrors(root: string, dir: string, files: readonly string[], plainOf: (file: string) => string | null, chunk = CHECK_CHUNK): Promise<Map<string, ServerDiagnostic[]>> {
  const errors = new Map<string, ServerDiagnostic[]>(files.map((file) => [file, []]));
  const compiler = await nativeCompiler(root);
  const plainDir = path.join(dir, PLAIN_FOLDER);
  mkdirSync(plainDir, { recursive: true });
  for (let from = 0, part = 0; from < files.length; from += chunk, part++) {
    // The file checked for each sample, and the sample of each plain form by its name (samples' names are unique).
    const sampleOf = new Map<string, string>();
    const checked = files.slice(from, from + chunk).map((file) => {
      const plain = plainOf(file);
      if (plain === null) return file;
      const copy = path.join(plainDir, path.basename(file));
      writeFileSync(copy, plain);
      sampleOf.set(path.basename(file), file);
      return copy;
    });
    const again: string[] = [];
    for (const [file, found] of await checkOnce(compiler, dir, `check-${part}`, checked)) {
      if (path.basename(path.dirname(file)) !== PLAIN_FOLDER) {
        errors.get(file)?.push(...found);
        continue;
      }
      // An error of a plain form must reach its sample, however the compiler wrote the path: lost, the sample would pass unchecked.
      const sample = sampleOf.get(path.basename(file));
      if (!sample) throw new Error(`TypeScript's compiler reported errors in ${file}, which is no sample's plain form`);
      again.push(sample);
    }
    if (again.length) for (const [file, found] of await checkOnce(compiler, dir, `check-${part}-again`, again)) errors.get(file)?.push(...found);
  }
  return errors;
}

/** One run of the compiler over `files` of the sample project at `dir`, with its options (a tsconfig.json named for the run): their errors, by absolute file. */
async function checkOnce([command, ...args]: readonly string[], dir: string, name: string, files: readonly string[]): Promise<Map<string, ServerDiagnostic[]>> {
  const config = path.join(dir, `tsconfig.${name}.json`);
  // The project's own options; these files and the declarations of modules not installed.
  writeFileSync(config, JSON.stringify({ extends: './tsconfig.json', include: [], files: [...files, path.join(dir, 'ambient.d.ts')] }));
  return errorsOf(await compilerOutput(command!, [...args, '--noEmit', '--pretty', 'false', '--singleThreaded', '-p', config], dir), dir);
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
