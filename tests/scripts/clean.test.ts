/** `npm run clean`: every output and cache goes, every source stays. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, clean } from '../../scripts/clean.ts';
import { tempDir } from '../temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** What a built, tested and checked project holds besides its sources. */
const OUTPUTS = [
  'dist/index.html',
  'dist/_assets/entry-client-x.js',
  'dist-ssr/entry-server.js',
  'dist-data/routes.json',
  'dist-data.spare/routes.json',
  'dist-data.tmp-4242/routes.json',
  'dist-data.old-4242-1700000000000/routes.json',
  'dist-search/records.json',
  '.cache/pipeline/state.json',
  '.cache/pipeline/state.log',
  '.cache/pipeline/pages/abc.json',
  '.cache/site/client-bundle.json',
  '.cache/site/ssr-bundle.json',
  '.cache/site/prerender.json',
  '.cache/check-samples/auto-external/dist/index.js',
  'tests/.tmp/out.json',
  'tests/samples/projects/auto-external/dist/index.js',
  'tests/samples/projects/dts-bundle/dist/index.d.ts',
  'node_modules/.cache/rslib-docs-cli/stamp.json',
  'node_modules/.cache/rslib-docs-workers/compile-worker-abc.mjs',
  'node_modules/.cache/rslib-docs-site/bundle-abc.mjs',
  'node_modules/.cache/check-samples/tsconfig.json',
];

/** Sources next to them, some with names like an output's. */
const SOURCES = [
  'content/en/index.md',
  'content/public/dist/logo.svg',
  'pipeline/emit.ts',
  'tests/samples/projects/auto-external/expect.json',
  'tests/samples/projects/auto-external/src/index.ts',
  'tests/samples/projects/dist-note.md',
  'node_modules/react/index.js',
  'node_modules/.cache/rspack/kept.json',
  'screenshots/home.png',
  'dist-data.md',
];

describe('npm run clean', () => {
  it('removes every build output and cache, and nothing else', () => {
    const project = tempDir('rslib-docs-clean-');
    for (const file of [...OUTPUTS, ...SOURCES]) {
      mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
      writeFileSync(path.join(project, file), file);
    }
    const removed = clean(project);
    expect(OUTPUTS.filter((file) => existsSync(path.join(project, file)))).toEqual([]);
    expect(SOURCES.filter((file) => !existsSync(path.join(project, file)))).toEqual([]);
    expect(removed).toContain('tests/samples/projects/dts-bundle/dist');
    expect(removed).toContain('dist-data.tmp-4242');
    // A second run finds nothing.
    expect(clean(project)).toEqual([]);
  });

  it('covers everything .gitignore declares generated, but node_modules, logs and screenshots', () => {
    // node_modules without a slash: a linked node_modules (a worktree's) is a file to git.
    const kept = new Set(['node_modules', '*.log', 'screenshots/']);
    const declared = readFileSync(path.join(root, '.gitignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#') && !kept.has(line))
      .map((line) => line.replace(/^\//, '').replace(/\/$/, ''));
    const cleaned = new Set<string>(BUILD_OUTPUTS);
    expect(declared.filter((entry) => !cleaned.has(entry))).toEqual([]);
  });
});
