/**
 * `npm run bench -- site` (issue 43): the site this project really builds, against Rspress on
 * the same markdown, in one run on one machine, so that a slower machine moves both sides.
 *
 * - A cold `npm run build` of content/ (no dist*, no .cache/; the project's run-time bundles
 *   under node_modules/.cache stay, as between a developer's builds) and a cold `rspress build`
 *   (Rspress 2.0.22, a devDependency) of the same pages copied to docs/en and docs/zh, its
 *   rspack cache removed: alternating, best of BENCH_RUNS (default 2). Budget: ours at most 0.6×.
 * - The floor of content/ (tests/bench/floor-run.ts: a bare unified parse and shiki highlighting
 *   of the same pages, CPU time on one core), and a cold data step (`npm run data`'s command,
 *   start-up included) against it. Budget: at most 1.3×.
 * - Where our time goes, from one more cold build step by step: the pipeline's stages
 *   (`--timings`), the Vite client and server builds, prerender, and each command's start-up.
 * - The CPU time of one more cold `npm run build`, by process and thread (tests/bench/thread-cpu.ts):
 *   on two cores the build is bound by it, not by waiting.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { tempDir } from '../temp-dir.ts';
import { linkProject, removeOutputs } from './project-copy.ts';
import { hostSteal, printRows, type Row } from './report.ts';
import { cpuByThread } from './thread-cpu.ts';

const here = import.meta.dirname;
const projectRoot = path.resolve(here, '../..');
const tsx = path.join(projectRoot, 'node_modules/.bin/tsx');
const runs = Number(process.env.BENCH_RUNS ?? 2);


function oursSite(): string {
  const root = tempDir('rslib-docs-bench-site-');
  cpSync(path.join(projectRoot, 'content'), path.join(root, 'content'), { recursive: true });
  linkProject(root);
  return root;
}

/** The same pages and images as an Rspress site: docs/en, docs/zh and docs/public, both languages in its config. */
function rspressSite(): string {
  const root = tempDir('rslib-docs-bench-rspress-');
  for (const folder of ['en', 'zh', 'public']) cpSync(path.join(projectRoot, 'content', folder), path.join(root, 'docs', folder), { recursive: true });
  // Its packages are this project's (a link): @rspress/core is a devDependency.
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
  writeFileSync(
    path.join(root, 'rspress.config.mjs'),
    `import { defineConfig } from '@rspress/core';\nexport default defineConfig({ root: 'docs', lang: 'en', title: 'Rslib', locales: [{ lang: 'en', label: 'English' }, { lang: 'zh', label: '简体中文' }] });\n`,
  );
  return root;
}

const timed = (run: () => void): number => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

function oursCold(root: string): number {
  removeOutputs(root);
  return timed(() => execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }));
}

function rspressCold(root: string): number {
  rmSync(path.join(root, 'doc_build'), { recursive: true, force: true });
  // Its persistent cache lives in node_modules/.cache/rspack (the project's, through the link).
  rmSync(path.join(projectRoot, 'node_modules/.cache/rspack'), { recursive: true, force: true });
  return timed(() => execFileSync(path.join(root, 'node_modules/.bin/rspress'), ['build'], { cwd: root, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } }));
}

function floorMs(root: string): number {
  const out = execFileSync(tsx, [path.join(here, 'floor-run.ts'), root], { cwd: projectRoot, encoding: 'utf8' });
  return (JSON.parse(out.trim().split('\n').at(-1)!) as { ms: number }).ms;
}

