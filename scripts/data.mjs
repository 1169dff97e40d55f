/**
 * `npm run data`: the pipeline's command line (pipeline/cli.ts) and the packages it uses,
 * bundled by esbuild into one module and run by node itself. Under tsx, compiling the pipeline's
 * TypeScript as it loaded took about half a second of every run, and finding and reading the
 * packages' hundreds of small modules a quarter of a second more; the bundle loads in a tenth.
 * It is made again only when a source it was made from, or package-lock.json, changed (a stat
 * of each, well under a millisecond; bundling takes a second or so). It is written under
 * node_modules/, where what it leaves to runtime (esbuild, shiki's languages) resolves. In the
 * bundle, each source's `import.meta.url` and `import.meta.dirname` still name the source: the
 * pipeline finds its worker modules beside its own files.
 *
 * Plain JavaScript, as the modules it imports (runtime/bundle-inputs.mjs, runtime/v8-flags.mjs): it runs before
 * anything can compile TypeScript.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inputsKey, inputsSettled, RUNTIME_BUNDLE, stampedInputs, stampHolds } from '../runtime/bundle-inputs.mjs';
import { tuneV8 } from '../runtime/v8-flags.mjs';

/**
 * Where the run-time bundles go: node_modules/.cache/, where the packages they leave to runtime
 * resolve. A test that needs bundles made afresh names another folder (RSLIB_DOCS_BUNDLES), under
 * a project that links node_modules/, so that they resolve there too.
 */
export function bundlesDirOf(projectDir) {
  return process.env.RSLIB_DOCS_BUNDLES ?? path.join(projectDir, 'node_modules', '.cache');
}

/** The modules that say how a bundle is made: this one, and what it shares with the workers' bundles. */
const MADE_BY = [import.meta.url, new URL('../runtime/bundle-inputs.mjs', import.meta.url)];

/** How long bundles of older code stay: a process started earlier may still be loading one. */
const KEEP_OLD_BUNDLES_MS = 24 * 60 * 60 * 1000;

/** `content` put under `file` whole: another run may be reading it. */
function writeWhole(file, content) {
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/** @type {import('esbuild').Plugin} */
const sourcePaths = {
  name: 'source-paths',
  setup(bundler) {
    bundler.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined;
      const contents = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * The path of the bundle of `entry` (relative to `projectDir`, whose package-lock.json it names
 * too) in `bundleDir`: the last one while its sources are as they were, a new one otherwise.
 * `more`: further esbuild options (scripts/build-site.mjs leaves Vite to runtime, and the
 * components' styles out).
 */
export async function bundleOf(projectDir, entry, bundleDir, more = {}) {
  // What the last bundle was made from: its file name, its inputs, and their key (see inputsKey).
  const stampFile = path.join(bundleDir, 'stamp.json');
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    const file = path.join(bundleDir, stamp.file);
    if (stampHolds(projectDir, stamp, MADE_BY) && existsSync(file)) return file;
  } catch {
    // No stamp yet, or one cut short: bundle.
  }
  const { build, stop } = await import('esbuild');
  const started = Date.now();
  // esbuild's build() starts a service process that would stay until this process exits, and then
  // exit after it: an orphan, which an init that reaps nothing keeps as a defunct esbuild. Stopped
  // as soon as the bundle is made, it exits while this process is there to reap it.
  const result = await build({
    ...RUNTIME_BUNDLE,
    entryPoints: [path.join(projectDir, entry)],
    absWorkingDir: projectDir,
    external: [...RUNTIME_BUNDLE.external, ...(more.external ?? [])],
    loader: more.loader,
    plugins: [sourcePaths],
  }).finally(stop);
  const inputs = stampedInputs(projectDir, Object.keys(result.metafile.inputs), MADE_BY);
  const code = result.outputFiles[0].text;
  const name = `bundle-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const file = path.join(bundleDir, name);
  mkdirSync(bundleDir, { recursive: true });
  if (!existsSync(file)) writeWhole(file, code);
  // A source saved while (or just before) esbuild read it may not be in the bundle: no stamp then, and the next run bundles again.
  if (inputsSettled(projectDir, inputs, started)) writeWhole(stampFile, JSON.stringify({ file: name, inputs, key: inputsKey(projectDir, inputs) }));
  else rmSync(stampFile, { force: true });
  for (const other of readdirSync(bundleDir)) {
    const at = path.join(bundleDir, other);
    if (other.startsWith('bundle-') && other !== name && Date.now() - statSync(at).mtimeMs > KEEP_OLD_BUNDLES_MS) rmSync(at, { force: true });
  }
  return file;
}

// Node names a module by its real path, the command line by the one typed: a project linked into
// another folder (the build benchmark runs `npm run build` in one) must still run.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  tuneV8();
  const projectDir = fileURLToPath(new URL('..', import.meta.url));
  const bundle = await bundleOf(projectDir, 'pipeline/cli.ts', path.join(bundlesDirOf(projectDir), 'rslib-docs-cli'));
  await import(pathToFileURL(bundle).href);
}
