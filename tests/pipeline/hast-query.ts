import type { HastChild, HastElement, HastRoot } from '../../schemas/hast.ts';

/** All elements with a tag name, depth first. */
export function findAll(root: HastRoot | HastElement, tagName: string): HastElement[] {
  const out: HastElement[] = [];
  const walk = (node: HastChild) => {
    if (node.type !== 'element') return;
    if (node.tagName === tagName) out.push(node);
    node.children.forEach(walk);
  };
  root.children.forEach(walk);
  return out;
}

export function text(node: HastChild | HastRoot): string {
  return node.type === 'text' ? node.value : node.children.map(text).join('');
}
