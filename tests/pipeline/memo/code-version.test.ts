/** The pipeline's version is computed from its code and locked packages, and a change to either invalidates the cache. */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeVersionOf, packagesImportedBy } from '../../../pipeline/memo/code-version.ts';
import { tempDir } from '../../temp-dir.ts';
import { makeFixture } from '../fixture.ts';

const PROJECT = path.resolve(import.meta.dirname, '../../..');

const lockfile = (versions: Record<string, string>, dependencies: Record<string, Record<string, string>> = {}) =>
  JSON.stringify({ packages: Object.fromEntries(Object.entries(versions).map(([name, version]) => [`node_modules/${name}`, { version, dependencies: dependencies[name] }])) });

describe('codeVersionOf', () => {
  const files = new Map([
    ['pipeline/a.ts', "import { unified } from 'unified';\nimport path from 'node:path';\nimport { b } from './b.ts';\n"],
    ['schemas/b.ts', "import { z } from 'zod';\n"],
  ]);
  const lock = lockfile({ unified: '11.0.0', bail: '2.0.0', zod: '4.0.0', react: '19.0.0' }, { unified: { bail: '^2.0.0' } });

  it('is the same for the same tree, whatever order the files were read in', () => {
    const reversed = new Map([...files].reverse());
    expect(codeVersionOf({ files, lockfile: lock })).toBe(codeVersionOf({ files: reversed, lockfile: lock }));
    expect(codeVersionOf({ files, lockfile: lock })).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes with a source, and with a used package or one it depends on, not with another package', () => {
    const version = codeVersionOf({ files, lockfile: lock });
    expect(codeVersionOf({ files: new Map([...files, ['pipeline/a.ts', `${files.get('pipeline/a.ts')}// why\n`]]), lockfile: lock })).not.toBe(version);
    expect(codeVersionOf({ files, lockfile: lockfile({ unified: '11.0.1', bail: '2.0.0', zod: '4.0.0', react: '19.0.0' }, { unified: { bail: '^2.0.0' } }) })).not.toBe(version);
    expect(codeVersionOf({ files, lockfile: lockfile({ unified: '11.0.0', bail: '2.0.1', zod: '4.0.0', react: '19.0.0' }, { unified: { bail: '^2.0.0' } }) })).not.toBe(version);
    expect(codeVersionOf({ files, lockfile: lockfile({ unified: '11.0.0', bail: '2.0.0', zod: '4.0.0', react: '19.1.0' }, { unified: { bail: '^2.0.0' } }) })).toBe(version);
  });

  it("changes with an example project's file, which the hovers of a file shown from it read, and not with where it was read from", () => {
    const examples = new Map([['lib/src/index.ts', "export { add } from './add';\n"], ['lib/src/add.ts', 'export const add = (a: number, b: number) => a + b;\n']]);
    const version = codeVersionOf({ files, lockfile: lock, examples });
    expect(version).not.toBe(codeVersionOf({ files, lockfile: lock }));
    expect(codeVersionOf({ files, lockfile: lock, examples: new Map([...examples].reverse()) })).toBe(version);
    expect(codeVersionOf({ files, lockfile: lock, examples: new Map([...examples, ['lib/src/add.ts', 'export const add = (a: string, b: string) => a + b;\n']]) })).not.toBe(version);
  });

  it('names the packages a module imports, not Node built-ins or relative files', () => {
    const source = "import a from 'shiki/core';\nimport type { Root } from 'hast';\nimport { x } from '@shikijs/rehype/core';\nimport fs from 'node:fs';\nimport { y } from './y.ts';\nconst z = await import('esbuild');\n";
    expect(packagesImportedBy(source)).toEqual(['shiki', 'hast', '@shikijs/rehype', 'esbuild']);
  });
});

describe('the pipeline version in a build', () => {
  it('compiles every page again after a change to the pipeline code, and none after no change', async () => {
    // The pipeline's own project, copied: its sources can change without touching this checkout.
    const code = tempDir('rslib-docs-code-');
    for (const folder of ['pipeline', 'schemas']) cpSync(path.join(PROJECT, folder), path.join(code, folder), { recursive: true });
    cpSync(path.join(PROJECT, 'package-lock.json'), path.join(code, 'package-lock.json'));
    const fixture = makeFixture();
    const options = { paths: { code } };
    expect((await fixture.build(options)).compiled).toBe(8);
    expect((await fixture.build(options)).compiled).toBe(0);
    const stage = path.join(code, 'pipeline', 'compile', 'transform.ts');
    writeFileSync(stage, `${readFileSync(stage, 'utf8')}\n// A change to a stage.\n`);
    const after = await fixture.build(options);
    expect(after.ok).toBe(true);
    expect(after.compiled).toBe(8);
  });
});
