import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, realpathSync, statfsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeSampleProject } from '../../../pipeline/hovers/sample-project.ts';
import type { SampleBlock } from '../../../pipeline/hovers/sample.ts';
import { tempDir } from '../../temp-dir.ts';

const sample: SampleBlock = { lang: 'ts', title: 'rslib.config.ts', mode: 'lib', code: "format: 'esm'," };

/** A project whose node_modules holds one package, as the repository's holds @rslib/core. */
function projectRoot(): string {
  const root = tempDir('rslib-docs-sample-project-');
  mkdirSync(path.join(root, 'node_modules/some-package'), { recursive: true });
  writeFileSync(path.join(root, 'node_modules/some-package/index.d.ts'), 'export declare const some: 1;\n');
  return root;
}

/** Where Node and TypeScript find a package from a file: the first node_modules up from its folder that has it. */
function packageFrom(file: string, name: string): string | null {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const found = path.join(dir, 'node_modules', name);
    if (existsSync(found)) return realpathSync(found);
    if (path.dirname(dir) === dir) return null;
  }
}

let inMemory = false;
try {
  const shm = statfsSync('/dev/shm');
  inMemory = shm.type === 0x01021994 && shm.bavail * shm.bsize >= 256 * 1024 * 1024;
} catch {
  // No such folder: the projects stay on disk.
}

describe('sample projects', () => {
  it("finds the project's packages from every sample, and is removed whole, without what it links to", () => {
    const root = projectRoot();
    const project = writeSampleProject(root, 'sample-project-test', [['a', sample]]);
    const { file } = project.files[0]!;
    expect(readFileSync(file, 'utf8')).toContain("format: 'esm',");
    expect(packageFrom(file, 'some-package')).toBe(realpathSync(path.join(root, 'node_modules/some-package')));
    // In memory where the machine has room there (the folder every Linux gives), else under node_modules/.cache.
    expect(project.dir.startsWith(inMemory ? '/dev/shm/rslib-docs-sample-project-test-' : path.join(root, 'node_modules/.cache/sample-project-test/'))).toBe(true);
    project.remove();
    expect(existsSync(project.dir)).toBe(false);
    expect(existsSync(path.join(root, 'node_modules/some-package/index.d.ts'))).toBe(true);
  });

  it.runIf(inMemory)('removes the in-memory projects that killed runs left a day ago or more, and no newer one', () => {
    const root = projectRoot();
    const old = '/dev/shm/rslib-docs-sample-project-test-left';
    const recent = '/dev/shm/rslib-docs-sample-project-test-busy';
    for (const folder of [old, recent]) mkdirSync(path.join(folder, 'inner'), { recursive: true });
    const dayAgo = (Date.now() - 25 * 60 * 60 * 1000) / 1000;
    utimesSync(old, dayAgo, dayAgo);
    const project = writeSampleProject(root, 'sample-project-test', [['a', sample]]);
    project.remove();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    writeSampleProject(root, 'sample-project-test', []).remove();
    utimesSync(recent, dayAgo, dayAgo);
    writeSampleProject(root, 'sample-project-test', []).remove();
    expect(existsSync(recent)).toBe(false);
  });
});
