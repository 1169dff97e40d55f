/**
 * `npm run build:site` once scripts/build-site.mjs has read its command line (and, for
 * `--with-data`, started the data step): the entry of the bundle that command loads.
 */
import { buildSite, type SiteBuildOptions } from '../build-site.ts';

/** Builds the site; `data` is the data step already under way, resolving with its exit code. */
export async function buildSiteCommand(options: Pick<SiteBuildOptions, 'root' | 'projectDir'>, data?: Promise<number>): Promise<void> {
  const result = await buildSite({ ...options, data });
  if (result.dataCode) process.exitCode = result.dataCode;
}
