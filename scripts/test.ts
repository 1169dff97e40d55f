/**
 * `npm test` and `npm run test:unit`: every check of the project, independent steps side by side.
 *
 * `npm test` runs two lanes at once: the static checks (typecheck, check:deps, check:state and
 * check:translations side by side, then check:samples, whose example builds wait on child
 * processes much of the time) and one `vitest run` of every project (its e2e global setup
 * builds the site first, then unit and build run two files at a time, then the browser tests).
 * On two cores the lanes fill each other's idle time; one after the other, as `a && b && …` ran them, they took about 11 minutes.
 * `npm run test:unit` (`--unit`) is the quick tier: the static checks but check:samples, beside
 * the vitest unit project (no browser, no example or site builds).
 *
 * Each step's output is printed whole when it ends (vitest's as it comes), then a table of the
 * steps and, last, one `tests: N passed, N failed, N skipped` line for CI: vitest's tests plus
 * each check step counted as one. The exit code is 1 if any step failed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');

export interface Step {
  name: string;
  /** The command and its arguments (run in the project's folder, with node_modules/.bin on PATH). */
  command: string[];
  /** Print the output as it comes (the long vitest run) instead of whole at the end. */
  live?: boolean;
}

export interface StepResult {
  name: string;
  code: number;
  seconds: number;
  output: string;
}

/** Steps run one after another; lanes run side by side. */
export type Lane = Step[][];

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const SUMMARY = /^tests: (\d+) passed, (\d+) failed, (\d+) skipped$/m;

/** Runs one step, its output kept (and echoed at once when `live`). */
export function runStep(step: Step, print: (text: string) => void): Promise<StepResult> {
  const started = performance.now();
  const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (step.live) print(chunk.toString());
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const done = (code: number) => resolve({ name: step.name, code, seconds: (performance.now() - started) / 1000, output });
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** One lane: its stages in order, the steps of a stage side by side. Every stage runs, whatever failed before. */
async function runLane(lane: Lane, report: (result: StepResult, step: Step) => void, print: (text: string) => void): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const stage of lane) {
    results.push(
      ...(await Promise.all(
        stage.map(async (step) => {
          const result = await runStep(step, print);
          report(result, step);
          return result;
        }),
      )),
    );
  }
  return results;
}

/** vitest's own counts (its last summary line) plus one per check step; a vitest run without that line failed. */
export function combinedCounts(results: StepResult[], vitestSteps: Set<string>): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const result of results) {
    if (!vitestSteps.has(result.name)) {
      counts[result.code === 0 ? 'passed' : 'failed']++;
      continue;
    }
    const lines = [...result.output.matchAll(new RegExp(SUMMARY.source, 'gm'))];
    const last = lines.at(-1);
    if (!last) {
      counts.failed++;
      continue;
    }
    counts.passed += Number(last[1]);
    counts.failed += Number(last[2]) + (result.code !== 0 && Number(last[2]) === 0 ? 1 : 0);
    counts.skipped += Number(last[3]);
  }
  return counts;
}

export function formatCounts(counts: Counts): string {
  return `tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
}

/** The lanes of `npm test` (all) and `npm run test:unit` (unit). */
export function lanesOf(tier: 'all' | 'unit'): Lane[] {
  const statics: Step[] = [
    { name: 'typecheck', command: ['tsc', '--noEmit', '-p', '.'] },
    { name: 'check:deps', command: ['tsx', 'scripts/check-deps.ts'] },
    { name: 'check:state', command: ['tsx', 'scripts/check-module-state.ts'] },
    { name: 'check:translations', command: ['tsx', 'scripts/check-translations.ts'] },
  ];
  if (tier === 'unit') return [[statics], [[{ name: 'vitest unit', command: ['vitest', 'run', '--project', 'unit'], live: true }]]];
  return [
    [statics, [{ name: 'check:samples', command: ['tsx', 'scripts/check-samples.ts'] }]],
    [[{ name: 'vitest', command: ['vitest', 'run'], live: true }]],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { unit: { type: 'boolean' } } });
  const lanes = lanesOf(values.unit ? 'unit' : 'all');
  const started = performance.now();
  const print = (text: string) => process.stdout.write(text);
  const report = (result: StepResult, step: Step) => {
    const mark = result.code === 0 ? '✓' : '✗';
    if (!step.live) print(`\n── ${mark} ${result.name} (${result.seconds.toFixed(1)} s) ──\n${result.output}${result.output.endsWith('\n') || !result.output ? '' : '\n'}`);
  };
  const results = (await Promise.all(lanes.map((lane) => runLane(lane, report, print)))).flat();
  const vitestSteps = new Set(lanes.flat(2).filter((step) => step.live).map((step) => step.name));
  print(`\n── steps (${((performance.now() - started) / 1000).toFixed(1)} s in all) ──\n`);
  for (const result of results) print(`  ${result.code === 0 ? '✓' : '✗'} ${result.name.padEnd(14)} ${result.seconds.toFixed(1).padStart(6)} s${result.code === 0 ? '' : `  (exit code ${result.code})`}\n`);
  const counts = combinedCounts(results, vitestSteps);
  print(`(vitest's tests, and each of the ${results.length - vitestSteps.size} check steps as one)\n`);
  print(`\n${formatCounts(counts)}\n`);
  process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
}
