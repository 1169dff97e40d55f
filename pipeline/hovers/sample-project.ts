/**
 * Config samples as the files of one TypeScript project on disk, for TypeScript 7 (native, no
 * JavaScript API): `npm run check:samples` runs `tsc` over it, the hovers stage asks its language
 * server. Both see the same files, so a problem is placed alike by both. The project lives under
 * node_modules/.cache, so that `@rslib/core` and the Rsbuild plugins resolve from the
 * repository's own node_modules, in a folder of its own per run: the test suite checks fixture
 * pages while a real run may be going.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sampleCompilerOptions, wrapSample, type SampleBlock } from './sample.ts';

export interface SampleProject {
  /** The project's folder (absolute). */
  dir: string;
  /** Each sample's file (absolute), in the order given, with the lines its wrapper adds above it. */
  files: Array<{ file: string; offset: number }>;
  /** Removes the folder. */
  remove: () => void;
}

/**
 * Writes each sample as `<name>.<extension>`, a declaration of every bare import that is not
 * installed (its plugin becomes `any`; the sample is still checked), and the tsconfig.json.
 * `folder` names the tool's folder under node_modules/.cache.
 */
export function writeSampleProject(root: string, folder: string, samples: ReadonlyArray<readonly [name: string, sample: Pick<SampleBlock, 'lang' | 'title' | 'mode' | 'code'>]>): SampleProject {
  const base = path.join(root, 'node_modules/.cache', folder);
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(path.join(base, 'run-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const files = samples.map(([name, sample]) => {
      const wrapped = wrapSample(sample);
      const file = path.join(dir, `${name}.${wrapped.extension}`);
      writeFileSync(file, wrapped.text);
      return { file, offset: wrapped.offset };
    });
    writeFileSync(path.join(dir, 'ambient.d.ts'), `${ambientModules(samples.map(([, sample]) => sample.code), root).join('\n')}\n`);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: sampleCompilerOptions(root), include: ['*.ts', '*.tsx', '*.mts', '*.cts', '*.js', '*.mjs', '*.cjs', '*.jsx'] }),
    );
    return { dir, files, remove };
  } catch (error) {
    // A sample that cannot be written would otherwise leave its folder behind.
    remove();
    throw error;
  }
}

/** `declare module` lines for the bare imports of these samples whose package is not installed. */
function ambientModules(codes: readonly string[], root: string): string[] {
  const names = new Set<string>();
  for (const code of codes) {
    for (const match of code.matchAll(/from\s+['"]([^'".][^'"]*)['"]/g)) {
      const specifier = match[1]!;
      if (specifier.startsWith('node:')) continue;
      const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
      if (!existsSync(path.join(root, 'node_modules', pkg, 'package.json'))) names.add(specifier);
    }
  }
  return [...names].sort().map((name) => `declare module '${name}';`);
}
