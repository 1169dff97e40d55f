/**
 * Runs a bench script as `npm run data` runs the pipeline (scripts/data.mjs): bundled by esbuild
 * with the packages it uses, and run by node itself, not compiled by tsx as it loads. Under tsx
 * the main thread ran the pipeline's TypeScript as tsx compiles it (every closure named as it is
 * made, among other things), a program no command of the site runs.
 *
 *   node tests/bench/bundled-run.mjs <script, relative to the project> [arguments…]
 *
 * The script sees its arguments as it would under tsx (process.argv[2] on).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleOf, bundlesDirOf } from '../../scripts/data.mjs';

const [script, ...rest] = process.argv.slice(2);
if (!script) throw new Error('usage: bundled-run.mjs <script> [arguments…]');
const projectDir = path.resolve(import.meta.dirname, '../..');
const name = path.basename(script).replace(/\.[^.]+$/, '');
const bundle = await bundleOf(projectDir, script, path.join(bundlesDirOf(projectDir), `rslib-docs-bench-${name}`));
process.argv = [process.argv[0], bundle, ...rest];
await import(pathToFileURL(bundle).href);
