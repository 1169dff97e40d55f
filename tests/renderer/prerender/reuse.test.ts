/** Which routes prerender keeps: keys over what a page was made from, and the sweep of what the site lost. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileDigests, readState, reusable, routeKey, sweep, writeState } from '../../../renderer/prerender/reuse.ts';
import { tempDir } from '../../temp-dir.ts';

let dir = '';

function write(rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
}

describe('route keys', () => {
  it('change with the render key, the route, and any file the render read', () => {
    dir = tempDir('rslib-docs-reuse-');
    write('shell.json', '{"title":"A"}');
    write('pages/en/a.json', '{"title":"Page A"}');
    const reads = ['pages/en/a.json', 'shell.json'];
    const route = { path: '/a', lang: 'en' };
    const before = routeKey('r1', route, reads, fileDigests(dir));
    expect(routeKey('r1', route, reads, fileDigests(dir))).toBe(before);
    expect(routeKey('r2', route, reads, fileDigests(dir))).not.toBe(before);
    expect(routeKey('r1', { path: '/b', lang: 'en' }, reads, fileDigests(dir))).not.toBe(before);
    write('shell.json', '{"title":"B"}');
    expect(routeKey('r1', route, reads, fileDigests(dir))).not.toBe(before);
    rmSync(path.join(dir, 'shell.json'));
    expect(routeKey('r1', route, reads, fileDigests(dir))).not.toBe(before);
  });

  it('take a record digest from the hash routes.json lists for it, without reading the file', () => {
    dir = tempDir('rslib-docs-reuse-');
    write('shell.json', '{"title":"A"}');
    const reads = ['pages/en/a.json', 'shell.json'];
    const route = { path: '/a', lang: 'en' };
    // No record on disk: a listed hash is all the key needs, and a new hash is a new key.
    const before = routeKey('r1', route, reads, fileDigests(dir, [['pages/en/a.json', 'h1']]));
    expect(routeKey('r1', route, reads, fileDigests(dir, [['pages/en/a.json', 'h1']]))).toBe(before);
    expect(routeKey('r1', route, reads, fileDigests(dir, [['pages/en/a.json', 'h2']]))).not.toBe(before);
    expect(routeKey('r1', route, reads, fileDigests(dir))).not.toBe(before);
    // Files not listed are still read.
    write('shell.json', '{"title":"B"}');
    expect(routeKey('r1', route, reads, fileDigests(dir, [['pages/en/a.json', 'h1']]))).not.toBe(before);
  });

  it('keep a page only while its key holds and its HTML file is the one written', () => {
    dir = tempDir('rslib-docs-reuse-');
    write('a.html', '<p>a</p>');
    const state = { key: 'k', reads: ['pages/en/a.json'], size: 8, scriptHashes: [] };
    expect(reusable(state, () => 'k', path.join(dir, 'a.html'))).toBe(state);
    expect(reusable(state, () => 'other', path.join(dir, 'a.html'))).toBeUndefined();
    expect(reusable(undefined, () => 'k', path.join(dir, 'a.html'))).toBeUndefined();
    write('a.html', '<p>a, cut</p>');
    expect(reusable(state, () => 'k', path.join(dir, 'a.html'))).toBeUndefined();
    rmSync(path.join(dir, 'a.html'));
    expect(reusable(state, () => 'k', path.join(dir, 'a.html'))).toBeUndefined();
  });

  it('start from nothing when the state is missing, broken or of another version', () => {
    dir = tempDir('rslib-docs-reuse-');
    const file = path.join(dir, 'state.json');
    expect(readState(file).routes).toEqual({});
    writeState(file, { version: 1, routes: { '/a': { key: 'k', reads: [], size: 1, scriptHashes: [] } } });
    expect(Object.keys(readState(file).routes)).toEqual(['/a']);
    write('state.json', '{"version":0,"routes":{"/a":{}}}');
    expect(readState(file).routes).toEqual({});
    write('state.json', '{"version":');
    expect(readState(file).routes).toEqual({});
  });
});

describe('sweep', () => {
  it('removes what is not kept, and the folders it emptied', () => {
    dir = tempDir('rslib-docs-reuse-');
    for (const rel of ['index.html', 'gone.html', 'guide/a.html', 'old/b.html', 'old/b.md', '_data/pages/en/old.json', '_data/shell.json']) write(rel, rel);
    mkdirSync(path.join(dir, 'empty'));
    const kept = new Set(['index.html', 'guide/a.html', '_data/shell.json']);
    expect(sweep(dir, (rel) => kept.has(rel))).toBe(4);
    const left = (readdirSync(dir, { recursive: true }) as string[]).map((rel) => rel.split(path.sep).join('/')).sort();
    // A folder that was empty before stays (a clean build may make one); emptied ones go.
    expect(left).toEqual(['_data', '_data/shell.json', 'empty', 'guide', 'guide/a.html', 'index.html']);
  });
});
