/**
 * `::include{file="../shared/x.md"}`: splice a fragment of a shared/ folder of the same language
 * into the page. Included nodes take the include's position, so a problem inside a fragment is
 * reported where the page includes it.
 */
import path from 'node:path';
import type { Root, RootContent } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import { parseMarkdown } from '../compile/parse.ts';
import type { PageContext } from './page-context.ts';

const MAX_DEPTH = 5;

export function expandIncludes(tree: Root, ctx: PageContext, fromRelPath = ctx.relPath, depth = 0): void {
  tree.children = tree.children.flatMap((node): RootContent[] => {
    if (node.type !== 'leafDirective' || node.name !== 'include') return [node];
    return included(node, ctx, fromRelPath, depth);
  });
}

function included(node: LeafDirective, ctx: PageContext, fromRelPath: string, depth: number): RootContent[] {
  const file = node.attributes?.file;
  if (!file) {
    ctx.diagnostics.error(ctx.file, node, 'include needs a file attribute: ::include{file="../shared/x.md"}', 'include-missing');
    return [];
  }
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromRelPath), file));
  if (target.startsWith('..') || !target.split('/').includes('shared') || !target.endsWith('.md')) {
    ctx.diagnostics.error(ctx.file, node, `Include ${file} is outside a shared/ folder of this language`, 'include-outside-shared');
    return [];
  }
  const source = ctx.fragments.get(target);
  if (source === undefined) {
    ctx.diagnostics.error(ctx.file, node, `Include ${file} not found (looked for content/${ctx.lang}/${target})`, 'include-missing');
    return [];
  }
  if (depth >= MAX_DEPTH) {
    ctx.diagnostics.error(ctx.file, node, `Include ${file} nests deeper than ${MAX_DEPTH} levels (a cycle?)`, 'include-cycle');
    return [];
  }
  const fragment = parseMarkdown(source);
  fragment.children = fragment.children.filter((child) => child.type !== 'yaml');
  expandIncludes(fragment, ctx, target, depth + 1);
  relocate(fragment, node.position);
  return fragment.children;
}

function relocate(node: { position?: unknown; children?: unknown[] }, position: unknown): void {
  node.position = position;
  for (const child of node.children ?? []) relocate(child as { position?: unknown; children?: unknown[] }, position);
}
