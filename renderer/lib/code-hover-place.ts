/**
 * Pure helpers of the popover (renderer/components/CodeHover.tsx), apart from code-hovers.ts so
 * that they go into the popover's lazy chunk, not into every page's first load.
 */
import type { HastChild, HastElement } from '../../schemas/hast.ts';

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

/** The signature of a hover text: the lines of its highlighted declaration. */
export function signatureLines(text: HastElement | undefined): HastChild[] {
  const pre = text?.children[0];
  if (pre?.type !== 'element' || pre.tagName !== 'pre') return [];
  const code = pre.children[0];
  return code?.type === 'element' ? code.children : [];
}
