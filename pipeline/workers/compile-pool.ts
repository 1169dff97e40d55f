/**
 * Compile pages across the machine's cores. Each worker thread has a highlighter of its own and
 * takes small batches of pages (asking for the next as it starts one), so a worker slowed by the
 * machine does not leave the other waiting at the end. The pages are sorted so that a page's
 * language twins come in one batch, where they share the highlight memo. Pages are handed to
 * `onPage` as they arrive and never collected here, so memory does not grow with the number of
 * pages. Small batches are compiled in-process, where a worker's start-up would cost more than it saves.
 */
import type { Element } from 'hast';
import os from 'node:os';
import { compilePage, type CompiledPage, type CompileInput } from '../compile/compile-page.ts';
import { createHighlighter, ensureLanguages, languagesIn, MissingBlock, rememberBlock, type BlockSource, type Highlighter } from '../compile/highlight.ts';
import { startWorker } from './worker.ts';

const PAGES_PER_WORKER_MIN = 40;
/** Pages a worker is handed at a time: enough that asking costs nothing, few enough to even out the end. */
const BATCH_PAGES = 16;

/** Parent → worker: the next pages to compile (numbered in the run), or none left. */
export type CompileBatch = Array<[number, CompileInput]> | null;
/** Worker → parent: a compiled page, or a request for the next batch. */
export type CompileWorkerMessage = { index: number; page: CompiledPage } | { next: true };

export interface PoolOptions {
  /** Highlighter for in-process compilation (created when missing and needed). */
  highlighter?: Highlighter | undefined;
  /** Upper bound on worker threads; 0 or 1 compiles in-process. */
  maxWorkers?: number | undefined;
  /** Highlighted blocks known from earlier compiles (see harvestHighlights), for in-process compiles. */
  highlights?: Iterable<[string, Element]>;
}

export async function compileAll(
  inputs: readonly CompileInput[],
  onPage: (index: number, page: CompiledPage) => void,
  options: PoolOptions = {},
): Promise<void> {
  const cores = options.maxWorkers ?? Math.min(os.availableParallelism(), 4);
  const workers = Math.min(cores, Math.floor(inputs.length / PAGES_PER_WORKER_MIN));
  if (workers <= 1) {
    if (inputs.length === 0) return;
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
    let highlighter: BlockSource = options.highlighter || seeded.length === 0 ? await withShiki() : { shiki: null, memo };
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
    return;
  }
  const order = inputs.map((_, index) => index).sort((a, b) => inputs[a]!.relPath.localeCompare(inputs[b]!.relPath) || inputs[a]!.lang.localeCompare(inputs[b]!.lang));
  let taken = 0;
  const nextBatch = (): CompileBatch => {
    if (taken >= order.length) return null;
    let end = Math.min(order.length, taken + BATCH_PAGES);
    // A page's twin comes in the same batch.
    while (end < order.length && inputs[order[end]!]!.relPath === inputs[order[end - 1]!]!.relPath) end++;
    const batch = order.slice(taken, end).map((index): [number, CompileInput] => [index, inputs[index]!]);
    taken = end;
    return batch;
  };
  const langs = languagesIn(inputs.map((input) => input.source));
  await Promise.all(Array.from({ length: workers }, () => runWorker(langs, nextBatch, onPage)));
}

/** A worker that compiles batches from `nextBatch` until there are none left (it asks for one ahead). */
function runWorker(langs: Set<string>, nextBatch: () => CompileBatch, onPage: (index: number, page: CompiledPage) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL('./compile-worker.ts', import.meta.url), [...langs]);
    let expected = 0;
    let received = 0;
    worker.on('message', (message: CompileWorkerMessage) => {
      if ('next' in message) {
        const batch = nextBatch();
        expected += batch?.length ?? 0;
        worker.postMessage(batch);
        return;
      }
      onPage(message.index, message.page);
      received++;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code === 0 && received === expected) resolve();
      else reject(new Error(`compile worker exited with code ${code} after ${received}/${expected} pages`));
    });
  });
}
