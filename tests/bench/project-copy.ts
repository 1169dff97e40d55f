/**
 * A copy of a site to build as `npm run build` builds this project's: its content/ beside links
 * to the project's own files, and the outputs a cold build starts without. Shared by the
 * benchmarks and the tests that run the whole build command elsewhere.
 */
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/** What `npm run build` uses of the project besides content/. */
export const PROJECT_LINKS = ['package.json', 'package-lock.json', 'tsconfig.json', 'node_modules', 'scripts', 'runtime', 'pipeline', 'renderer', 'schemas'];

/** What a build leaves in a site's folder (the project's run-time bundles under node_modules/.cache stay, as between a developer's builds). */
export const SITE_OUTPUTS = ['dist', 'dist-ssr', 'dist-data', 'dist-data.spare', '.cache'];

/** Links the project's files into `root`, those not there yet. */
export function linkProject(root: string): void {
  for (const name of PROJECT_LINKS) if (!existsSync(path.join(root, name))) symlinkSync(path.join(projectRoot, name), path.join(root, name));
}

/** Removes what an earlier build left in `root`: the next one is cold. */
export function removeOutputs(root: string): void {
  for (const output of SITE_OUTPUTS) rmSync(path.join(root, output), { recursive: true, force: true });
}
