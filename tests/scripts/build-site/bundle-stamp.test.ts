/** A Vite build's stamp: current while its inputs, its settings and its files are as they were. */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleKey, isCurrent, outputsOf, readStamp, settledBefore, writeStamp, type BundleStamp } from '../../../scripts/build-site/bundle-stamp.ts';
import { tempDir } from '../../temp-dir.ts';

let dir = '';

/** A project with two sources and a build of them. */
function setUp(): { project: string; out: string; stamp: BundleStamp } {
  dir = tempDir('rslib-docs-stamp-');
  const project = path.join(dir, 'project');
  const out = path.join(dir, 'out');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  mkdirSync(path.join(out, '_assets'), { recursive: true });
  writeFileSync(path.join(project, 'src/a.ts'), 'export const a = 1;');
  writeFileSync(path.join(project, 'src/b.css'), '.b { color: red }');
  writeFileSync(path.join(out, '_assets/a.js'), 'const a=1;');
  writeFileSync(path.join(out, 'index.html'), '<p>page</p>');
  const inputs = ['src/a.ts', 'src/b.css'];
  const stamp = { key: bundleKey(project, inputs, 'client'), inputs, outputs: outputsOf(out, (rel) => rel.startsWith('_assets/')) };
  return { project, out, stamp };
}

describe('bundle stamps', () => {
  it('holds while inputs, settings and outputs are as they were', () => {
    const { project, out, stamp } = setUp();
    expect(stamp.outputs).toEqual({ '_assets/a.js': 10 });
    writeStamp(path.join(dir, 'stamp.json'), stamp);
    expect(isCurrent(readStamp(path.join(dir, 'stamp.json')), project, out, 'client')).toBe(true);
    // Another build's settings (mode, SSR) never reuse it.
    expect(isCurrent(stamp, project, out, 'ssr')).toBe(false);
    // Files the build did not write may come and go (prerender's pages).
    rmSync(path.join(out, 'index.html'));
    expect(isCurrent(stamp, project, out, 'client')).toBe(true);
  });

  it('fails when an input changes or is gone, and when an output is missing or changed', () => {
    const { project, out, stamp } = setUp();
    writeFileSync(path.join(project, 'src/b.css'), '.b { color: blue }');
    expect(isCurrent(stamp, project, out, 'client')).toBe(false);

    const second = setUp();
    rmSync(path.join(second.project, 'src/a.ts'));
    expect(isCurrent(second.stamp, second.project, second.out, 'client')).toBe(false);

    const third = setUp();
    writeFileSync(path.join(third.out, '_assets/a.js'), 'const a = 1;');
    expect(isCurrent(third.stamp, third.project, third.out, 'client')).toBe(false);
    rmSync(path.join(third.out, '_assets/a.js'));
    expect(isCurrent(third.stamp, third.project, third.out, 'client')).toBe(false);
  });

  it('reads a missing or broken stamp as "build"', () => {
    const { project, out } = setUp();
    writeFileSync(path.join(dir, 'broken.json'), '{"key":');
    expect(readStamp(path.join(dir, 'broken.json'))).toBeNull();
    expect(isCurrent(readStamp(path.join(dir, 'none.json')), project, out, 'client')).toBe(false);
  });

  it('is not written for a build whose inputs were saved after it started', () => {
    const { project, stamp } = setUp();
    const old = new Date(Date.now() - 60_000);
    for (const input of stamp.inputs) utimesSync(path.join(project, input), old, old);
    expect(settledBefore(project, stamp.inputs, Date.now())).toBe(true);
    writeFileSync(path.join(project, 'src/a.ts'), 'export const a = 2;');
    expect(settledBefore(project, stamp.inputs, Date.now() - 1000)).toBe(false);
  });
});
