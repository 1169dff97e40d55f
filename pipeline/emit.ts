/**
 * Stage 7, emit: the only stage that writes. dist-data/ is written to a temporary folder beside
 * it and swapped in with renames, so a reader of dist-data/ sees the old bundle or the new one,
 * never half of each, and a failed run leaves the old one intact. Records are written as they
 * are produced; a record that did not change is hard-linked from the old bundle instead.
 */
import { linkSync, mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { PageContent } from './compile-page.ts';
import type { CacheContents } from './incremental.ts';

export interface Output {
  /** Write a file (objects as JSON), relative to dist-data/. */
  write(rel: string, content: string | Buffer | object): void;
  /** Carry a file over unchanged from the current dist-data/; false when it is not there. */
  reuse(rel: string): boolean;
  /** Swap the new bundle in. */
  commit(): void;
  /** Drop the new bundle; the current one stays. */
  abort(): void;
}

export function openOutput(outDir: string): Output {
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const made = new Set<string>();
  const dirFor = (target: string) => {
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
  };
  return {
    write(rel, content) {
      const target = path.join(tmp, rel);
      dirFor(target);
      writeFileSync(target, typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content));
    },
    reuse(rel) {
      const target = path.join(tmp, rel);
      dirFor(target);
      try {
        linkSync(path.join(outDir, rel), target);
        return true;
      } catch {
        return false;
      }
    },
    commit() {
      const old = `${outDir}.old-${process.pid}-${Date.now()}`;
      if (existsSync(outDir)) renameSync(outDir, old);
      renameSync(tmp, outDir);
      // Unlinking tens of thousands of files takes longer than the rest of a warm build: the
      // old bundle is out of the way already, so let a detached process delete it.
      spawn('rm', ['-rf', old], { detached: true, stdio: 'ignore' }).unref();
    },
    abort() {
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * A compiled page's content, written as soon as the page is compiled: one line of JSON with all
 * but the body, then the body's JSON as it goes into the record (never parsed on the way).
 */
export function writePageContent(cacheDir: string, key: string, { body, ...rest }: PageContent): void {
  mkdirSync(path.join(cacheDir, 'pages'), { recursive: true });
  writeFileSync(path.join(cacheDir, 'pages', `${key}.json`), `${JSON.stringify(rest)}\n${body ?? 'null'}`);
}

/** What changed of the cache: the state when it did, and the changed languages' search caches. */
export function writeCache(cacheDir: string, { state, search, bases }: CacheContents): void {
  mkdirSync(cacheDir, { recursive: true });
  if (state) writeFileSync(path.join(cacheDir, 'state.json'), JSON.stringify(state));
  for (const [lang, cache] of Object.entries(search)) writeFileSync(path.join(cacheDir, `search-${lang}.json`), JSON.stringify(cache));
  for (const [lang, base] of Object.entries(bases)) writeFileSync(path.join(cacheDir, `search-base-${lang}.json`), JSON.stringify(base));
}
