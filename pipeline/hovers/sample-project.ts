/**
 * Config samples as the files of one TypeScript project on disk, for TypeScript 7 (native, no
 * JavaScript API): `npm run check:samples` runs `tsc` over it, the hovers stage asks its language
 * server. Both see the same files, so a problem is placed alike by both. The project is a folder
 * of its own per run (the test suite checks fixture pages while a real run may be going), from
 * which `@rslib/core` and the Rsbuild plugins resolve in the repository's own node_modules: in
 * memory where the system has a folder there (inMemoryFolder), with a link to them, else under
 * node_modules/.cache.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statfsSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { EXAMPLE_PROJECTS, isDeclarationFile, isPackageSpecifier, pageFileText, sampleCompilerOptions, wrapSample, type SampleBlock } from './sample.ts';

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
 * (`examples/<name>/`, its own tsconfig left out: one project holds every sample). Any other
 * file a page shows is written at its title among the page's other files (pageFiles), all of
 * them one project beside the config samples' own (but for a page whose files declare things:
 * its own). `folder` names the tool's projects: their folder under node_modules/.cache, or the
 * start of their names in memory.
 */
export function writeSampleProject(root: string, folder: string, samples: ReadonlyArray<readonly [name: string, sample: Pick<SampleBlock, 'lang' | 'title' | 'mode' | 'code' | 'project' | 'files'>]>): SampleProject {
  const dir = projectFolder(root, folder);
  // A link in it goes with the folder: a recursive removal removes a link, not what it links to.
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const files = samples.map(([name, sample]) => {
      const wrapped = wrapSample(sample);
      const file =
        sample.project !== undefined ? copyOfProject(root, sample.project, path.join(dir, 'examples', name), sample.title!)
        : sample.files !== undefined ? pageFiles(root, sample.files, dir, sample.title!, sample.code)
        : path.join(dir, `${name}.${wrapped.extension}`);
      writeFileSync(file, wrapped.text);
      return { file, offset: wrapped.offset };
    });
    const pages = samples.filter(([, sample]) => sample.files !== undefined);
    const configs = samples.filter(([, sample]) => sample.files === undefined);
    writeFileSync(path.join(dir, 'ambient.d.ts'), `${ambientModules(configs.map(([, sample]) => sample.code), root).join('\n')}\n`);
    // The samples' own project: an example project's files are read in theirs (copyOfProject).
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: sampleCompilerOptions(root), include: SCRIPTS }));
    if (pages.length) {
      // The pages' files: one project, not the config samples' (their packages and globals stay out of it).
      const all = pages.flatMap(([, sample]) => [sample.code, ...sample.files!.map(([, code]) => code)]);
      mkdirSync(path.join(dir, 'pages'), { recursive: true });
      writeFileSync(path.join(dir, 'pages', 'ambient.d.ts'), `${ambientModules(all, root).join('\n')}\n`);
      // Its files are the pages' files themselves: the other files of a page join it only where imported.
      const shared = [...new Set(files.map(({ file }) => path.relative(path.join(dir, 'pages'), file)).filter((file) => !file.startsWith('..')))];
      writeFileSync(path.join(dir, 'pages', 'tsconfig.json'), JSON.stringify({ compilerOptions: pageCompilerOptions(root), files: [...shared, 'ambient.d.ts'] }));
    }
    return { dir, files, remove };
  } catch (error) {
    // A sample that cannot be written would otherwise leave its folder behind.
    remove();
    throw error;
  }
}

/**
 * A new folder for a sample project: in memory where the system has room there (inMemoryFolder),
 * with a link to the repository's node_modules (packages resolve from a file's folder up), else
 * under node_modules/.cache (also when the memory's folder takes no folder or link of ours).
 */
