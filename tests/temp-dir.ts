/**
 * Temporary folders for tests. Each is made under the system's temp folder and remembered, so the
 * one cleanup after every test file (tests/setup/remove-temp-dirs.ts) removes them all, even when
 * a test failed before any cleanup of its own could run: without it, every run of the suite left
 * its folders (gigabytes, over many runs) in /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/** A new empty folder under os.tmpdir(), its name `prefix` and six random characters. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder tempDir made and has not removed yet, with what is in it. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
