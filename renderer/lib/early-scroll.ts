/**
 * Scroll restoration that leaves alone where the reader already is when the page hydrates.
 *
 * TanStack Router treats the first render of a prerendered page like a navigation: it restores
 * the saved position or scrolls to the top, and forgets what scrolled before its render. A
 * reader who scrolled while the page's script loaded (a slow phone) was thrown back to the top,
 * and, had they then clicked a link, came back to the top again. So on the first render, a
 * window that is not at the top (the reader's scroll, the browser's own restoration on reload,
 * or its jump to the URL's #anchor) stays where it is, and is reported to the router as a scroll,
 * which it then saves when the reader leaves the page. Every later render is the router's.
 */
export function keepScrollOnHydration(): (options: { location: { pathname: string } }) => boolean {
  // The page's path until its first render. Prerender asks too (for the inline script that
  // restores a saved position as the page loads): always yes there.
  let loaded = import.meta.env.SSR ? null : location.pathname;
  return (options) => {
    if (loaded === null) return true;
    // The first render may be a navigation's: on a loaded machine a click can come before it.
    const own = options.location.pathname === loaded;
    loaded = null;
    if (!own || (!scrollX && !scrollY)) return true;
    // After this render's listeners: the router's own forgets what scrolled until now.
    queueMicrotask(() => document.dispatchEvent(new Event('scroll')));
    return false;
  };
}
