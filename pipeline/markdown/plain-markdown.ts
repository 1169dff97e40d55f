/**
 * The page as plain markdown, for tools and language models (llms-full.txt and the `.md` twin of
 * each page): includes expanded, links final, callouts as blockquotes, tabs as labelled blocks,
 * no directive syntax left. The tree for HTML is untouched: a node whose children change is
 * copied (shallow), the rest is shared, read only.
 */
import type { BlockContent, Blockquote, Paragraph, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';

/** Made once: each call of gfmToMarkdown makes new patterns, whose regular expressions are compiled on first use. */
const GFM = [gfmToMarkdown({ tablePipeAlign: false })];

export function toPlainMarkdown(tree: Root): string {
  const plain: Root = { type: 'root', children: flatten(tree.children) as Root['children'] };
  return toMarkdown(plain, { extensions: GFM, bullet: '-', fences: true, rule: '-' }).trim() + '\n';
}

function flatten(nodes: RootContent[]): RootContent[] {
  return nodes.flatMap((node): RootContent[] => {
    if (node.type === 'containerDirective') return directive(node);
    if ('children' in node && Array.isArray(node.children)) return [{ ...node, children: flatten(node.children as RootContent[]) } as RootContent];
    return [node];
  });
}

function directive(node: ContainerDirective): RootContent[] {
  const hName = (node.data as { hName?: string } | undefined)?.hName;
  const props = ((node.data as { hProperties?: Record<string, string> } | undefined)?.hProperties ?? {}) as Record<string, string>;
  const children = flatten(node.children as RootContent[]);
  if (hName === 'callout') {
    const label = props.title || props.type!.charAt(0).toUpperCase() + props.type!.slice(1);
    const heading: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: `${label}:` }] }] };
    const quote: Blockquote = { type: 'blockquote', children: [heading, ...(children as BlockContent[])] };
    return [quote];
  }
  if (hName === 'tab') {
    const label: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: props.label ?? '' }] }] };
    return [label, ...children];
  }
  return children; // tabs: their tabs, one after the other
}
