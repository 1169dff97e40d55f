/** Navbar height 56 px at widths ≤ 768, else 72 px, 0 when hidden. */
export const MOBILE_BREAKPOINT = 768;

export type HideNavbar = 'never' | 'always' | 'auto';

/**
 * Whether the navbar hides after a scroll from `lastY` to `y`. `always` hides on any scroll
 * down past the bar; `auto` hides on scroll down but shows again on scroll up; `never` never hides.
 */
export function shouldHideNavbar(mode: HideNavbar, lastY: number, y: number, barHeight: number): boolean {
  if (mode === 'never' || y <= barHeight) return false;
  if (mode === 'always') return true;
  return y > lastY;
}
