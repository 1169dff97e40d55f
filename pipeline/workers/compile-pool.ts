/**
 * Compile pages across the machine's cores. Each worker thread has a highlighter of its own and
 * takes small batches of pages (asking for the next as it starts one), so a worker slowed by the
 * machine does not leave the other waiting at the end. The pages are sorted so that a page's
 * language twins come in one batch, where they share the highlight memo. Pages are handed to
 * `onPage` as they arrive and never collected here, so memory does not grow with the number of
 * pages. A site too small to pay for a second worker's warm-up is compiled in-process (workerCount).
 */
import type { Element } from 'hast';
import os from 'node:os';
import { compilePage, type CompiledPage, type CompileInput } from '../compile/compile-page.ts';
import { createHighlighter, ensureLanguages, languagesIn, MissingBlock, rememberBlock, type BlockSource, type Highlighter } from '../compile/highlight.ts';
import { tuneV8ForLongRun } from '../../runtime/v8-flags.mjs';
import { startWorker } from './worker.ts';

/**
 * Markdown (in characters) each worker must have to compile for the workers to pay. Each warms
 * up on its own: shiki compiles the patterns of the grammars it meets, V8 the parser's code, and
 * its first pages run at a fraction of the speed of its later ones. Cold, the real content
 * (0.68 M characters) took 3.8-4.1 s in-process and 4.5-4.7 s on two workers, which spent 2 s
 * more CPU time; a corpus of 300 pages (0.54 M) 2.4 against 2.9 s; one of 800 (1.45 M) took as
 * long either way; one of 2,000 (3.6 M) 11.3 s in-process and 8.2-9.7 s on two.
 */
export const SOURCE_PER_WORKER_MIN = 1024 * 1024;
/**
 * Pages a worker is handed at a time: enough that asking costs nothing. Toward the end batches
 * shrink (a quarter of what is left per worker, down to one page and its twin), so that the
 * workers run out of pages together: at 1,000 pages per language, the first finished 20-120 ms
 * before the other with batches of 16 to the last, 10-75 ms with these (two runs each).
 */
const BATCH_PAGES = 16;

/**
 * The old generation each worker may grow to, in MB. What a worker holds alive stays under 100 MB
 * (its highlighter, the memo of blocks, the page at hand), but V8 left to itself let each grow
 * far past that before collecting: two workers were 700 MB of a cold 1000+1000 build's 1.1 GiB
 * peak. With 192 MB the peak was 30 MB lower than with 320, but the workers collected so often
 * that the data step took 113-121 s of CPU time against 107 s (quiet machine, 2 runs each).
 * A page too large for it is compiled in-process instead (see compileAll).
 */
export const WORKER_OLD_GENERATION_MB = 320;

/** Parent → worker: the next pages to compile (numbered in the run), or none left. */
export type CompileBatch = Array<[number, CompileInput]> | null;
/** Worker → parent: a compiled page, or a request for the next batch. */
export type CompileWorkerMessage = { index: number; page: CompiledPage } | { next: true };

export interface PoolOptions {
  /** Highlighter for in-process compilation (created when missing and needed). */
  highlighter?: Highlighter | undefined;
  /** Upper bound on worker threads; 0 or 1 compiles in-process. */
  maxWorkers?: number | undefined;
  /** Markdown each worker must have (SOURCE_PER_WORKER_MIN unless given: a test asks for workers on a small site). */
  sourcePerWorker?: number;
  /** Highlighted blocks known from earlier compiles (see harvestHighlights), for in-process compiles. */
  highlights?: Iterable<[string, Element]>;
  /** Old generation of each worker, in MB (WORKER_OLD_GENERATION_MB unless given: a test makes it too small). */
  workerOldGenerationMb?: number;
}

/** The order workers compile pages in (indexes of `inputs`): by path, each page beside its twins. */
export function compileOrder(inputs: readonly Pick<CompileInput, 'relPath' | 'lang'>[]): number[] {
  return inputs.map((_, index) => index).sort((a, b) => inputs[a]!.relPath.localeCompare(inputs[b]!.relPath) || inputs[a]!.lang.localeCompare(inputs[b]!.lang));
}

/** Whether these pages compile on worker threads (compileAll), or on this one. */
export const compilesOnWorkers = (inputs: readonly CompileInput[], options: PoolOptions = {}) => workerCount(inputs, options.maxWorkers ?? Math.min(os.availableParallelism(), 4), options.sourcePerWorker) > 1;

/**
 * Compiles the pages; resolves with the highlighter of an in-process compile (null when workers
 * compiled them). The pages' inputs become the pool's: once a worker has a page (its input
 * copied to the worker's thread), its slot in `inputs` is emptied, so that a large site's texts
 * leave this thread's heap as the compile goes rather than at its end (173 MB of texts at 10,000
 * pages per language). A worker that runs out of memory hands back the inputs it had not
 * compiled.
 */
