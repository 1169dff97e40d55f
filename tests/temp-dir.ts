/**
 * Temporary folders for tests. Each is made under the system's temp folder and remembered, so the
 * one cleanup after every test file (tests/setup/remove-temp-dirs.ts) removes them all, even when
 * a test failed before any cleanup of its own could run: without it, every run of the suite left
 * its folders (gigabytes, over many runs) in /tmp.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/** A new empty folder under os.tmpdir(), its name `prefix` and six random characters. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/**
 * Removes every folder tempDir made and has not removed yet, with what is in it. Asynchronous and
 * all at once: a file of build tests leaves some 15,000 files, and removing them one by one in a
 * blocking loop took over 10 s on CI's loaded cores.
 */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
