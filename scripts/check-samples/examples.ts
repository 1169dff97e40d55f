/**
 * Example projects (tests/samples/projects/<name>/): small libraries built with the real
 * `rslib build`, offline, whose outputs are asserted against what the docs promise. Each has an
 * `expect.json` naming the pages it backs, the CLI arguments (or what runs instead: a Node script
 * of the project, for the JavaScript API, or another tool's command such as `rstest run`, with
 * environment variables), and the files it must (and must not) write with what they must (and
 * must not) contain.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ExampleLink, Problem } from './collect.ts';

export interface FileExpectation {
  contains?: string[];
  lacks?: string[];
}

export interface Expectation {
  /** Route paths of the pages whose promise this project proves. */
  pages: string[];
  /** What the project shows, in a few words (printed in the report). */
  proves: string;
  /** Arguments after `rslib` (default: ["build"]). */
  args?: string[];
  /**
   * A file of the project run with `node <script>` instead of the CLI: a JavaScript API sample
   * (a reader runs it the same way). Not with `args` or `command`.
   */
  script?: string;
  /**
   * Another tool to run instead of `rslib`, for a page about it (Rstest, Rspress): its binary's
   * name in the root's node_modules/.bin, then its arguments, e.g. ["rstest", "run"].
   */
  command?: string[];
  /** Environment variables the command runs with, e.g. { "RSDOCTOR": "true" }. */
  env?: Record<string, string>;
  /** Expected exit code (default 0). */
  exitCode?: number;
  /** Text the build's output (stdout and stderr) must contain. */
  log?: string[];
  /** Text the build's output must not contain (what a quieter log level leaves out). */
  logLacks?: string[];
  files?: Record<string, FileExpectation>;
  /** Folder → pattern: a file in that folder must have a matching name (for hashed names). */
  matches?: Record<string, string>;
  absent?: string[];
}

export interface ExampleProject {
  name: string;
  dir: string;
  expect: Expectation;
}

export function readExamples(projectsDir: string): ExampleProject[] {
  if (!existsSync(projectsDir)) return [];
  return readdirSync(projectsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const dir = path.join(projectsDir, name);
      return { name, dir, expect: JSON.parse(readFileSync(path.join(dir, 'expect.json'), 'utf8')) as Expectation };
    });
}

/** A run still going after this is stopped and fails (a watch that never closes would hang the check). */
const RUN_TIMEOUT_MS = 180_000;

/** Builds one project in a scratch copy and returns what it broke of its expectations. */
export async function buildExample(root: string, example: ExampleProject, scratchDir: string, timeoutMs = RUN_TIMEOUT_MS): Promise<string[]> {
  const work = path.join(scratchDir, example.name);
  rmSync(work, { recursive: true, force: true });
  cpSync(example.dir, work, { recursive: true, filter: (src) => !/[\\/](dist|node_modules)([\\/]|$)/.test(src.slice(example.dir.length)) });
  const { expect } = example;
  const invocation = commandOf(root, work, expect);
  if (typeof invocation === 'string') return [invocation];
  // As a reader's shell runs it: no NODE_ENV of ours (a test runner sets one), so the CLI picks its own.
  const { NODE_ENV: _ours, ...env } = process.env;
  const run = await promisify(execFile)(process.execPath, invocation, { cwd: work, env: { ...env, ...expect.env, NO_COLOR: '1', FORCE_COLOR: '0' }, maxBuffer: 16 * 1024 * 1024, timeout: timeoutMs }).then(
    (r) => ({ code: 0, log: r.stdout + r.stderr, killed: false }),
    (error: { code?: number; killed?: boolean; stdout?: string; stderr?: string }) => ({ code: typeof error.code === 'number' ? error.code : 1, log: (error.stdout ?? '') + (error.stderr ?? ''), killed: error.killed === true }),
  );
  // What ran, as failures name it: the script, the tool, or the rslib build.
  const ran = expect.script ?? expect.command?.[0] ?? 'build';
  if (run.killed) return [`${expect.script ?? expect.command?.[0] ?? 'rslib'} did not end within ${timeoutMs / 1000} s and was stopped`];
  const failures: string[] = [];
  const wanted = expect.exitCode ?? 0;
  if (run.code !== wanted) failures.push(`exit code ${run.code}, expected ${wanted}\n${run.log.trim().split('\n').slice(-15).join('\n')}`);
  for (const text of expect.log ?? []) if (!run.log.includes(text)) failures.push(`${ran} output lacks "${text}"`);
  for (const text of expect.logLacks ?? []) if (run.log.includes(text)) failures.push(`${ran} output contains "${text}"`);
  for (const [file, wants] of Object.entries(expect.files ?? {})) {
    const full = path.join(work, file);
    if (!existsSync(full)) {
      failures.push(`${file} was not written (wrote: ${listFiles(work, 'dist').join(', ') || 'nothing'})`);
      continue;
    }
    const text = readFileSync(full, 'utf8');
    for (const part of wants.contains ?? []) if (!text.includes(part)) failures.push(`${file} lacks ${JSON.stringify(part)}`);
    for (const part of wants.lacks ?? []) if (text.includes(part)) failures.push(`${file} contains ${JSON.stringify(part)}`);
  }
  for (const [folder, pattern] of Object.entries(expect.matches ?? {})) {
    const names = existsSync(path.join(work, folder)) ? readdirSync(path.join(work, folder)) : [];
    if (!names.some((name) => new RegExp(pattern).test(name))) failures.push(`no file in ${folder}/ matches /${pattern}/ (found: ${names.join(', ') || 'nothing'})`);
  }
  for (const file of expect.absent ?? []) if (existsSync(path.join(work, file))) failures.push(`${file} was written but must not be`);
  return failures;
}

