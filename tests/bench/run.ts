/**
 * `npm run bench`: runs every tests/bench/*.bench.ts in turn (each prints its own table of
 * numbers against budgets) and exits 1 if any missed a budget or failed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)))
  .sort();
const failed: string[] = [];
for (const bench of benches) {
  console.log(`\n━━ ${bench}`);
  const result = spawnSync(path.resolve(here, '../../node_modules/.bin/tsx'), [path.join(here, bench)], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(bench);
}
console.log(failed.length ? `\nBudgets missed or benchmark failed: ${failed.join(', ')}` : '\nAll budgets met.');
process.exitCode = failed.length ? 1 : 0;
