/**
 * Config samples as the files of one TypeScript project on disk, for TypeScript 7 (native, no
 * JavaScript API): `npm run check:samples` runs `tsc` over it, the hovers stage asks its language
 * server. Both see the same files, so a problem is placed alike by both. The project lives under
 * node_modules/.cache, so that `@rslib/core` and the Rsbuild plugins resolve from the
 * repository's own node_modules, in a folder of its own per run: the test suite checks fixture
 * pages while a real run may be going.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXAMPLE_PROJECTS, sampleCompilerOptions, wrapSample, type SampleBlock } from './sample.ts';

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
 * A file of an example project is written where the project has it, in a copy of the project
 * (`examples/<name>/`, its own tsconfig left out: one project holds every sample). `folder`
 * names the tool's folder under node_modules/.cache.
 */
export function writeSampleProject(root: string, folder: string, samples: ReadonlyArray<readonly [name: string, sample: Pick<SampleBlock, 'lang' | 'title' | 'mode' | 'code' | 'project'>]>): SampleProject {
  const base = path.join(root, 'node_modules/.cache', folder);
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(path.join(base, 'run-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const files = samples.map(([name, sample]) => {
      const wrapped = wrapSample(sample);
      const file = sample.project === undefined ? path.join(dir, `${name}.${wrapped.extension}`) : copyOfProject(root, sample.project, path.join(dir, 'examples', name), sample.title!);
      writeFileSync(file, wrapped.text);
      return { file, offset: wrapped.offset };
    });
    writeFileSync(path.join(dir, 'ambient.d.ts'), `${ambientModules(samples.map(([, sample]) => sample.code), root).join('\n')}\n`);
    // The samples' own project: an example project's files are read in theirs (copyOfProject).
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: sampleCompilerOptions(root), include: SCRIPTS }));
    return { dir, files, remove };
  } catch (error) {
    // A sample that cannot be written would otherwise leave its folder behind.
    remove();
    throw error;
  }
}

const SCRIPTS = ['*.ts', '*.tsx', '*.mts', '*.cts', '*.js', '*.mjs', '*.cjs', '*.jsx'];

/**
 * A copy of an example project at `to` (its sources: no build output, dependencies or
 * expectations), and the path of its file `file` there, read as the project reads it: with its
 * own tsconfig.json (paths, aliases, `jsx`: a Solid component's JSX is Solid's), kept as
 * tsconfig.project.json under a tsconfig.json that adds the file when the project's own does
 * not include it (a config file at its root). A project that is not there gives an empty folder:
 * the file is read alone.
 */
function copyOfProject(root: string, project: string, to: string, file: string): string {
  const from = path.join(root, EXAMPLE_PROJECTS, project);
  mkdirSync(to, { recursive: true });
  if (existsSync(from)) cpSync(from, to, { recursive: true, filter: (source) => !/^(?:node_modules|dist|expect\.json|jsconfig[^/\\]*\.json)$/.test(path.relative(from, source).split(/[\\/]/)[0]!) });
  const own = path.join(to, 'tsconfig.json');
  if (existsSync(own)) {
    renameSync(own, path.join(to, 'tsconfig.project.json'));
    const include = includeOf(readFileSync(path.join(to, 'tsconfig.project.json'), 'utf8'));
    writeFileSync(own, JSON.stringify({ extends: './tsconfig.project.json', include: [...include, file] }));
  }
  const target = path.join(to, file);
  mkdirSync(path.dirname(target), { recursive: true });
  return target;
}

/** A tsconfig's `include`, or what TypeScript takes without one (or when it is not plain JSON: its comments). */
function includeOf(tsconfig: string): string[] {
  try {
    return (JSON.parse(tsconfig) as { include?: string[] }).include ?? ['**/*'];
  } catch {
    return ['**/*'];
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
