/** Emit's outputs on a real folder: what a swapped-in bundle holds. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyBundle, openOutput } from '../../pipeline/emit.ts';

describe('openOutput (swap)', () => {
  it('carries a file over once however often it is asked (parts named by content repeat in a manifest)', () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'emit-')), 'dist-data');
    mkdirSync(path.join(out, 'search', 'en'), { recursive: true });
    writeFileSync(path.join(out, 'search', 'en', 'p-1.json'), '[1]');
    const output = openOutput(out);
    expect(output.reuse('search/en/p-1.json')).toBe(true);
    expect(output.reuse('search/en/p-1.json')).toBe(true);
    expect(output.reuse('search/en/p-2.json')).toBe(false);
    output.write('search/en.json', { layout: 'split' });
    const bundle = output.commit();
    expect([...bundle.files].sort()).toEqual(['search/en.json', 'search/en/p-1.json']);
    expect(readFileSync(path.join(out, 'search', 'en', 'p-1.json'), 'utf8')).toBe('[1]');
  });

  it('deletes what swaps of processes that are gone left beside dist-data/, and only that', async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'emit-')), 'dist-data');
    mkdirSync(out);
    const gone = spawnSync('true').pid!;
    const leftovers = [`${out}.tmp-${gone}`, `${out}.old-${gone}-1700000000000`];
    const running = `${out}.tmp-${process.ppid}`;
    for (const dir of [...leftovers, running]) mkdirSync(path.join(dir, 'pages'), { recursive: true });
    const output = openOutput(out);
    output.write('site.json', '{}');
    output.commit();
    for (let tries = 0; leftovers.some(existsSync) && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(leftovers.filter(existsSync)).toEqual([]);
    expect(existsSync(running)).toBe(true);
  });

  it('replaces a file it carried over instead of writing through the link into the current bundle', () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'emit-')), 'dist-data');
    mkdirSync(path.join(out, 'search'), { recursive: true });
    writeFileSync(path.join(out, 'search', 'zh.json'), 'old');
    const output = openOutput(out);
    expect(output.reuse('search/zh.json')).toBe(true);
    output.write('search/zh.json', 'new');
    // Until the commit, the current bundle is what it was.
    expect(readFileSync(path.join(out, 'search', 'zh.json'), 'utf8')).toBe('old');
    output.commit();
    expect(readFileSync(path.join(out, 'search', 'zh.json'), 'utf8')).toBe('new');
  });
});

describe('copyBundle (a swap that starts from a hard-linked copy)', () => {
  const bundleWith = (files: Record<string, string>) => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'emit-')), 'dist-data');
    for (const [rel, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
      writeFileSync(path.join(out, rel), content);
    }
    return out;
  };
  const inode = (file: string) => statSync(file).ino;

  it('carries files over as the same files, replaces written ones without touching the current bundle, and drops the rest', async () => {
    const out = bundleWith({ 'pages/en/a.json': 'a', 'pages/en/b.json': 'b', 'pages/en/gone/c.json': 'c', 'search/en/p-1.json': '[1]' });
    const before = { a: inode(path.join(out, 'pages/en/a.json')), b: inode(path.join(out, 'pages/en/b.json')) };
    const copy = copyBundle(out)!;
    const output = openOutput(out, undefined, await copy.take());
    expect(output.reuse('pages/en/a.json')).toBe(true);
    expect(output.reuse('search/en/p-2.json')).toBe(false);
    output.write('pages/en/b.json', 'b2');
    output.write('pages/en/new.json', 'n');
    expect(readFileSync(path.join(out, 'pages/en/b.json'), 'utf8')).toBe('b');
    const bundle = output.commit();
    expect([...bundle.files].sort()).toEqual(['pages/en/a.json', 'pages/en/b.json', 'pages/en/new.json']);
    expect(inode(path.join(out, 'pages/en/a.json'))).toBe(before.a);
    expect(inode(path.join(out, 'pages/en/b.json'))).not.toBe(before.b);
    expect(readFileSync(path.join(out, 'pages/en/b.json'), 'utf8')).toBe('b2');
    // Files neither written nor carried over are gone, and so are the folders they leave empty.
    expect(existsSync(path.join(out, 'pages/en/gone'))).toBe(false);
    expect(existsSync(path.join(out, 'search'))).toBe(false);
  });

  it('leaves no copy behind when the run ends without writing', async () => {
    const out = bundleWith({ 'site.json': '{}' });
    const copyDir = `${out}.tmp-${process.pid}`;
    const until = async (done: () => boolean) => {
      for (let tries = 0; !done() && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
      return done();
    };
    const copy = copyBundle(out)!;
    expect(await until(() => existsSync(path.join(copyDir, 'site.json')))).toBe(true);
    await copy.discard();
    // Deleted by a detached process: wait for it.
    expect(await until(() => !existsSync(copyDir))).toBe(true);
    expect(readFileSync(path.join(out, 'site.json'), 'utf8')).toBe('{}');
  });

  it('is not made without a dist-data/ to copy', () => {
    expect(copyBundle(path.join(mkdtempSync(path.join(os.tmpdir(), 'emit-')), 'dist-data'))).toBeNull();
  });
});
