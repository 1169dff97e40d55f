/**
 * One pipeline run in its own process, so that peak memory (maxRSS) belongs to that run alone.
 * Prints one JSON line: { ms, cpuMs, maxRssMiB, tree, ok, pages, compiled, recordRaw, recordGzip,
 * hovers }, where cpuMs is the CPU time (user + system) of the run's every thread, compile workers
 * included, and of the processes it started (TypeScript's, for the hovers); maxRssMiB the peak of
 * this process alone, `tree` that of every process it started too (tree-memory.ts); `hovers` the
 * samples of the pages, those TypeScript was asked about, and the hovered names and hover texts
 * the records carry. child-run.ts runs it bundled (bundled-run.mjs), as `npm run data` runs the
 * pipeline: under tsx its main thread ran the pipeline as tsx compiles it, and held some 60 MiB
 * more at its peak (1,054-1,119 against 998-1,057 MiB, a cold 1,000+1,000 data step).
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../pipeline/build.ts';
import { dataPathForRoute } from '../../schemas/paths.ts';
import { tuneV8 } from '../../runtime/v8-flags.mjs';
import { sampleTreeMemory } from './tree-memory.ts';

const [root] = process.argv.slice(2);
if (!root) throw new Error('usage: pipeline-run.ts <root>');
// The data step as `npm run data` runs it (scripts/data.mjs), whose V8 settings these are.
tuneV8();
const memory = sampleTreeMemory();
const started = performance.now();
const cpuStarted = process.cpuUsage();
const childrenStarted = childrenCpuMs();
// Cold or warm as the root's cache is: the caller clears it for a cold run.
const result = await build({ root });
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuStarted);
const tree = await memory.stop();
let recordRaw = 0;
let recordGzip = 0;
// What the records carry of the hovers: names wrapped, and hover texts.
let hoveredNames = 0;
let hoverTexts = 0;
if (result.ok) {
  const routes = JSON.parse(readFileSync(path.join(root, 'dist-data', 'routes.json'), 'utf8')).routes as Array<{ path: string }>;
  for (const route of routes) {
    const json = readFileSync(path.join(root, 'dist-data', dataPathForRoute(route.path)));
    recordRaw += json.length;
    recordGzip += gzipSync(json).length;
    const text = json.toString();
    hoveredNames += text.split('"dataHover":').length - 1;
    hoverTexts += text.split('"tagName":"hover-text"').length - 1;
  }
  recordRaw /= routes.length;
  recordGzip /= routes.length;
}
const errors = result.diagnostics.filter((d) => d.severity === 'error').slice(0, 5);
const hovers = { asked: result.hovers?.computed ?? 0, samples: result.hovers?.samples ?? 0, hoveredNames, hoverTexts };
console.log(
  JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000 + childrenCpuMs() - childrenStarted, maxRssMiB: process.resourceUsage().maxRSS / 1024, tree, ok: result.ok, pages: result.pages, compiled: result.compiled, recordRaw, recordGzip, hovers, errors }),
);

/** CPU time (user and system, ms) of the child processes this one has waited for (TypeScript's, for the hovers), from /proc; 0 elsewhere. */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // After the command's name: cutime and cstime are the 14th and 15th fields, in clock ticks (100 a second).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}
