/**
 * The dev server's rebuild after a save, in its own process: the pipeline as `npm run dev` runs
 * it (highlighter kept, cache in memory), started from the disk cache a build left, then `edits`
 * saves of one page, each followed by one rebuild. Prints one JSON line:
 * { first, median, max, maxRssMiB, ok }: the first rebuild reads the disk cache; the median and
 * max are of the rebuilds after it, which is what a writer saving again and again waits for.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build, saveBuildMemory } from '../../pipeline/build.ts';
import { createHighlighter } from '../../pipeline/highlight.ts';
import { emptyMemory } from '../../pipeline/incremental.ts';

const [root, page, count] = process.argv.slice(2);
if (!root || !page) throw new Error('usage: dev-rebuild-run.ts <root> <content-relative page> [edits]');
const edits = Number(count ?? 6);
const highlighter = await createHighlighter();
const memory = emptyMemory();
const times: number[] = [];
let ok = true;
for (let i = 0; i < edits; i++) {
  appendFileSync(path.join(root, 'content', page), `\nA sentence saved in edit ${i}.\n`);
  const started = performance.now();
  // What the dev server's watcher reports after a save (the first run looks at everything).
  const result = await build({ root, highlighter, force: true, memory, changed: i === 0 ? undefined : [page] });
  times.push(performance.now() - started);
  ok &&= result.ok && result.compiled === 1;
}
// As the dev server does when edits pause: the next run (or benchmark) starts from this cache.
saveBuildMemory({ root }, memory);
const [first, ...rest] = times;
const sorted = rest.sort((a, b) => a - b);
console.log(JSON.stringify({ first, median: sorted[Math.floor(sorted.length / 2)] ?? first, max: sorted.at(-1) ?? first, maxRssMiB: process.resourceUsage().maxRSS / 1024, ok }));