/** One more cold build, step by step: each step's wall time and what its output says of its parts. */
function stages(root: string): Row[] {
  removeOutputs(root);
  let dataOut = '';
  const dataMs = timed(() => (dataOut = execFileSync(process.execPath, [path.join(root, 'scripts/data.mjs'), '--timings'], { cwd: root, encoding: 'utf8' })));
  const timings = JSON.parse(/^timings (.*)$/m.exec(dataOut)![1]!) as Record<string, number>;
  let siteOut = '';
  const siteMs = timed(() => (siteOut = execFileSync(process.execPath, [path.join(root, 'scripts/build-site.mjs')], { cwd: root, encoding: 'utf8' })));
  const [, clientMs, ssrMs] = /client build \w+ \((\d+) ms\), server build \w+ \((\d+) ms\)/.exec(siteOut)!.map(Number);
  const prerenderMs = Number(/prerendered .* in (\d+) ms/.exec(siteOut)![1]);
  const stageSum = Object.values(timings).reduce((sum, ms) => sum + ms, 0);
  const row = (name: string, ms: number): Row => ({ name, value: ms / 1000, unit: 's' });
  return [
    ...Object.entries(timings).map(([stage, ms]) => row(`data: ${stage}`, ms)),
    row('data: process start-up and the rest', dataMs - stageSum),
    row('site: Vite client build', clientMs!),
    row('site: Vite server build', ssrMs!),
    row('site: prerender', prerenderMs),
    row('site: process start-up and the rest', siteMs - clientMs! - ssrMs! - prerenderMs),
    row('whole (data + site commands)', dataMs + siteMs),
  ];
}

/** Which part of the build a thread is, by its process's command and whether it is that process's main thread. */
function partOfBuild({ process, main }: { process: string; main: boolean }): string {
  if (process.includes('scripts/data.mjs')) return main ? 'data step: main thread' : 'data step: workers (hovers, search) and V8 threads';
  if (/typescript/.test(process)) return "data step: TypeScript, its language server and compiler (hovers, sample checks)";
  if (process.includes('scripts/build-site.mjs')) return main ? 'site: main thread (Vite, prerender)' : 'site: Rolldown, prerender workers and V8 threads';
  return 'npm and the rest';
}

/** One more cold `npm run build`, its CPU time by part (partOfBuild), largest first. */
async function cpuOfBuild(root: string): Promise<Row[]> {
  removeOutputs(root);
  const parts = await cpuByThread('npm', ['run', 'build'], root, partOfBuild);
  const rows = [...parts].sort((a, b) => b[1] - a[1]).map(([name, ms]): Row => ({ name, value: ms / 1000, unit: 's' }));
  return [...rows, { name: 'all', value: [...parts.values()].reduce((sum, ms) => sum + ms, 0) / 1000, unit: 's' }];
}

const ours = oursSite();
const rspress = rspressSite();
const steal = hostSteal();
const oursMs: number[] = [];
const rspressMs: number[] = [];
// Alternating: a machine that slows down mid-run slows both sides.
for (let i = 0; i < runs; i++) {
  oursMs.push(oursCold(ours));
  rspressMs.push(rspressCold(rspress));
}
const bestOurs = Math.min(...oursMs);
const bestRspress = Math.min(...rspressMs);
const floor = floorMs(ours);
// The data step cold, its command from start to exit, best of the runs.
const dataMs = Math.min(
  ...Array.from({ length: runs }, () => {
    removeOutputs(ours);
    return timed(() => execFileSync(process.execPath, [path.join(ours, 'scripts/data.mjs')], { cwd: ours, stdio: 'ignore' }));
  }),
);
const breakdown = stages(ours);
const cpu = await cpuOfBuild(ours);
const stolen = steal();

const ok = printRows(`The real site (content/, 2 languages), cold, best of ${runs}: ours ${oursMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s; Rspress ${rspressMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s`, [
  { name: 'npm run build, cold', value: bestOurs / 1000, unit: 's' },
  { name: 'rspress build (2.0.22), cold', value: bestRspress / 1000, unit: 's' },
  { name: 'ours ÷ Rspress', value: bestOurs / bestRspress, unit: '×', budget: 0.6 },
  { name: 'floor of content/ (parse + highlight, CPU, one core)', value: floor / 1000, unit: 's' },
  { name: 'npm run data, cold (command, wall)', value: dataMs / 1000, unit: 's' },
  { name: 'data step ÷ floor', value: dataMs / floor, unit: '×', budget: 1.3 },
]);
printRows('Where a cold build of ours goes (one more build, step by step, wall)', breakdown);
printRows('The CPU time of a cold npm run build, by process and thread (one more build, sampled from /proc)', cpu);
console.log(`\n  host steal during the runs: ${stolen === null ? 'unknown' : `${stolen.toFixed(1)} %`}`);
rmSync(path.join(projectRoot, 'node_modules/.cache/rspack'), { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
