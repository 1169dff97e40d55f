/** Types of runtime/bundle-inputs.mjs (plain JavaScript: it runs before anything can compile TypeScript). */
/** A key for these files (relative to `projectDir`) as they are now: size and time of each. */
export function inputsKey(projectDir: string, inputs: readonly string[]): string;
/** Whether none of these files (relative to `projectDir`) was saved after `startedMs` (less the clock's slack). */
export function inputsSettled(projectDir: string, inputs: readonly string[], startedMs: number): boolean;
/** Packages a run-time bundle leaves to be imported at run time; every other package goes into it. */
export const RUNTIME_PACKAGES: readonly string[];
/** esbuild's options for every run-time bundle: one ES module for Node with RUNTIME_PACKAGES left as imports, in memory, with its metafile. */
export const RUNTIME_BUNDLE: Readonly<{
  bundle: true;
  external: readonly string[];
  banner: { js: string };
  platform: 'node';
  format: 'esm';
  target: string;
  write: false;
  metafile: true;
  logLevel: 'silent';
}>;
/** The files a bundle's stamp names: the project's own inputs, package-lock.json for the packages, and `madeBy`, the modules (file URLs) that say how it is bundled. */
export function stampedInputs(projectDir: string, metafileInputs: readonly string[], madeBy: ReadonlyArray<string | URL>): string[];
/** Whether a bundle's stamp still vouches for it: its files as they were, the modules that make bundles now (`madeBy`) among them. */
export function stampHolds(projectDir: string, stamp: { inputs: readonly string[]; key: string } | null | undefined, madeBy: ReadonlyArray<string | URL>): boolean;
