/** Plain text of compact HAST, shared by the search, feed and llms derivations. */
import type { Element, ElementContent } from 'hast';
import type { HastChild, HastElement } from '../../schemas/hast.ts';

export function textOf(node: HastChild): string {
  if (node.type === 'text') return node.value;
  return node.children.map(textOf).join('');
}

/** Plain text of a node of the trees compile works on (hast's, before compacting): comments have none. */
export function treeTextOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(treeTextOf).join('');
  return '';
}

/** Text with block elements separated by spaces, whitespace collapsed. */
export function proseOf(nodes: readonly HastChild[]): string {
  const parts: string[] = [];
  const walk = (node: HastChild) => {
    if (node.type === 'text') parts.push(node.value);
    else {
      for (const child of node.children) walk(child);
      if (BLOCKS.has(node.tagName)) parts.push(' ');
    }
  };
  nodes.forEach(walk);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const BLOCKS = new Set(['p', 'li', 'td', 'th', 'tr', 'div', 'pre', 'blockquote', 'callout', 'tab', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'code-block', 'dt', 'dd']);

export function isElement(node: HastChild, tagName?: string): node is HastElement {
  return node.type === 'element' && (tagName === undefined || node.tagName === tagName);
}
