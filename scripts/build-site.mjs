/**
 * `npm run build:site`'s command line: `[--root <dir>] [--project <dir>] [--with-data]`
 * (see scripts/build-site.ts). The build itself is scripts/build-site/cli.ts and what it imports,
 * bundled as `npm run data`'s pipeline is (scripts/data.mjs, bundleOf) and run by node itself.
 * After an edit to one page the whole site step takes about a second, of which starting tsx and
 * compiling the TypeScript it loads took half. Vite stays a package: it is loaded only when a
 * bundle has to be built again.
 *
 * `--with-data` is `npm run build`: the data step (scripts/data.mjs, in a process of its own)
 * runs beside the Vite builds, and prerender follows both. It is started here, before this
 * command loads its own bundle, which took 0.15-0.4 s of a cold build's critical path.
 *
 * Plain JavaScript, like scripts/data.mjs: it runs before anything can compile TypeScript.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleOf, bundlesDirOf } from './data.mjs';
import { tuneV8 } from '../runtime/v8-flags.mjs';

// As `npm run data` (runtime/v8-flags.mjs): the client build took 2.8 s with TurboFan's inlining, 2.2 s without (measured when it still ran terser).
tuneV8();

// The site is always a production build (React's production code in the bundles and in prerender,
// whose workers take this environment). Set here, not by cross-env in package.json: its extra
// process took 0.2 s of every `npm run build`, a twelfth of one after a one-page edit.
process.env.NODE_ENV = 'production';

const { values } = parseArgs({ options: { root: { type: 'string' }, project: { type: 'string' }, 'with-data': { type: 'boolean' } } });
const root = path.resolve(values.root ?? process.cwd());
const projectDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm run data` in `root`, its output the reader's; resolves with its exit code. On a site the
 * size of ours the data step compiles on one thread and the Vite builds bundle on the other, so side
 * by side they take about as long as the longer of the two, where one after the other took their
 * sum. The data step is the longer: this process (the Vite builds, then prerender, which waits
 * for the data anyway) gives way to it (PRIORITY_LOW once the step has started, which its
 * process does not inherit), and the Vite builds take the cores' idle moments. A cold build of
 * content/ took 13.4-14.2 s side by side as equals, 12.6-13.0 s at PRIORITY_BELOW_NORMAL
 * (alternating, three runs each). Since the client build no longer runs terser, the two Vite
 * builds fit in the moments the data step leaves: at PRIORITY_LOW a cold build took 10.2-11.7 s
 * (10.9 on average), at PRIORITY_BELOW_NORMAL 10.7-13.0 s (11.7), six alternating runs each.
 */
function dataStep() {
  // It inherits NODE_ENV=production, which the pipeline never reads: its output is the same.
  const child = spawn(process.execPath, [path.join(projectDir, 'scripts', 'data.mjs')], { cwd: root, stdio: 'inherit' });
  try {
    os.setPriority(os.constants.priority.PRIORITY_LOW);
  } catch {
    // A system that does not let a process lower its priority: the two share the cores as equals.
  }
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const data = values['with-data'] ? dataStep() : undefined;
const bundle = await bundleOf(projectDir, 'scripts/build-site/cli.ts', path.join(bundlesDirOf(projectDir), 'rslib-docs-site'), {
  external: ['vite'],
  // Prerender's own modules reach the components only through the lazy parts' loaders, which never
  // run in this process (pages are rendered by the server build): their styles and icons need no content.
  loader: { '.css': 'empty', '.module.css': 'empty', '.svg': 'empty' },
});
/** @type {typeof import('./build-site/cli.ts')} */
const { buildSiteCommand } = await import(pathToFileURL(bundle).href);
await buildSiteCommand({ root, projectDir: values.project }, data);
