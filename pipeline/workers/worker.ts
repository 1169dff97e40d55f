/**
 * A worker thread running one of the pipeline's modules. From TypeScript sources (under tsx),
 * the worker's module, the project files and the packages it imports are first bundled by esbuild
 * into one ES module under node_modules/ (emit writes it), as `npm run data`'s own bundle is
 * (runtime/bundle-inputs.mjs: RUNTIME_PACKAGES stay imports). With its packages left as imports, a
 * compile worker took about 0.55 s from its start to asking for pages, most of it finding and
 * reading their modules, and 0.32 s bundled; a cold 1000+1000 data step took 26.7-27.8 s against
 * 27.0-28.3 s and 1.3 fewer CPU-seconds (alternating, four runs each). Registering tsx's
 * loader inside each worker, as before, took about 1.7 s before the worker's first line ran; the
 * bundle starts in about 0.3 s. (So `import.meta.url` in a module a worker imports names the
 * bundle.) A compiled build would load the worker file directly. The bundle is made again only
 * when a file it was made from changed (its stamp, kept as scripts/data.mjs keeps the command's: runtime/bundle-inputs.mjs):
 * esbuild took 0.1 s of the main thread of every cold build for the hovers worker alone.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { inputsKey, inputsSettled, RUNTIME_BUNDLE, stampedInputs, stampHolds } from '../../runtime/bundle-inputs.mjs';
import { readWorkerStamp } from '../stages/discover.ts';
import { writeWorkerBundle, writeWorkerStamp } from '../stages/emit.ts';

/** Where bundled workers go: under node_modules/, so that their imports of packages resolve. */
const BUNDLE_DIR = fileURLToPath(new URL('../../node_modules/.cache/rslib-docs-workers/', import.meta.url));

/** The project: where worker modules are, and what a worker bundle's stamp names its inputs relative to. */
const PROJECT_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** The modules that say how a worker's bundle is made: this one, and what it shares with `npm run data`'s bundle. */
const MADE_BY = [new URL(import.meta.url), new URL('../../runtime/bundle-inputs.mjs', import.meta.url)];

/** A file a Worker can run for the module at `url`: the module itself, or its bundle when it is TypeScript. */
function workerEntry(url: URL): URL {
  if (!url.pathname.endsWith('.ts')) return url;
  const name = path.basename(url.pathname, '.ts');
  const stamp = readWorkerStamp(BUNDLE_DIR, name);
  if (stamp && existsSync(stamp.file) && stampHolds(PROJECT_DIR, stamp, MADE_BY)) return pathToFileURL(stamp.file);
  const started = Date.now();
  // Loaded when a worker starts: most runs start none, and esbuild takes a fiftieth of a second to load.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const { outputFiles, metafile } = buildSync({ ...RUNTIME_BUNDLE, external: [...RUNTIME_BUNDLE.external], entryPoints: [fileURLToPath(url)], absWorkingDir: PROJECT_DIR });
  const file = writeWorkerBundle(BUNDLE_DIR, name, outputFiles[0]!.text);
  // What it was made from, relative to the project; a file saved while esbuild read it may not be
  // in it, and then there is no stamp.
  const inputs = stampedInputs(PROJECT_DIR, Object.keys(metafile.inputs), MADE_BY);
  writeWorkerStamp(BUNDLE_DIR, name, inputsSettled(PROJECT_DIR, inputs, started) ? { file, inputs, key: inputsKey(PROJECT_DIR, inputs) } : null);
  return pathToFileURL(file);
}

/**
 * A worker's young generation, in MB: compiling a page makes megabytes of short-lived trees, and
 * with V8's default (32 MB) scavenges took about 8 % of a cold build's CPU time; with 96 about
 * 5 %. With 128 a compile worker's profile of the 1,000+1,000 corpus spends less again (it was
 * 2.8 of 34.6 s collecting at 96): its cold data step took 34.8-36.5 s and 62-65 CPU-seconds
 * against 37.2-37.5 s and 66-67 (alternating, two runs each; 144 and 192 measured as 128),
 * and its peak memory went from 705 to 885 MiB, within the 1 GiB budget. It is a ceiling the
 * heap grows to, not memory taken up front.
 */
const YOUNG_GENERATION_MB = 128;

/**
 * No flags of the parent's (`execArgv: []`): a worker inherits them by default, and under tsx
 * (`npm run dev`, the tests, the benchmarks) they register tsx's loader in every worker, though a
 * worker runs plain JavaScript. That cost each worker more than a second of start-up, and every
 * package it loaded went through the loader: a cold 1000+1000 data build under tsx took 19.8 s
 * with them and 15.2 s without.
 * `heap.oldGenerationMb`: a ceiling on the worker's old generation (V8's own otherwise, which lets
 * it grow far past what it holds alive before collecting). `heap.youngGeneration: 'v8'`: V8's own
 * young generation, for a worker that makes few short-lived trees (the hovers' worker, which
 * mostly waits on TypeScript's server: YOUNG_GENERATION_MB there is memory for nothing).
 */
export function startWorker(url: URL, workerData: unknown, heap: { oldGenerationMb?: number; youngGeneration?: 'v8' } = {}): Worker {
  const resourceLimits = {
    ...(heap.youngGeneration !== 'v8' && { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }),
    ...(heap.oldGenerationMb && { maxOldGenerationSizeMb: heap.oldGenerationMb }),
  };
  return new Worker(workerEntry(url), { workerData, execArgv: [], resourceLimits });
}