function projectFolder(root: string, folder: string): string {
  const memory = inMemoryFolder();
  if (memory) {
    let dir: string | null = null;
    try {
      dir = mkdtempSync(path.join(memory, `${MEMORY_PREFIX}${folder}-`));
      symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
      return dir;
    } catch {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }
  const base = path.join(root, 'node_modules/.cache', folder);
  mkdirSync(base, { recursive: true });
  return mkdtempSync(path.join(base, 'run-'));
}

/** Names of the in-memory folders (each `<prefix><folder>-` and six characters), among other programs' there. */
const MEMORY_PREFIX = 'rslib-docs-';

/** How much an in-memory folder must have free to take a sample project (content/'s 326 samples take 3.1 MB; a project has at most 2,500). */
const MEMORY_FREE_BYTES = 256 * 1024 * 1024;

/** statfs's type of a tmpfs, a file system in memory. */
const TMPFS_MAGIC = 0x01021994;

/**
 * Linux's shared-memory folder, when it is a file system in memory with room to spare, else null
 * (another system, a container that gives it little). A sample project is a few thousand small
 * files written, read by TypeScript and removed in every run with samples: on the developers'
 * machine (ext4 on a virtual disk), writing content/'s 769 files and folders took 0.2-0.8 s of
 * the hovers worker (the kernel's time, most of it), 12-17 ms in memory; a cold `npm run data`
 * of content/ took 5.35-5.63 s against 5.80-6.07 s, and 0.5 CPU-seconds less (four runs each,
 * alternating). Nothing of it outlives the run: its folder is removed, and one that a killed
 * run left is removed by a later run a day after (sweepLeftovers).
 */
function inMemoryFolder(): string | null {
  const shared = '/dev/shm';
  try {
    const stats = statfsSync(shared);
    if (stats.type !== TMPFS_MAGIC || stats.bavail * stats.bsize < MEMORY_FREE_BYTES) return null;
  } catch {
    return null;
  }
  sweepLeftovers(shared);
  return shared;
}

/** A run's in-memory folder is gone when the run ends; one older than this was left by a run that was killed. */
const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;

/** Removes the sample projects that killed runs left in `shared` (memory, until the machine restarts). */
function sweepLeftovers(shared: string): void {
  const before = Date.now() - LEFTOVER_AGE_MS;
  let names: string[];
  try {
    names = readdirSync(shared);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(MEMORY_PREFIX)) continue;
    const folder = path.join(shared, name);
    try {
      if (lstatSync(folder).mtimeMs < before) rmSync(folder, { recursive: true, force: true });
    } catch {
      // Another user's, or removed meanwhile.
    }
  }
}

/** The options a page's files are read with: the samples', and JSON modules read as a bundler reads them. */
const pageCompilerOptions = (root: string) => ({ ...sampleCompilerOptions(root), resolveJsonModule: true });

const SCRIPTS = ['*.ts', '*.tsx', '*.mts', '*.cts', '*.js', '*.mjs', '*.cjs', '*.jsx'];

/**
 * A copy of an example project at `to` (its sources: no build output, dependencies or
 * expectations), and the path of its file `file` there, read as the project reads it: with its
 * own tsconfig.json (paths, aliases, `jsx`: a Solid component's JSX is Solid's), kept as
 * tsconfig.project.json under a tsconfig.json that adds the file when the project's own does
 * not include it (a config file at its root), and JavaScript when the file is JavaScript
 * (`postcss.config.mjs`). A project that is not there gives an empty folder: the file is read
 * alone, with the samples' options.
 *
 * The file must be in a project of its own folder: TypeScript's server reads a file that no
 * tsconfig.json takes in an inferred project, and for such a project it acquires types, running
 * `npm install` of `@types/*` for every package the repository depends on into the user's cache,
 * whose contents the answers then depend on (language-server.ts keeps that cache ours, and its npm offline).
 */
