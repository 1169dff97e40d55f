/**
 * Publishing dist-data/'s files in dist/ (prerender.ts) as hard links: the data for client
 * navigation (dist/_data/), the pages' markdown twins beside their HTML, feeds and the files
 * other tools read from the site root.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every file under `from` at the same place under `to`, hard-linked: the pipeline never writes
 * into an existing file of dist-data/ (it swaps in a new folder, or in a dev session renames new
 * files over old ones), so the site may share the files (tens of thousands at scale, where
 * copying them took seconds). Copied when the two folders are on different file systems.
 * Calls `made` with each target. `fresh`: `to` is new, and holds nothing yet.
 */
export function linkTree(from: string, to: string, made: (target: string) => void, fresh = !existsSync(to)): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      linkTree(source, target, made, fresh || undefined);
      continue;
    }
    linkFile(source, target, fresh);
    made(target);
  }
}

/**
 * A target already linked to its source (an incremental build, the file unchanged) stays. Into a
 * `fresh` folder, or where the target is not there, the link is made at once: a cold build of
 * 10,000 pages per language links some 50,000 files, and looking for each target first, then
 * comparing it with its source and removing it, were three calls of the kernel more a file.
 */
export function linkFile(source: string, target: string, fresh = false): void {
  const to = fresh ? undefined : statSync(target, { throwIfNoEntry: false });
  if (to) {
    const from = statSync(source);
    if (to.ino === from.ino && to.dev === from.dev) return;
    rmSync(target, { force: true });
  }
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}