/**
 * What node runs: `rslib <args>`, the project's own `script`, or its `command` from
 * node_modules/.bin; a string says why it cannot run.
 */
function commandOf(root: string, work: string, expect: Expectation): string[] | string {
  if (expect.script !== undefined) {
    if (expect.args !== undefined) return 'expect.json gives both "script" and "args": a project runs either its script or the rslib CLI';
    if (expect.command !== undefined) return 'expect.json gives both "script" and "command": a project runs one of them';
    if (!existsSync(path.join(work, expect.script))) return `expect.json names the script ${expect.script}, which the project does not have`;
    return [expect.script];
  }
  if (!expect.command) return [path.join(root, 'node_modules/@rslib/core/bin/rslib.js'), ...(expect.args ?? ['build'])];
  const [name, ...args] = expect.command;
  if (expect.args) return '"args" are rslib\'s arguments: with "command", put the arguments in the command';
  const bin = name ? path.join(root, 'node_modules/.bin', name) : '';
  if (!name || !existsSync(bin)) return `"command" names ${JSON.stringify(name ?? '')}, which is not a binary of node_modules/.bin`;
  return [bin, ...args];
}

function listFiles(dir: string, sub: string): string[] {
  const base = path.join(dir, sub);
  if (!existsSync(base)) return [];
  return (readdirSync(base, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

/** Runs `tasks` with at most `limit` at a time, keeping their order in the result. */
export async function inParallel<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * A block as code: trailing spaces and `//` comments dropped. A page's comments are prose in its
 * language (the Chinese twin explains the same line in Chinese); its code is what must be built.
 * A trailing comment counts only after a space and outside quotes, so `'https://…'` stays.
 */
const normalise = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .map((line) => {
      const comment = / \/\/ /.exec(line);
      const before = comment ? line.slice(0, comment.index) : line;
      const quotesClosed = [...'\'"`'].every((quote) => before.split(quote).length % 2 === 1);
      return (comment && quotesClosed ? before : line).trimEnd();
    })
    .join('\n')
    .trim();

/** A page block with `example="name"` must be the project's file of the block's title, as code (see normalise). */
export function checkExampleLinks(links: ExampleLink[], examples: ExampleProject[]): Problem[] {
  const problems: Problem[] = [];
  for (const link of links) {
    const example = examples.find((e) => e.name === link.example);
    if (!example) {
      problems.push({ ...link, message: `example="${link.example}" names no project in tests/samples/projects/`, rule: 'sample-example' });
      continue;
    }
    const file = path.join(example.dir, link.title ?? 'rslib.config.ts');
    if (!existsSync(file)) {
      problems.push({ ...link, message: `example="${link.example}": the project has no ${link.title ?? 'rslib.config.ts'} (the block's title names the file)`, rule: 'sample-example' });
      continue;
    }
    if (normalise(readFileSync(file, 'utf8')) !== normalise(link.code)) {
      problems.push({ ...link, message: `This sample and ${path.relative(path.dirname(path.dirname(example.dir)), file)} have diverged: the page must show what the example project builds`, rule: 'sample-example' });
    }
  }
  return problems;
}
