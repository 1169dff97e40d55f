/**
 * The toggle's circular reveal: a view transition whose new view grows as a circle from the
 * point clicked (x, y), over the whole window.
 */
export function revealTheme(apply: () => void, x: number, y: number, duration: number): void {
  const radius = Math.hypot(Math.max(x, innerWidth - x), Math.max(y, innerHeight - y));
  const transition = document.startViewTransition(apply);
  void transition.ready.then(() => {
    document.documentElement.animate(
      { clipPath: [`circle(0px at ${x}px ${y}px)`, `circle(${radius}px at ${x}px ${y}px)`] },
      { duration, easing: 'ease-in', pseudoElement: '::view-transition-new(root)' },
    );
  });
}
