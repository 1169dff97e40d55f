/**
 * `npm run data`: the pipeline's command line (pipeline/cli.ts), bundled by esbuild into one
 * module and run by node itself. Under tsx, compiling the pipeline's TypeScript as it loaded took
 * about half a second of every run; bundling takes a few hundredths. Packages stay imports, so
 * the bundle is written under node_modules/ (where they resolve), named by its content. In the
 * bundle, each source's `import.meta.url` and `import.meta.dirname` still name the source: the
 * pipeline finds its worker modules beside its own files.
 *
 * Plain JavaScript, the one file of the project that is: it runs before anything can compile
 * TypeScript.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectDir = fileURLToPath(new URL('..', import.meta.url));
const bundleDir = path.join(projectDir, 'node_modules', '.cache', 'rslib-docs-cli');
/** How long bundles of older code stay: a process started earlier may still be loading one. */
const KEEP_OLD_BUNDLES_MS = 24 * 60 * 60 * 1000;

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

const result = await build({
  entryPoints: [path.join(projectDir, 'pipeline', 'cli.ts')],
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  logLevel: 'silent',
  plugins: [sourcePaths],
});
const code = result.outputFiles[0].text;
const file = path.join(bundleDir, `cli-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
if (!existsSync(file)) {
  mkdirSync(bundleDir, { recursive: true });
  // Whole or not at all: another run may be loading the same bundle.
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, code);
  renameSync(temporary, file);
  for (const name of readdirSync(bundleDir)) {
    const other = path.join(bundleDir, name);
    if (other !== file && Date.now() - statSync(other).mtimeMs > KEEP_OLD_BUNDLES_MS) rmSync(other, { force: true });
  }
}
await import(pathToFileURL(file).href);
