/**
 * A checkout runs only its own code (issue 56): the run-time bundles under node_modules/.cache hold
 * absolute paths of the checkout that made them, so a copy of a built project (`cp -a`, a CI cache
 * restored elsewhere) must make its own, or it starts the original's workers and TypeScript.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOVER_WORKER_MIN_PAGES } from '../../pipeline/stages/hovers.ts';
import { namePagesTree } from '../pipeline/fixture.ts';
import { tempDir } from '../temp-dir.ts';

const PROJECT = path.resolve(import.meta.dirname, '../..');

/** What `npm run data` runs of the project, copied; its packages linked one by one, so that its node_modules/.cache is its own. */
function projectAt(dir: string): void {
  // Its files' times kept: a bundle made from files saved a moment ago gets no stamp (runtime/bundle-inputs.mjs: inputsSettled).
  for (const name of ['pipeline', 'schemas', 'scripts', 'runtime', 'package.json', 'package-lock.json', 'tsconfig.json']) cpSync(path.join(PROJECT, name), path.join(dir, name), { recursive: true, preserveTimestamps: true });
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of readdirSync(path.join(PROJECT, 'node_modules'))) if (name !== '.cache') symlinkSync(path.join(PROJECT, 'node_modules', name), path.join(dir, 'node_modules', name));
  // Enough pages with config samples that the hovers run on a worker thread, and the pages their names link to.
  const { files, site } = namePagesTree();
  const sample = "```ts title=\"rslib.config.ts\"\nimport { defineConfig } from '@rslib/core';\n\nexport default defineConfig({ lib: [{ format: 'esm' }] });\n```\n";
  for (let i = 0; i < HOVER_WORKER_MIN_PAGES / 2; i++) for (const lang of ['en', 'zh']) files[`${lang}/guide/s${i}.md`] = `# Sample ${i}\n\n${sample}`;
  for (const [rel, text] of Object.entries({ ...files, 'site.json': JSON.stringify(site) })) {
    mkdirSync(path.dirname(path.join(dir, 'content', rel)), { recursive: true });
    writeFileSync(path.join(dir, 'content', rel), text);
  }
}

/** `npm run data` in `dir`, cold (no cache of the pipeline's, no dist-data/), its run-time bundles as they are. */
function dataStep(dir: string): string {
  // Bundles where the project keeps them (a test elsewhere may point them to a folder of its own).
  const { RSLIB_DOCS_BUNDLES: _, ...env } = process.env;
  return execFileSync(process.execPath, [path.join(dir, 'scripts', 'data.mjs')], { cwd: dir, encoding: 'utf8', env });
}

/** The run-time bundles of a project, and their text. */
function bundlesOf(dir: string): Map<string, string> {
  const cache = path.join(dir, 'node_modules', '.cache');
  const out = new Map<string, string>();
  for (const folder of ['rslib-docs-cli', 'rslib-docs-workers']) {
    for (const file of existsSync(path.join(cache, folder)) ? readdirSync(path.join(cache, folder)) : []) if (file.endsWith('.mjs')) out.set(`${folder}/${file}`, readFileSync(path.join(cache, folder, file), 'utf8'));
  }
  return out;
}

describe('a copied checkout', () => {
  it('runs its own code: its bundles are made again from its own files, and the original is never touched', () => {
    const original = path.join(tempDir('rslib-docs-original-'), 'project');
    mkdirSync(original);
    projectAt(original);
    const first = dataStep(original);
    expect(first).toContain('dist-data/ written');
    expect([...bundlesOf(original).values()].some((code) => code.includes(original))).toBe(true);

    const copy = path.join(tempDir('rslib-docs-copy-'), 'project');
    cpSync(original, copy, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    // Gone from where its bundles say it is: a build of the copy that used them would fail.
    const gone = `${original}-moved`;
    renameSync(original, gone);
    for (const output of ['.cache', 'dist-data']) renameSync(path.join(copy, output), path.join(copy, `${output}-original`));
    const built = dataStep(copy);
    expect(built).toContain('dist-data/ written');
    expect(existsSync(original)).toBe(false);
    // What it ran: bundles of its own files, the hovers worker's among them.
    const stamp = JSON.parse(readFileSync(path.join(copy, 'node_modules', '.cache', 'rslib-docs-cli', 'stamp.json'), 'utf8')) as { file: string };
    const cli = bundlesOf(copy).get(`rslib-docs-cli/${stamp.file}`)!;
    expect(cli).toContain(path.join(copy, 'pipeline'));
    expect(cli).not.toContain(original);
    // The hovers worker's bundle was made again for the copy (its stamp's key names where the project is).
    const workerStamp = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'node_modules', '.cache', 'rslib-docs-workers', 'hovers-worker.stamp.json'), 'utf8')) as { file: string; key: string };
    expect(workerStamp(copy).key).not.toBe(workerStamp(gone).key);
    expect(workerStamp(copy).file.startsWith(copy)).toBe(true);
    // The same pages, and their hovers, as the original built.
    expect(readFileSync(path.join(copy, 'dist-data', 'pages', 'en', 'guide', 's0.json'), 'utf8')).toBe(readFileSync(path.join(gone, 'dist-data', 'pages', 'en', 'guide', 's0.json'), 'utf8'));
  }, 180_000);
});
