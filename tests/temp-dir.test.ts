/** tempDir makes fresh folders, and the cleanup after each test file removes them. */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from './temp-dir.ts';

const PREFIX = 'temp-dir-test-';

describe('tempDir', () => {
  it('makes a new empty folder under the system temp folder on every call', () => {
    const a = tempDir(PREFIX);
    const b = tempDir(PREFIX);
    expect(a).not.toBe(b);
    for (const dir of [a, b]) {
      expect(path.dirname(dir)).toBe(os.tmpdir());
      expect(path.basename(dir).startsWith(PREFIX)).toBe(true);
      expect(readdirSync(dir)).toEqual([]);
    }
  });
});

describe('removeTempDirs', () => {
  it('removes every folder tempDir made, with what is in it', async () => {
    const full = tempDir(PREFIX);
    mkdirSync(path.join(full, 'sub'));
    writeFileSync(path.join(full, 'sub', 'file.txt'), 'text');
    const empty = tempDir(PREFIX);
    expect(existsSync(full) && existsSync(empty)).toBe(true);
    await removeTempDirs();
    expect(existsSync(full)).toBe(false);
    expect(existsSync(empty)).toBe(false);
  });

  it('passes over a folder a test removed itself', async () => {
    const dir = tempDir(PREFIX);
    rmSync(dir, { recursive: true });
    await expect(removeTempDirs()).resolves.toBeUndefined();
  });
});

// The setup file's cleanup runs after this file's own afterAll hooks (where tests stop their
// servers and processes): a folder made in a test is still there when they run.
let madeInTest = '';
it('keeps a folder for the rest of the test file', () => {
  madeInTest = tempDir(PREFIX);
  expect(existsSync(madeInTest)).toBe(true);
});
afterAll(() => {
  expect(existsSync(madeInTest)).toBe(true);
});
