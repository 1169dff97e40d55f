/**
 * What a bundle made at run time leaves out and was made from, as its stamp keeps it: a key over
 * its input files' sizes and times, and whether they were all saved before it was made. Shared by
 * `npm run data`'s bundle (scripts/data.mjs: bundleOf) and the pipeline's worker bundles
 * (pipeline/workers/worker.ts), which bundle the packages they use alike.
 * A module of its own, without a command line: scripts/data.mjs runs its own when it is the main
 * module, and a worker thread's main module is its bundle, into which the pipeline's imports go.
 *
 * In runtime/, which the commands (scripts/), the pipeline and the renderer import alike, and
 * which imports none of them. Plain JavaScript, as scripts/data.mjs: it runs before anything can
 * compile TypeScript.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A key for these files (relative to `projectDir`) as they are now: size and time of each, and
 * where the project is. A bundle's stamp keeps it. A bundle holds absolute paths of the checkout
 * that made it (each source's `import.meta.url`, so the modules its workers start and the
 * TypeScript its hovers run): a copy of the project (`cp -a`, a CI cache restored elsewhere), whose
 * files keep their sizes and times, must not take it for its own, or it runs the original's code.
 */
export function inputsKey(projectDir, inputs) {
  const hash = createHash('sha256');
  hash.update(`${path.resolve(projectDir)}\0`);
  for (const input of inputs) {
    const stat = statSync(path.join(projectDir, input), { throwIfNoEntry: false });
    hash.update(`${input}\0${stat?.size}\0${stat?.mtimeMs}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Whether none of these files (relative to `projectDir`) was saved after `startedMs`, less two
 * seconds of the file system's clock: a bundle made from them then holds them as they are, and
 * its stamp may vouch for it.
 */
export function inputsSettled(projectDir, inputs, startedMs) {
  return inputs.every((input) => (statSync(path.join(projectDir, input), { throwIfNoEntry: false })?.mtimeMs ?? 0) < startedMs - 2000);
}

/**
 * Packages a run-time bundle leaves to be imported at run time. esbuild: a native binary, with
 * which the workers' bundles are made at run time. shiki/langs: its list of languages loads the
 * grammars of all 200 lazily, which would be bundled (8 MB) for the few the pipeline loads itself.
 * shiki/wasm: Oniguruma's WebAssembly, inlined in 600 KB of JavaScript that only a run which
 * highlights loads. @babel/parser and vscode-jsonrpc: the hovers stage's parser of samples and its
 * client of TypeScript's language server, which only a run with config samples to ask about loads.
 * Every other package goes into the bundle: loading one file is faster than finding and reading
 * a package's hundreds of small modules.
 */
export const RUNTIME_PACKAGES = ['esbuild', 'shiki/langs', 'shiki/wasm', '@babel/parser', 'vscode-jsonrpc/node'];

/** The first line of a run-time bundle: `require` for the CommonJS among the packages. */
const REQUIRE_BANNER = "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);";

/**
 * esbuild's options for every run-time bundle (`npm run data`'s and each worker's): one ES module
 * for Node 20 with RUNTIME_PACKAGES left as imports, kept in memory (its maker writes it, named by
 * its content or its module), with the metafile whose inputs its stamp names.
 */
export const RUNTIME_BUNDLE = Object.freeze({
  bundle: true,
  external: RUNTIME_PACKAGES,
  banner: { js: REQUIRE_BANNER },
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  metafile: true,
  logLevel: 'silent',
});

/**
 * The files a bundle's stamp names (relative to `projectDir`), from esbuild's metafile inputs: the
 * project's own; package-lock.json for the packages, whose files change only with it; and `madeBy`,
 * the modules (file URLs) that say how it is bundled: a bundle made with other options is made again.
 */
export function stampedInputs(projectDir, metafileInputs, madeBy) {
  return [...metafileInputs.filter((input) => !input.split('/').includes('node_modules')), 'package-lock.json', ...relativeFiles(projectDir, madeBy)];
}

/**
 * Whether a bundle's stamp ({ inputs, key }, as stampedInputs and inputsKey made them) still
 * vouches for it: its files are as they were, and they include the modules that make bundles now
 * (`madeBy`: a stamp from before they were named does not).
 */
export function stampHolds(projectDir, stamp, madeBy) {
  const inputs = stamp?.inputs;
  if (!Array.isArray(inputs) || !relativeFiles(projectDir, madeBy).every((file) => inputs.includes(file))) return false;
  return stamp.key === inputsKey(projectDir, inputs);
}

function relativeFiles(projectDir, urls) {
  return urls.map((url) => path.relative(projectDir, fileURLToPath(url)));
}
