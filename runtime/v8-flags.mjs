/**
 * V8 settings of the project's build commands (`npm run data`, `npm run build:site`), set as they
 * start (tuneV8); worker threads share them, since V8's flags belong to the process. A module of
 * its own, without a command line: scripts/data.mjs and scripts/build-site.mjs set them, and the
 * pipeline and prerender, bundled, hand a long run back to V8's own tiering (tuneV8ForLongRun).
 * The pipeline also asks V8 for a full collection, through its flags, before it waits on its
 * search workers (collectGarbage).
 *
 * In runtime/, which the commands (scripts/), the pipeline and the renderer import alike. Plain
 * JavaScript: it runs before anything can compile TypeScript.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's tiering budget (`--interrupt-budget`): how much bytecode a function runs before V8 thinks
 * of optimizing it. Its own, 66 KB (V8 11 to 13: Node 20 to 24), serves code that runs long.
 */
const V8_INTERRUPT_BUDGET = 66 * 1024;

/**
 * What the build commands set. Measured alternately on the developers' 2-core machine:
 * - Without TurboFan's inlining, V8 optimizes the pipeline's hot functions in a fraction of the
 *   time, and a build is too short to earn back what inlining costs: a cold `npm run data` of
 *   content/ took 11.7 s and 19.7 CPU-seconds with it, 10.9 s and 17.5 without; of the
 *   1,000+1,000 corpus 40.7 s and 37.3 s; a cold client build (then with terser) 2.8 s and 2.2 s.
 * - A budget fifteen times V8's: a build of our size runs a great deal of code (the pipeline's
 *   packages, Vite, Rolldown) a little each, and V8's four helper threads spent about
 *   4.5 CPU-seconds of a cold `npm run data` of content/ optimizing functions that ran little
 *   after. A cold `npm run build` of content/ took 12.9-13.9 s and 21.6-22.8 CPU-seconds with V8's
 *   budget, 11.7-12.4 s and 19.2-19.8 with this one (three runs each). A long run of hot code
 *   (compile workers at 1,000 pages per language) lost as much, so it goes back to V8's budget
 *   (tuneV8ForLongRun).
 * The commands' output is the same. Not in NODE_OPTIONS, which refuses V8's flags.
 */
export const V8_FLAGS = `--no-turbo-inlining --interrupt-budget=${15 * V8_INTERRUPT_BUDGET}`;

/** Sets V8_FLAGS in this process: before the code they concern runs (each function is optimized with the flags of that moment). */
export function tuneV8() {
  setFlagsFromString(V8_FLAGS);
}

/**
 * V8's own tiering budget again, for a run long enough to earn back optimizing its hot functions
 * early: compile workers, which a site starts only when it is large, and prerender's workers. A cold data step of
 * the 1,000+1,000 corpus took 37.7-42.7 s with the build commands' budget throughout, 36.6-37.7 s
 * so (two runs each). In a process that never set V8_FLAGS it changes nothing.
 */
export function tuneV8ForLongRun() {
  setFlagsFromString(`--interrupt-budget=${V8_INTERRUPT_BUDGET}`);
}

/**
 * A full garbage collection of this thread's heap, its live objects moved together so that the
 * pages they leave are given back: for a thread about to wait on others after letting go of
 * much. V8 collects as a thread allocates, and a thread that waits allocates nothing, so what it
 * no longer holds stays in memory while it waits; and a collection compacts only the pages V8
 * finds most fragmented, so most of the rest stays too (the data step's main thread at 10,000
 * pages per language, collected so: 600 MB of heap kept for 185 MB live; compacting every page,
 * 149 MB for 115). V8's own `gc`, which `--expose-gc` gives to a context made while it is set.
 */
export function collectGarbage() {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  setFlagsFromString('--no-expose-gc');
  setFlagsFromString('--compact-on-every-full-gc');
  gc();
  setFlagsFromString('--no-compact-on-every-full-gc');
}
