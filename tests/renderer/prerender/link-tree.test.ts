/**
 * dist-data/'s files published in dist/ as hard links (renderer/prerender/link-tree.ts): into a
 * new folder, each at once; into one a build made before, a file already linked stays, and one
 * that is not (the data changed since) is linked anew.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { linkTree } from '../../../renderer/prerender/link-tree.ts';
import { tempDir } from '../../temp-dir.ts';

let dir = '';
beforeEach(() => {
  dir = tempDir('rslib-docs-link-tree-');
});

const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};
const inode = (rel: string) => statSync(path.join(dir, rel)).ino;

describe('linkTree', () => {
  it('links every file of a tree into a new folder, and names each target', () => {
    write('data/shell.json', '{}');
    write('data/pages/en/a.json', 'a');
    const made: string[] = [];
    linkTree(path.join(dir, 'data'), path.join(dir, 'site/_data'), (target) => made.push(path.relative(dir, target)));
    expect(made.sort()).toEqual(['site/_data/pages/en/a.json', 'site/_data/shell.json']);
    for (const rel of ['shell.json', 'pages/en/a.json']) expect(inode(`site/_data/${rel}`)).toBe(inode(`data/${rel}`));
  });

  it('keeps a file already linked, and links anew one the data replaced, beside new folders', () => {
    write('data/kept.json', 'kept');
    write('data/changed.json', 'old');
    linkTree(path.join(dir, 'data'), path.join(dir, 'site'), () => undefined);
    const kept = inode('site/kept.json');
    // The pipeline swaps in new files; it never writes into one the site shares.
    rmSync(path.join(dir, 'data/changed.json'));
    write('data/changed.json', 'new');
    write('data/new/page.json', 'page');
    write('site/other.html', 'html');
    linkTree(path.join(dir, 'data'), path.join(dir, 'site'), () => undefined);
    expect(inode('site/kept.json')).toBe(kept);
    expect(readFileSync(path.join(dir, 'site/changed.json'), 'utf8')).toBe('new');
    expect(inode('site/changed.json')).toBe(inode('data/changed.json'));
    expect(inode('site/new/page.json')).toBe(inode('data/new/page.json'));
    expect(readFileSync(path.join(dir, 'site/other.html'), 'utf8')).toBe('html');
  });
});
