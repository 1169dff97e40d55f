/** A bundle read from a local dist-data/ folder. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BundleError } from '../errors.ts';
import { checkBundlePath } from './bundle-path.ts';
import type { BundleSource } from './source.ts';

export function folderSource(folder: string): BundleSource {
  const root = path.resolve(folder);
  return {
    location: root,
    siteUrl: null,
    async readText(file) {
      const full = path.resolve(root, checkBundlePath(file));
      // checkBundlePath already forbids `..`; this holds even if that rule were ever loosened.
      if (!full.startsWith(root + path.sep)) throw new BundleError(file, 'outside the data bundle');
      try {
        return await readFile(full, 'utf8');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new BundleError(file, code === 'ENOENT' ? `missing from the data bundle in ${root}` : `cannot be read (${code ?? 'unknown error'})`);
      }
    },
  };
}
