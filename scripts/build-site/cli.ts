/**
 * `npm run build:site`'s command line: `[--root <dir>] [--mode quick] [--project <dir>] [--with-data]`
 * (see scripts/build-site.ts). Runs on import: scripts/build-site.mjs loads it from a bundle.
 *
 * `--with-data` is `npm run build`: the data step (scripts/data.mjs, in a process of its own)
 * runs beside the Vite builds, and prerender follows both. On a site the size of ours the data
 * step compiles on one thread and the client build minifies on one, so side by side they take
 * about as long as the longer of the two, where one after the other took their sum. The data
 * step is the longer: this process (the Vite builds, then prerender, which waits for the data
 * anyway) gives way to it (PRIORITY_BELOW_NORMAL once the step has started, which its process
 * does not inherit), and the Vite builds take the cores' idle moments. A cold build of content/
 * took 13.4-14.2 s side by side as equals, 12.6-13.0 s so (alternating, three runs each).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../build-site.ts';

const { values } = parseArgs({ options: { root: { type: 'string' }, mode: { type: 'string' }, project: { type: 'string' }, 'with-data': { type: 'boolean' } } });
const root = path.resolve(values.root ?? process.cwd());

/** `npm run data` in `root`, its output the reader's; resolves with its exit code. */
function dataStep(): Promise<number> {
  // It inherits NODE_ENV=production (scripts/build-site.mjs), which the pipeline never reads: its output is the same.
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '..', 'data.mjs')], { cwd: root, stdio: 'inherit' });
  try {
    os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // A system that does not let a process lower its priority: the two share the cores as equals.
  }
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const result = await buildSite({ root, mode: values.mode, projectDir: values.project, dataStep: values['with-data'] ? dataStep : undefined });
if (result.dataCode) process.exitCode = result.dataCode;
