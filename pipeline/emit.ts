/**
 * Stage 7, emit: the only stage that writes. dist-data/ is written to a temporary folder beside
 * it and swapped in with renames, so a reader of dist-data/ sees the old bundle or the new one,
 * never half of each, and a failed run (which never calls emit) leaves the old one intact.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

/** Files to write, by path relative to dist-data/; objects are written as JSON. */
export type OutputFiles = Map<string, string | object>;

export function emitDistData(outDir: string, files: OutputFiles): void {
  const tmp = `${outDir}.tmp-${process.pid}`;
  const old = `${outDir}.old-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  for (const [rel, content] of files) {
    const target = path.join(tmp, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content));
  }
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(tmp, outDir);
  rmSync(old, { recursive: true, force: true });
}

/** Compiled pages for the next run; written even when the run fails, since they are keyed by content. */
export function emitCache(cacheDir: string, entries: ReadonlyMap<string, object>): void {
  if (entries.size === 0) return;
  mkdirSync(cacheDir, { recursive: true });
  for (const [key, value] of entries) writeFileSync(path.join(cacheDir, `${key}.json`), JSON.stringify(value));
}
