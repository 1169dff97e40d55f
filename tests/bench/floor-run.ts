/**
 * The floor of a site's data step (issue 37), in its own process on one core: the work itself,
 * without the pipeline around it. Every page through a bare unified chain (remark-parse,
 * remark-gfm, remark-rehype: markdown to HAST, nothing else), then every distinct code block
 * (language and text; twins share most of theirs) through shiki's own codeToHast with the light
 * and dark themes, as a site built on shiki alone would highlight it. No directives, frontmatter,
 * transforms, twins, search, validation or writes.
 * Times are CPU time (user + system) of this one-threaded process: on a loaded machine they stay
 * what a free core would take, where wall time grows with the load.
 * Prints one JSON line: { pages, blocks, parseMs, highlightMs, ms }.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Code } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { createHighlighter } from 'shiki';
import { resolveLang } from '../../pipeline/compile/highlight.ts';
import { pageSources } from './content-shape.ts';

const [root] = process.argv.slice(2);
if (!root) throw new Error('usage: floor-run.ts <root>');
const sources = ['en', 'zh'].flatMap((lang) => pageSources(path.join(root, 'content', lang)));
// Read before the clock starts, as the pipeline's discover stage is not part of the floor.
readFileSync(path.join(root, 'content', 'site.json'));

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).freeze();
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const parseStart = cpuMs();
const blocks = new Map<string, { lang: string; code: string }>();
for (const source of sources) {
  const mdast = processor.parse(source);
  visit(mdast, 'code', (node: Code) => {
    const lang = resolveLang(node.lang ?? '') ?? 'text';
    blocks.set(`${lang}\0${node.value}`, { lang, code: node.value });
  });
  processor.runSync(mdast);
}
const parseMs = cpuMs() - parseStart;

const highlightStart = cpuMs();
// Shiki's own highlighter, as a site built on it alone has it: the pipeline's (compile/highlight.ts)
// tokenizes once for both themes and shares compiled scanners between grammars, which is the
// pipeline's work, not the floor's.
const langs = [...new Set([...blocks.values()].map((b) => b.lang))].filter((lang) => lang !== 'text');
const highlighter = await createHighlighter({ themes: ['github-light', 'github-dark'], langs });
for (const { lang, code } of blocks.values()) highlighter.codeToHast(code, { lang, themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false });
const highlightMs = cpuMs() - highlightStart;
console.log(JSON.stringify({ pages: sources.length, blocks: blocks.size, parseMs, highlightMs, ms: parseMs + highlightMs }));