export async function compileAll(
  inputs: CompileInput[],
  onPage: (index: number, page: CompiledPage) => void,
  options: PoolOptions = {},
): Promise<BlockSource | null> {
  const workers = workerCount(inputs, options.maxWorkers ?? Math.min(os.availableParallelism(), 4), options.sourcePerWorker);
  if (workers <= 1) return compileInProcess(inputs, onPage, options);
  // A site this large runs its hot code long enough to repay optimizing it early.
  tuneV8ForLongRun();
  const order = compileOrder(inputs);
  // `inputs` as the batches leave them: a page's slot is empty once a worker has it.
  const untaken: Array<CompileInput | undefined> = inputs;
  const relPaths = inputs.map((input) => input.relPath);
  let taken = 0;
  const nextBatch = (): CompileBatch => {
    if (taken >= order.length) return null;
    let end = Math.min(order.length, taken + Math.min(BATCH_PAGES, Math.ceil((order.length - taken) / (4 * workers))));
    // A page's twin comes in the same batch.
    while (end < order.length && relPaths[order[end]!] === relPaths[order[end - 1]!]) end++;
    const batch = order.slice(taken, end).map((index): [number, CompileInput] => [index, untaken[index]!]);
    for (const [index] of batch) untaken[index] = undefined;
    taken = end;
    return batch;
  };
  const langs = languagesIn(inputs.map((input) => input.source));
  const heapMb = options.workerOldGenerationMb ?? WORKER_OLD_GENERATION_MB;
  const unfinished = (await Promise.all(Array.from({ length: workers }, () => runWorker(langs, heapMb, nextBatch, onPage)))).flat();
  // Pages a worker ran out of memory on (and those no worker took after that): compiled here.
  for (let batch = nextBatch(); batch; batch = nextBatch()) unfinished.push(...batch);
  return unfinished.length > 0 ? compileInProcess(unfinished.map(([, input]) => input), (at, page) => onPage(unfinished[at]![0], page), options) : null;
}

/** Compiles these pages one after the other on this thread. */
async function compileInProcess(inputs: readonly CompileInput[], onPage: (index: number, page: CompiledPage) => void, options: PoolOptions): Promise<BlockSource | null> {
  if (inputs.length === 0) return null;
  const langs = languagesIn(inputs.map((input) => input.source));
  const memo = options.highlighter?.memo ?? new Map<string, Element>();
  const seeded = [...(options.highlights ?? [])];
  for (const [key, pre] of seeded) rememberBlock(memo, key, pre);
  // Seeded blocks usually are every block of an edited page: shiki starts only when one is not.
  const withShiki = async () => {
    const ready = options.highlighter ?? { ...(await createHighlighter(langs)), memo };
    await ensureLanguages(ready, langs);
    return ready;
  };
  let highlighter: BlockSource = options.highlighter || seeded.length === 0 ? await withShiki() : { shiki: null, memo, checked: new WeakSet() };
  for (const [index, input] of inputs.entries()) {
    let page: CompiledPage;
    try {
      page = compilePage(input, highlighter);
    } catch (error) {
      if (!(error instanceof MissingBlock)) throw error;
      highlighter = await withShiki();
      page = compilePage(input, highlighter);
    }
    onPage(index, page);
  }
  return highlighter;
}

/** How many worker threads compile these pages: as many as have enough markdown each, up to `cores`; 0 or 1 means in-process. */
export function workerCount(inputs: readonly Pick<CompileInput, 'source'>[], cores: number, sourcePerWorker = SOURCE_PER_WORKER_MIN): number {
  let source = 0;
  for (const input of inputs) source += input.source.length;
  return Math.min(cores, inputs.length, Math.floor(source / Math.max(1, sourcePerWorker)));
}

/**
 * A worker that compiles batches from `nextBatch` until there are none left (it asks for one
 * ahead). Resolves with the pages it was handed and did not compile when it ran out of memory.
 */
function runWorker(langs: Set<string>, heapMb: number, nextBatch: () => CompileBatch, onPage: (index: number, page: CompiledPage) => void): Promise<Array<[number, CompileInput]>> {
  // The pool's callbacks, let go once the worker is done: its listeners live as long as the
  // Worker object, and through them the callbacks held the compile stage's variables (every
  // page's input, its text included) into the records stage. With the compiled pages' texts
  // dropped too (compilePages), live there at 1,000 pages a language: 134.7 → 77.5 MB.
  let pool: { nextBatch: typeof nextBatch; onPage: typeof onPage } | null = { nextBatch, onPage };
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL('./compile-worker.ts', import.meta.url), [...langs], { oldGenerationMb: heapMb });
    // The pages handed over and not yet back, with their inputs: at most two batches.
    const pending = new Map<number, CompileInput>();
    // Told there is nothing left, with every page it was handed back: done. Its thread then ends
    // on its own; waiting for that (its heap taken down, 0.18 s at 1,000 pages per language)
    // kept the run from its next stage.
    let toldDone = false;
    const doneWhenEmpty = () => {
      if (!toldDone || pending.size > 0) return;
      pool = null;
      resolve([]);
    };
    worker.on('message', (message: CompileWorkerMessage) => {
      if ('next' in message) {
        const batch = pool!.nextBatch();
        for (const [index, input] of batch ?? []) pending.set(index, input);
        worker.postMessage(batch);
        toldDone = batch === null;
        doneWhenEmpty();
        return;
      }
      pending.delete(message.index);
      pool!.onPage(message.index, message.page);
      doneWhenEmpty();
    });
    worker.on('error', (error: Error & { code?: string }) => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve([...pending]) : reject(error)));
    worker.on('exit', (code) => {
      if (code === 0 && pending.size === 0) resolve([]);
      else reject(new Error(`compile worker exited with code ${code} with ${pending.size} pages not compiled`));
    });
  });
}
