/**
 * Stage 3, transform: the page's mdast → body HAST (before highlighting), plus the facts the
 * derive stage needs (title, outline, ids, links). The order matters and is written out here.
 */
import { metaAttributes } from '../hovers/sample.ts';
import type { Element, Root as HastRoot } from 'hast';
import type { Code, Nodes, Paragraph, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { toHast, type State } from 'mdast-util-to-hast';
import { transformDirectives } from '../markdown/directives.ts';
import { assignHeadingIds, type HeadingFacts } from '../markdown/headings.ts';
import { assignNameRowIds } from '../markdown/name-rows.ts';
import { expandIncludes } from '../markdown/include.ts';
import { rewriteLinks, type LinkRef } from '../markdown/links.ts';
import type { PageContext } from '../markdown/page-context.ts';
import { toPlainMarkdown, verbatimBlocks } from '../markdown/plain-markdown.ts';
import { walk } from './walk.ts';

export interface Transformed {
  hast: HastRoot;
  headings: HeadingFacts;
  links: LinkRef[];
  /** Text of the first paragraph: the fallback description. */
  firstParagraph: string;
  /** The page as plain markdown (llms-full.txt, the .md twin of each page). */
  markdown: string;
}

export function transform(tree: Root, ctx: PageContext): Transformed {
  // 0. The blocks the plain-markdown twin can take as written, found before anything changes.
  const verbatim = verbatimBlocks(tree, ctx.source);
  // 1. Includes first: everything below must also see the fragments' nodes.
  expandIncludes(tree, ctx);
  // 2. Raw HTML is not allowed; report it and drop it so it never reaches the output.
  rejectRawHtml(tree, ctx);
  // 3. Directives become custom elements (package-manager tabs become code blocks here,
  //    so they must run before code blocks are turned into HAST).
  transformDirectives(tree, ctx);
  // 4. Heading ids (and the ids of rows that document a name) before links: same-page anchors
  //    are checked against them later.
  const headings = assignHeadingIds(tree, ctx);
  headings.ids.push(...assignNameRowIds(tree, ctx, headings.ids));
  const links = rewriteLinks(tree, ctx);
  const firstParagraph = findFirstParagraph(tree);
  // Plain markdown after links are final and before HAST conversion.
  const markdown = toPlainMarkdown(tree, verbatim);
  // 5. mdast → HAST. Code blocks become <code-block> wrappers for the highlight stage.
  const hast = toHast(tree, { handlers: { code: codeBlock(ctx) } }) as HastRoot;
  return { hast, headings, links, firstParagraph, markdown };
}

function rejectRawHtml(tree: Root, ctx: PageContext): void {
  walk<Nodes>(tree, (node, index, parent) => {
    if (node.type !== 'html') return;
    if (/^\s*<!--[\s\S]*-->\s*$/.test(node.value)) {
      ctx.diagnostics.error(ctx.file, node, 'HTML comments are not allowed in markdown; remove it', 'raw-html');
    } else {
      ctx.diagnostics.error(ctx.file, node, `Raw HTML is not allowed (${node.value.trim().slice(0, 40)}); use a directive`, 'raw-html');
    }
    if (parent && index !== undefined) {
      parent.children.splice(index, 1);
      return index;
    }
    return undefined;
  });
}

function findFirstParagraph(tree: Root): string {
  const first = tree.children.find((node): node is Paragraph => node.type === 'paragraph');
  return first ? toString(first).replace(/\s+/g, ' ').trim() : '';
}

/** Code meta: `title="x"`, `{1,3-4}` line highlights, `wrap`. Parsed here, applied by highlight. */
export interface CodeMeta {
  title?: string;
  highlightLines: number[];
  wrap?: boolean;
}

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = { highlightLines: [] };
  if (!meta) return result;
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) result.title = title[1] ?? title[2] ?? title[3] ?? '';
  const rest = meta.replace(/title=(?:"[^"]*"|'[^']*'|\S+)/, ' ');
  const ranges = /\{([\d,\s-]+)\}/.exec(rest);
  if (ranges?.[1]) {
    for (const part of ranges[1].split(',')) {
      const [a, b] = part.trim().split('-').map(Number);
      if (a === undefined || Number.isNaN(a)) continue;
      for (let line = a; line <= (b !== undefined && !Number.isNaN(b) ? b : a); line++) result.highlightLines.push(line);
    }
  }
  if (/(^|\s)wrap(\s|$|=true)/.test(rest)) result.wrap = true;
  if (/(^|\s)wrap=false(\s|$)/.test(rest)) result.wrap = false;
  return result;
}

function codeBlock(ctx: PageContext) {
  return (_state: State, node: Code): Element => {
    const meta = parseCodeMeta(node.meta);
    return {
      type: 'element',
      tagName: 'code-block',
      properties: {
        lang: (node.lang ?? '').toLowerCase(),
        title: meta.title,
        wrap: (meta.wrap ?? ctx.defaultWrapCode) as unknown as string, // our boolean, not HTML's textarea wrap
        highlightLines: meta.highlightLines.join(','),
        // How a config sample is checked (check="lib"…), and the example project a file is of:
        // the highlight stage finds its samples by them.
        check: metaAttributes(node.meta).check,
        example: metaAttributes(node.meta).example,
        // The source place rides along so the highlight stage can report unknown languages.
        line: node.position?.start.line ?? 1,
        column: node.position?.start.column ?? 1,
      },
      children: [{ type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: node.value }] }] }],
    };
  };
}
