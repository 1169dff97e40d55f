/**
 * A page body as a prerendered page embeds it for hydration: the record's HAST written as nested
 * arrays. A text node is its string; an element is `[tagName, properties, ...children]`, the
 * properties left out when there are none (children are strings or arrays, never plain
 * objects, so the two cannot be confused); the root is the list of its children.
 * The HAST of dist-data/ spells out `{"type":"element","tagName":…,"properties":…,"children":…}`
 * for every node, and a highlighted token is mostly that: the body took 110 of the 190 KB of a
 * code-heavy page's HTML, about 40 KB so. Only the HTML carries this form: a client navigation
 * reads the record as dist-data/ has it.
 */
import type { HastChild, HastElement, HastRoot } from '../../schemas/hast.ts';

export type WireNode = string | WireElement;
export type WireElement = [tagName: string, ...rest: (HastElement['properties'] | WireNode)[]];

export function hastToWire(root: HastRoot): WireNode[] {
  return root.children.map(childToWire);
}

function childToWire(node: HastChild): WireNode {
  if (node.type === 'text') return node.value;
  const children = node.children.map(childToWire);
  for (const _ in node.properties) return [node.tagName, node.properties, ...children];
  return [node.tagName, ...children];
}

export function hastFromWire(nodes: readonly WireNode[]): HastRoot {
  return { type: 'root', children: nodes.map(childFromWire) };
}

function childFromWire(node: WireNode): HastChild {
  if (typeof node === 'string') return { type: 'text', value: node };
  const [tagName, first, ...rest] = node;
  const hasProperties = first !== undefined && typeof first === 'object' && !Array.isArray(first);
  const children = (hasProperties ? rest : node.slice(1)) as WireNode[];
  return { type: 'element', tagName, properties: hasProperties ? first : {}, children: children.map(childFromWire) };
}
