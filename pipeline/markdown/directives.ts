/**
 * Directives → custom elements of the body HAST (renderer/components/HastContent.tsx has the table of tags):
 *   :::tip / note / info / warning / danger / details [title]  → <callout type title>
 *   ::::tabs{groupId} with :::tab[label] children              → <tabs groupId> / <tab label>
 *   ::package-manager-tabs{command npm= yarn= pnpm= bun=}      → <tabs groupId="package-manager"> of code blocks
 *   ::overview                                                  → <overview>: where an overview page's
 *                                                                 option grid goes (else after the body)
 *   ::translation-differs{reason}                               → nothing: marks the next block for the
 *                                                                 translation check (pipeline/translations/)
 * Unknown container and leaf directives are errors. Text directives are not part of the authoring
 * contract, so an accidental one (`a:b` in prose) is put back as the text the author wrote.
 */
import type { Code, Paragraph, Parent, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { SKIP, walk } from '../compile/walk.ts';
import { commandFor, PACKAGE_MANAGERS } from './package-manager.ts';
import type { PageContext } from './page-context.ts';

export const CALLOUT_TYPES = ['tip', 'note', 'info', 'warning', 'danger', 'details'] as const;

/** `::translation-differs{reason="…"}`: the next block differs from its twin's on purpose (pipeline/translations/). It shows nothing. */
export const DIFFERS_MARKER = 'translation-differs';

type Directive = ContainerDirective | LeafDirective | TextDirective;

export function transformDirectives(tree: Root, ctx: PageContext): void {
  walk(tree, (node, index, parent) => {
    if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') return;
    if (!parent || index === undefined) return;
    const directive = node as Directive;
    const replacement = transformOne(directive, ctx, parent as Parent);
    if (!Array.isArray(replacement)) return;
    parent.children.splice(index, 1, ...(replacement as never[]));
    return [SKIP, index + replacement.length];
  });
}

function transformOne(node: Directive, ctx: PageContext, parent: Parent): RootContent[] | Directive {
  if (node.type === 'textDirective') return [{ type: 'text', value: sourceOf(node, ctx) }];
  if (node.type === 'containerDirective' && (CALLOUT_TYPES as readonly string[]).includes(node.name)) {
    const title = takeLabel(node);
    node.data = { hName: 'callout', hProperties: { type: node.name, ...(title ? { title } : {}) } };
    return node;
  }
  if (node.type === 'containerDirective' && node.name === 'tabs') {
    const groupId = node.attributes?.groupId ?? undefined;
    node.children = node.children.filter((child) => {
      if (child.type === 'containerDirective' && child.name === 'tab') return true;
      ctx.diagnostics.error(ctx.file, child, 'Only :::tab blocks may stand inside ::::tabs', 'tabs-content');
      return false;
    });
    node.data = { hName: 'tabs', hProperties: groupId ? { groupId } : {} };
    return node;
  }
  if (node.type === 'containerDirective' && node.name === 'tab') {
    if (parent.type !== 'containerDirective' || (parent as ContainerDirective).name !== 'tabs') {
      ctx.diagnostics.error(ctx.file, node, ':::tab must stand inside ::::tabs (use four colons on the outer block)', 'tabs-content');
      return [];
    }
    const label = takeLabel(node);
    if (!label) ctx.diagnostics.error(ctx.file, node, 'A tab needs a label: :::tab[Label]', 'tabs-content');
    node.data = { hName: 'tab', hProperties: { label: label || 'Tab' } };
    return node;
  }
  if (node.type === 'leafDirective' && node.name === 'package-manager-tabs') return [packageManagerTabs(node, ctx)];
  if (node.type === 'leafDirective' && node.name === DIFFERS_MARKER) {
    if (!node.attributes?.reason?.trim()) ctx.diagnostics.error(ctx.file, node, `::${DIFFERS_MARKER} needs reason="…": say why this block differs from its twin's`, 'translation-marker');
    if (parent.children.at(-1) === node) ctx.diagnostics.error(ctx.file, node, `::${DIFFERS_MARKER} must stand right before the block that differs`, 'translation-marker');
    return [];
  }
  if (node.type === 'leafDirective' && node.name === 'overview') {
    // An empty paragraph in the plain-markdown twin; the renderer puts the grid in its place.
    return [{ type: 'paragraph', children: [], data: { hName: 'overview' } }];
  }
  ctx.diagnostics.error(
    ctx.file,
    node,
    `Unknown directive ${node.type === 'containerDirective' ? ':::' : '::'}${node.name} (known: ${[...CALLOUT_TYPES, 'tabs', 'tab', 'package-manager-tabs', 'overview', 'include', DIFFERS_MARKER].join(', ')})`,
    'unknown-directive',
  );
  return [];
}

/** Remove the `[label]` paragraph remark-directive puts first, and return its text. */
function takeLabel(node: ContainerDirective): string {
  const first = node.children[0];
  if (first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
    node.children.shift();
    return toString(first as Paragraph).trim();
  }
  return '';
}

function packageManagerTabs(node: LeafDirective, ctx: PageContext): ContainerDirective {
  const attrs = node.attributes ?? {};
  const command = attrs.command?.trim();
  if (!command && !PACKAGE_MANAGERS.every((pm) => attrs[pm])) {
    ctx.diagnostics.error(ctx.file, node, 'package-manager-tabs needs command="…" (npm form) or all of npm=, yarn=, pnpm=, bun=', 'package-manager-tabs');
  }
  const tabs = PACKAGE_MANAGERS.map((pm): ContainerDirective => {
    const code: Code = { type: 'code', lang: 'bash', meta: null, value: attrs[pm] ?? commandFor(pm, command ?? ''), position: node.position };
    return { type: 'containerDirective', name: 'tab', attributes: {}, children: [code], data: { hName: 'tab', hProperties: { label: pm } }, position: node.position };
  });
  return { type: 'containerDirective', name: 'tabs', attributes: {}, children: tabs, data: { hName: 'tabs', hProperties: { groupId: 'package-manager' } }, position: node.position };
}

function sourceOf(node: TextDirective, ctx: PageContext): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start !== undefined && end !== undefined ? ctx.source.slice(start, end) : `:${node.name}`;
}
