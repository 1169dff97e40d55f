/** Emit's outputs on a real folder: what a swapped-in bundle holds. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openOutput } from '../../pipeline/emit.ts';

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
