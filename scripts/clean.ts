/**
 * `npm run clean`: removes every output and cache a build, a test or a check leaves in the
 * project, so that the next build is cold in one sense only: nothing of an earlier run is read.
 * Sources, `node_modules/` itself and `screenshots/` (pictures, not an input of any build) stay.
 * Prints what it removed.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What builds write, relative to the project root. A name ending in `*` stands for every sibling
 * that starts with it; one `*` folder stands for each folder there.
 */
export const BUILD_OUTPUTS = [
  // The client build, the server build, and the pipeline's bundle.
  'dist',
  'dist-ssr',
  'dist-data',
  // The bundle before the current one, and what a killed run left beside dist-data/ (pipeline/stages/emit.ts).
  'dist-data.spare',
  'dist-data.tmp-*',
  'dist-data.old-*',
  // `npm run search:export`.
  'dist-search',
  // The incremental build's cache and state (.cache/pipeline/), the site build's stamps and
  // prerender state (.cache/site/, scripts/build-site.ts), and check:samples' scratch copies.
  '.cache',
  // Tests' outputs inside the project; example projects built in place (`npx rslib build`).
  'tests/.tmp',
  'tests/samples/projects/*/dist',
  // Code bundled at run time: `npm run data`'s pipeline (scripts/data.mjs), the pipeline's worker
  // bodies (pipeline/workers/worker.ts), `build:site` (below), and check:samples' type-check project.
  'node_modules/.cache/rslib-docs-cli',
  'node_modules/.cache/rslib-docs-workers',
  // `npm run build:site`'s bundle (scripts/build-site.mjs).
  'node_modules/.cache/rslib-docs-site',
  'node_modules/.cache/check-samples',
] as const;

/** The paths of BUILD_OUTPUTS that exist under `root`, absolute. */
export function existingOutputs(root: string): string[] {
  return BUILD_OUTPUTS.flatMap((output) => output.split('/').reduce((dirs, part) => dirs.flatMap((dir) => matching(dir, part)), [root]));
}

/** The entries of `dir` that `part` (a name, `prefix*` or `*` for any folder) names. */
function matching(dir: string, part: string): string[] {
  if (!part.endsWith('*')) return existsSync(path.join(dir, part)) ? [path.join(dir, part)] : [];
  const names = existsSync(dir) && statSync(dir).isDirectory() ? readdirSync(dir).sort() : [];
  const paths = names.filter((name) => name.startsWith(part.slice(0, -1))).map((name) => path.join(dir, name));
  return part === '*' ? paths.filter((entry) => statSync(entry).isDirectory()) : paths;
}

/** Removes the outputs under `root`; returns them relative to it. */
export function clean(root: string): string[] {
  const removed = existingOutputs(root);
  for (const output of removed) rmSync(output, { recursive: true, force: true });
  return removed.map((output) => path.relative(root, output).split(path.sep).join('/'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const removed = clean(path.resolve(import.meta.dirname, '..'));
  console.log(removed.length ? `removed ${removed.join(', ')}` : 'nothing to remove');
}