function copyOfProject(root: string, project: string, to: string, file: string): string {
  const from = path.join(root, EXAMPLE_PROJECTS, project);
  mkdirSync(to, { recursive: true });
  if (existsSync(from)) cpSync(from, to, { recursive: true, filter: (source) => !/^(?:node_modules|dist|expect\.json|jsconfig[^/\\]*\.json)$/.test(path.relative(from, source).split(/[\\/]/)[0]!) });
  const own = path.join(to, 'tsconfig.json');
  if (existsSync(own)) {
    renameSync(own, path.join(to, 'tsconfig.project.json'));
    const include = includeOf(readFileSync(path.join(to, 'tsconfig.project.json'), 'utf8'));
    const script = /\.[cm]?jsx?$/.test(file) && { compilerOptions: { allowJs: true } };
    writeFileSync(own, JSON.stringify({ extends: './tsconfig.project.json', ...script, include: [...include, file] }));
  } else {
    writeFileSync(own, JSON.stringify({ compilerOptions: sampleCompilerOptions(root), files: [file] }));
  }
  const target = path.join(to, file);
  mkdirSync(path.dirname(target), { recursive: true });
  return target;
}

/**
 * A file a page shows (its title `file`, its code `code`), with the page's other files at their
 * titles around it (SampleBlock.files); returns the path the file is to be written to. The files
 * of a page are written once, in a folder named by them all, which each of its files shares (a
 * file the page shows twice, as it changes, makes a second folder). The folder is a project of
 * its own when the page shows what would reach beyond it: a declaration file (`src/env.d.ts`: its
 * `declare module` lines are global to a project) or a tsconfig.json with `paths` or `baseUrl`
 * (`@/*` aliases). Else its files are read in the pages' shared project (writeSampleProject):
 * each project costs TypeScript's language server the declarations it loads again.
 */
function pageFiles(root: string, files: ReadonlyArray<readonly [string, string]>, dir: string, file: string, code: string): string {
  const all = [...files, [file, code] as const].sort(([a], [b]) => (a < b ? -1 : 1));
  const aliases = aliasesOf(files.find(([title]) => title === 'tsconfig.json')?.[1]);
  const own = Object.keys(aliases).length > 0 || all.some(([title]) => isDeclarationFile(title));
  const name = createHash('sha256').update(JSON.stringify(all)).digest('hex').slice(0, 16);
  // Out of the shared project's folder: what it declares stays in its own.
  const to = path.join(dir, own ? 'page-projects' : 'pages', name);
  if (!existsSync(to)) {
    for (const [title, text] of all) {
      if (title === 'tsconfig.json') continue;
      mkdirSync(path.dirname(path.join(to, title)), { recursive: true });
      writeFileSync(path.join(to, title), pageFileText(title, text));
    }
    if (own) writeFileSync(path.join(to, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...pageCompilerOptions(root), ...aliases }, include: ['**/*', '../../pages/ambient.d.ts'] }));
  }
  return path.join(to, file);
}

/** The `paths` and `baseUrl` of a tsconfig.json a page shows (comments and trailing commas allowed), or none. */
function aliasesOf(tsconfig: string | undefined): { paths?: unknown; baseUrl?: unknown } {
  if (!tsconfig) return {};
  try {
    const json = tsconfig.replace(/\/\*[\s\S]*?\*\/|(^|[^:"])\/\/.*$/gm, '$1').replace(/,(\s*[}\]])/g, '$1');
    const options = (JSON.parse(json) as { compilerOptions?: { paths?: unknown; baseUrl?: unknown } }).compilerOptions ?? {};
    return { ...(options.paths !== undefined && { paths: options.paths }), ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }) };
  } catch {
    return {};
  }
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
      // Only a package: an alias (`@/math`, `~/utils`) is the project's own file, found or missing.
      if (specifier.startsWith('node:') || !isPackageSpecifier(specifier)) continue;
      const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
      if (!existsSync(path.join(root, 'node_modules', pkg, 'package.json'))) names.add(specifier);
    }
  }
  return [...names].sort().map((name) => `declare module '${name}';`);
}
