/** Worker thread body: compile a share of the pages with a highlighter of its own. */
import { parentPort, workerData } from 'node:worker_threads';
import { compilePage, type CompileInput } from '../compile/compile-page.ts';
import { createHighlighter, languagesIn } from '../compile/highlight.ts';

const inputs = workerData as CompileInput[];
const highlighter = await createHighlighter(languagesIn(inputs.map((input) => input.source)));
for (const [index, input] of inputs.entries()) {
  // Posted one at a time so the parent can write or cache each page as it arrives.
  parentPort!.postMessage({ index, page: compilePage(input, highlighter) });
}
