/**
 * What a bundle made at run time was made from, as its stamp keeps it: a key over its input files'
 * sizes and times, and whether they were all saved before it was made. Shared by `npm run data`'s
 * bundle (scripts/data.mjs: bundleOf) and the pipeline's worker bundles (pipeline/workers/worker.ts).
 * A module of its own, without a command line: scripts/data.mjs runs its own when it is the main
 * module, and a worker thread's main module is its bundle, into which the pipeline's imports go.
 *
 * Plain JavaScript, as scripts/data.mjs: it runs before anything can compile TypeScript.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * A key for these files (relative to `projectDir`) as they are now: size and time of each. A
 * bundle's stamp keeps it.
 */
export function inputsKey(projectDir, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const stat = statSync(path.join(projectDir, input), { throwIfNoEntry: false });
    hash.update(`${input}\0${stat?.size}\0${stat?.mtimeMs}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Whether none of these files (relative to `projectDir`) was saved after `startedMs`, less two
 * seconds of the file system's clock: a bundle made from them then holds them as they are, and
 * its stamp may vouch for it.
 */
export function inputsSettled(projectDir, inputs, startedMs) {
  return inputs.every((input) => (statSync(path.join(projectDir, input), { throwIfNoEntry: false })?.mtimeMs ?? 0) < startedMs - 2000);
}
