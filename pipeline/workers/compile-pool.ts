/**
 * Compile pages across the machine's cores. Each worker thread gets a contiguous share of the
 * pages (sorted so that a page's language twins land in the same worker, where they share the
 * highlight memo) and a highlighter of its own. Pages are handed to `onPage` as they arrive and
 * never collected here, so memory does not grow with the number of pages. Small batches are
 * compiled in-process, where a worker's start-up would cost more than it saves.
 */
import type { Element } from 'hast';
import os from 'node:os';
import { compilePage, type CompiledPage, type CompileInput } from '../compile/compile-page.ts';
import { createHighlighter, ensureLanguages, languagesIn, MissingBlock, rememberBlock, type BlockSource, type Highlighter } from '../compile/highlight.ts';
import { startWorker } from './worker.ts';

const PAGES_PER_WORKER_MIN = 40;

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
  const share = Math.ceil(order.length / workers);
  const runs: Promise<void>[] = [];
  for (let w = 0; w < workers; w++) {
    const indices = order.slice(w * share, (w + 1) * share);
    if (indices.length > 0) runs.push(runWorker(indices.map((i) => inputs[i]!), (local, page) => onPage(indices[local]!, page)));
  }
  await Promise.all(runs);
}

function runWorker(inputs: CompileInput[], onPage: (local: number, page: CompiledPage) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL('./compile-worker.ts', import.meta.url), inputs);
    let received = 0;
    worker.on('message', (message: { index: number; page: CompiledPage }) => {
      onPage(message.index, message.page);
      received++;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code === 0 && received === inputs.length) resolve();
      else reject(new Error(`compile worker exited with code ${code} after ${received}/${inputs.length} pages`));
    });
  });
}
