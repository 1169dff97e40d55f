/**
 * The page's hover texts (docs/data.md, "Hovers in a page's body"), read from its body: pure
 * helpers beside the components that render them (CodeBlock, CodeHover).
 */
import type { HastChild, HastElement } from '../../schemas/hast.ts';

/** The tag of the body's last child that holds the hover texts. */
export const HOVERS_TAG = 'code-hovers';

/** The hover texts of a body (its `code-hovers` element's children), none when it has no samples with hovers. */
export function hoverTextsOf(children: readonly HastChild[]): readonly HastElement[] {
  const last = children.at(-1);
  if (last?.type !== 'element' || last.tagName !== HOVERS_TAG) return [];
  return last.children.filter((child): child is HastElement => child.type === 'element');
}

/** A token's hover index (`data-hover`), or null for any other token. */
export function hoverIndexOf(node: HastElement): number | null {
  const value = node.properties.dataHover;
  return typeof value === 'number' ? value : null;
}

/** A line's `// ^?` answers: [column, hover index] pairs from its `data-query`. */
export function queriesOf(node: HastElement): Array<[number, number]> {
  const value = node.properties.dataQuery;
  if (!Array.isArray(value)) return [];
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i + 1 < value.length; i += 2) pairs.push([Number(value[i]), Number(value[i + 1])]);
  return pairs;
}

/** The signature of a hover text: the lines of its highlighted declaration. */
export function signatureLines(text: HastElement | undefined): HastChild[] {
  const pre = text?.children[0];
  if (pre?.type !== 'element' || pre.tagName !== 'pre') return [];
  const code = pre.children[0];
  return code?.type === 'element' ? code.children : [];
}

/** The parts of a hover text after its signature: paragraphs (`p`) and tags (`hover-tag`). */
export function hoverDetails(text: HastElement): HastElement[] {
  return text.children.filter((child): child is HastElement => child.type === 'element' && child.tagName !== 'pre');
}

/** Where a popover of this size goes under (or, without room, above) its anchor, inside the viewport with a margin. */
export function popoverPlace(anchor: { left: number; top: number; bottom: number }, size: { width: number; height: number }, viewport: { width: number; height: number }, margin = 8): { left: number; top: number } {
  const left = Math.max(margin, Math.min(anchor.left, viewport.width - size.width - margin));
  const below = anchor.bottom + 4;
  const top = below + size.height + margin <= viewport.height || anchor.top - size.height - 4 < margin ? below : anchor.top - size.height - 4;
  return { left, top };
}
