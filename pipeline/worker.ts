/**
 * A worker thread running one of the pipeline's modules. From TypeScript sources (under tsx),
 * the worker's module and the project files it imports are first bundled by esbuild into one
 * ES module under node_modules/ (dependencies stay imports). Registering tsx's loader inside
 * each worker, as before, took about 1.7 s before the worker's first line ran; the bundle starts
 * in about 0.3 s, and bundling takes a few milliseconds. (So `import.meta.url` in a module a worker
 * imports names the bundle.) A compiled build would load the worker file directly.
 */
import { buildSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId, Worker } from 'node:worker_threads';

/** Where bundled workers go: under node_modules/, so that their imports of packages resolve. */
const BUNDLE_DIR = fileURLToPath(new URL('../node_modules/.cache/rslib-docs-workers/', import.meta.url));

/** A file a Worker can run for the module at `url`: the module itself, or its bundle when it is TypeScript. */
function workerEntry(url: URL): URL {
  if (!url.pathname.endsWith('.ts')) return url;
  const [bundle] = buildSync({
    entryPoints: [fileURLToPath(url)],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  }).outputFiles;
  // Named by its content: processes building at once write the same file, renamed into place whole.
  const file = path.join(BUNDLE_DIR, `${path.basename(url.pathname, '.ts')}-${createHash('sha256').update(bundle!.contents).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(BUNDLE_DIR, { recursive: true });
    const temporary = `${file}.${process.pid}-${threadId}`;
    writeFileSync(temporary, bundle!.contents);
    renameSync(temporary, file);
    pruneBundles(file);
  }
  return pathToFileURL(file);
}

/** Bundles of older versions of the code are kept a day (a process started earlier may still start workers from one), then deleted. */
const KEEP_OLD_BUNDLES_MS = 24 * 60 * 60 * 1000;

function pruneBundles(current: string): void {
  const name = path.basename(current).replace(/-[0-9a-f]{16}\.mjs$/, '-');
  for (const entry of readdirSync(BUNDLE_DIR)) {
    const file = path.join(BUNDLE_DIR, entry);
    if (!entry.startsWith(name) || file === current) continue;
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > KEEP_OLD_BUNDLES_MS) rmSync(file, { force: true });
  }
}

export function startWorker(url: URL, workerData: unknown): Worker {
  return new Worker(workerEntry(url), { workerData });
}
