/** Worker thread body: compile batches of pages, asked for one at a time (see compile-pool.ts), with a highlighter of its own. */
import { parentPort, workerData } from 'node:worker_threads';
import { compilePage } from '../compile/compile-page.ts';
import { createHighlighter } from '../compile/highlight.ts';
import type { CompileBatch, CompileWorkerMessage } from './compile-pool.ts';

const highlighter = await createHighlighter(workerData as string[]);
const post = (message: CompileWorkerMessage) => parentPort!.postMessage(message);
parentPort!.on('message', (batch: CompileBatch) => {
  if (!batch) {
    parentPort!.close();
    return;
  }
  // The next batch is asked for first: it is there when this one is done.
  post({ next: true });
  // Posted one at a time so the parent can write or cache each page as it arrives.
  for (const [index, input] of batch) post({ index, page: compilePage(input, highlighter) });
});
post({ next: true });
