/**
 * One pipeline run in its own process, so that peak memory (maxRSS) belongs to that run alone.
 * Prints one JSON line: { ms, cpuMs, maxRssMiB, ok, pages, compiled, recordRaw, recordGzip }, where
 * cpuMs is the CPU time (user + system) of the run's every thread, compile workers included.
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../pipeline/build.ts';
import { dataPathForRoute } from '../../schemas/paths.ts';
import { tuneV8 } from '../../scripts/v8-flags.mjs';

const [root] = process.argv.slice(2);
if (!root) throw new Error('usage: pipeline-run.ts <root>');
// The data step as `npm run data` runs it (scripts/data.mjs), whose V8 settings these are.
tuneV8();
const started = performance.now();
const cpuStarted = process.cpuUsage();
// Cold or warm as the root's cache is: the caller clears it for a cold run.
const result = await build({ root });
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuStarted);
let recordRaw = 0;
let recordGzip = 0;
if (result.ok) {
  const routes = JSON.parse(readFileSync(path.join(root, 'dist-data', 'routes.json'), 'utf8')).routes as Array<{ path: string }>;
  for (const route of routes) {
    const json = readFileSync(path.join(root, 'dist-data', dataPathForRoute(route.path)));
    recordRaw += json.length;
    recordGzip += gzipSync(json).length;
  }
  recordRaw /= routes.length;
  recordGzip /= routes.length;
}
const errors = result.diagnostics.filter((d) => d.severity === 'error').slice(0, 5);
console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, maxRssMiB: process.resourceUsage().maxRSS / 1024, ok: result.ok, pages: result.pages, compiled: result.compiled, recordRaw, recordGzip, errors }));
