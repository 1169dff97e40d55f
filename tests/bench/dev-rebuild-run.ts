/**
 * The dev server's rebuild after a save, in its own process: the pipeline as `npm run dev` runs
 * it. It starts as the dev server does (a build from the disk cache a build left, the compiler
 * warmed up), then `edits` saves of one page, each followed by one rebuild, and puts the page
 * back as it was. Prints one JSON line: { first, median, max, maxRssMiB, ok }: `first` is the
 * first save's rebuild; the median and max are of the rebuilds after it, which is what a writer
 * saving again and again waits for.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build, saveBuildMemory } from '../../pipeline/build.ts';
import { warmUp } from '../../pipeline/compile/compile-page.ts';
import { createHighlighter } from '../../pipeline/compile/highlight.ts';
import { emptyMemory } from '../../pipeline/memo/build-memory.ts';

const [root, page, count] = process.argv.slice(2);
if (!root || !page) throw new Error('usage: dev-rebuild-run.ts <root> <content-relative page> [edits]');
const edits = Number(count ?? 6);
const file = path.join(root, 'content', page);
const original = readFileSync(file, 'utf8');
// As the dev server starts: a build from the disk cache, then the compiler warmed up.
const highlighter = await createHighlighter();
const memory = emptyMemory();
await build({ root, highlighter, force: true, memory, prime: true });
warmUp(highlighter);
const times: number[] = [];
let ok = true;
for (let i = 0; i < edits; i++) {
  appendFileSync(file, `\nA sentence saved in edit ${i}.\n`);
  const started = performance.now();
  // What the dev server's watcher reports after a save.
  const result = await build({ root, highlighter, force: true, memory, changed: [page] });
  times.push(performance.now() - started);
  ok &&= result.ok && result.compiled === 1;
}
// The page as it was, and the cache as the dev server leaves it when edits pause: the next run
// (or benchmark) starts from there.
writeFileSync(file, original);
await build({ root, highlighter, force: true, memory, changed: [page] });
saveBuildMemory({ root }, memory);
const [first, ...rest] = times;
const sorted = rest.sort((a, b) => a - b);
console.log(JSON.stringify({ first, median: sorted[Math.floor(sorted.length / 2)] ?? first, max: sorted.at(-1) ?? first, maxRssMiB: process.resourceUsage().maxRSS / 1024, ok }));
