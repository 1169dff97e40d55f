/**
 * Whether a Vite build's output is still the one its sources make, so that `npm run build` can
 * skip it: the stamp beside the output names every file the build read (the modules Rolldown
 * loaded outside node_modules, so a JSON table of content/ the search imports too, plus the
 * config files that steer resolving and transforming), a key over their contents and the build's
 * settings, and the files it wrote. A build is reused when the key over the same files is the
 * same now and its files are all still there, size for size. A stamp that cannot be read, or an
 * input gone, means "build": a stale stamp costs a build, never a wrong bundle.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface BundleStamp {
  key: string;
  /** What the build read, relative to the project folder. */
  inputs: string[];
  /** What the build wrote, relative to its output folder, with sizes. */
  outputs: Record<string, number>;
}

/**
 * Read by every build without being a module: the packages (installed from the lock file), the
 * package's own settings (module type, imports), TypeScript's settings (JSX, paths) and the
 * Vite config itself, which Vite bundles on its own and so never shows among the modules.
 */
export const CONFIG_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'renderer/vite.config.ts'];

/** Key over the contents of `inputs` and the build's settings (`settings`: mode, SSR or not, …). */
export function bundleKey(projectDir: string, inputs: readonly string[], settings: string): string {
  const hash = createHash('sha256').update(settings).update('\0');
  for (const input of inputs) {
    hash.update(input).update('\0');
    try {
      hash.update(readFileSync(path.join(projectDir, input)));
    } catch {
      hash.update('\0missing');
    }
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

/** Files under `dir` that `owned` says the build wrote, with their sizes. */
export function outputsOf(dir: string, owned: (rel: string) => boolean = () => true): Record<string, number> {
  const outputs: Record<string, number> = {};
  if (!existsSync(dir)) return outputs;
  for (const rel of (readdirSync(dir, { recursive: true }) as string[]).map((name) => name.split(path.sep).join('/')).sort()) {
    const stat = statSync(path.join(dir, rel));
    if (stat.isFile() && owned(rel)) outputs[rel] = stat.size;
  }
  return outputs;
}

export function readStamp(file: string): BundleStamp | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BundleStamp;
  } catch {
    return null;
  }
}

/** True when the build that wrote the stamp would make the same output now, and it is all there. */
export function isCurrent(stamp: BundleStamp | null, projectDir: string, outDir: string, settings: string): boolean {
  if (!stamp || !stamp.inputs?.length || !stamp.outputs || !Object.keys(stamp.outputs).length) return false;
  if (bundleKey(projectDir, stamp.inputs, settings) !== stamp.key) return false;
  return Object.entries(stamp.outputs).every(([rel, size]) => statSync(path.join(outDir, rel), { throwIfNoEntry: false })?.size === size);
}

/** Written whole: a run killed meanwhile leaves no stamp, and the next run builds. */
export function writeStamp(file: string, stamp: BundleStamp): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(stamp));
  renameSync(temporary, file);
}

export function removeStamp(file: string): void {
  rmSync(file, { force: true });
}

/**
 * A Vite plugin that hands `found` the project files the build loaded: module ids that are files
 * outside node_modules (whose packages the lock file stands for), relative to `projectDir`,
 * without a query (`x.css?inline` reads x.css), virtual modules left out.
 */
export function collectInputs(projectDir: string, found: (inputs: string[]) => void): Plugin {
  return {
    name: 'collect-inputs',
    apply: 'build',
    buildEnd() {
      const inputs = new Set<string>();
      for (const id of this.getModuleIds()) {
        const file = id.split('?')[0]!;
        if (file.startsWith('\0') || !path.isAbsolute(file) || file.split(/[\\/]/).includes('node_modules')) continue;
        if (existsSync(file)) inputs.add(path.relative(projectDir, file).split(path.sep).join('/'));
      }
      found([...inputs].sort());
    },
  };
}

/**
 * Kernel file times run a few milliseconds behind the clock: a file saved this close to (or
 * after) a build's start may not be in the bundle as it is now.
 */
const CLOCK_SLACK_MS = 100;

/** True when no input was saved after the build started (then its stamp would vouch for content the build may not have read). */
export function settledBefore(projectDir: string, inputs: readonly string[], startedMs: number): boolean {
  return inputs.every((input) => (statSync(path.join(projectDir, input), { throwIfNoEntry: false })?.mtimeMs ?? 0) < startedMs - CLOCK_SLACK_MS);
}
