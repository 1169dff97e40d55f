/**
 * `npm run data`: run the pipeline once, print every problem as `file:line:col  severity  message
 * [rule]`, exit 1 on any error (dist-data/ is then left as it was). With `--timings`, a last
 * line `timings {"discover":…}`: each stage's wall time in ms (npm run bench -- site reads it).
 */
import { performance } from 'node:perf_hooks';
import { build } from './build.ts';
import { formatDiagnostic } from './diagnostics.ts';

const started = performance.now();
const force = process.argv.includes('--force');
const timings: Record<string, number> | undefined = process.argv.includes('--timings') ? {} : undefined;
const result = await build({ root: process.cwd(), noCache: process.argv.includes('--no-cache'), force, timings });
for (const diagnostic of result.diagnostics) console.error(formatDiagnostic(diagnostic));
const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
const warnings = result.diagnostics.length - errors;
const ms = Math.round(performance.now() - started);
if (!result.ok) {
  const outcome = result.emitted ? 'dist-data/ was written anyway (--force): do not publish it.' : 'dist-data/ was not changed.';
  console.error(`\n✖ ${errors} error(s), ${warnings} warning(s). ${outcome}`);
  process.exit(1);
}
const what = result.emitted ? 'dist-data/ written' : 'dist-data/ already up to date';
console.log(`✔ ${what}: ${result.pages} pages (${result.compiled} compiled, ${result.pages - result.compiled} cached), ${warnings} warning(s), ${ms} ms`);
if (timings) console.log(`timings ${JSON.stringify(timings)}`);
