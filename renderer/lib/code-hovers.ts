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
  // Only elements: the pipeline writes nothing else there (pipeline/hovers/hover-hast.ts).
  return last.children as HastElement[];
}
