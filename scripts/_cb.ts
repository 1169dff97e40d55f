// Microbench: compile corpus pages in-process, report ms/page of the second pass.
import { readFileSync } from 'node:fs';
import { compilePage } from '../pipeline/compile/compile-page.ts';
import { createHighlighter, languagesIn } from '../pipeline/compile/highlight.ts';
import { corpusPageFile } from '../tests/bench/corpus.ts';
const n = 400;
const inputs = Array.from({ length: n }, (_, i) => {
  const source = readFileSync(`/tmp/c1000/content/${process.env.L ?? 'en'}/${corpusPageFile(i)}`, 'utf8');
  return { file: `p${i}.md`, relPath: corpusPageFile(i), lang: (process.env.L ?? 'en') as 'en', source, fragments: new Map(), prefix: '', cleanUrls: true, defaultWrapCode: false };
});
const h = { ...(await createHighlighter(languagesIn(inputs.map((i) => i.source)))), memo: new Map() };
const only = process.argv[2];
for (let pass = 0; pass < 3; pass++) {
  h.memo.clear();
  const t = performance.now();
  for (const input of inputs) compilePage({ ...input, source: input.source + `\nPass ${pass}.\n` }, h as any);
  if (pass) console.log(((performance.now() - t) / n).toFixed(2), 'ms/page');
}
import { parseMarkdown } from '../pipeline/compile/parse.ts';
for (let pass = 0; pass < 3; pass++) {
  const t = performance.now();
  for (const input of inputs) parseMarkdown(input.source + `\nPass ${pass}.\n`);
  if (pass) console.log('parse', ((performance.now() - t) / n).toFixed(2), 'ms/page');
}
console.log('chars', inputs[5]!.source.length);
