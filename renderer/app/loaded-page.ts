/**
 * Whether the document still shows the page it was loaded with, whose <head> prerender wrote:
 * true until that page's view is on screen. One per router (a page's app), not per component: a
 * client navigation between a page and the 404 view mounts another view (and PageEffects), which
 * must update the head all the same, so a component's own "first render" cannot tell.
 */
export interface LoadedPage {
  shown(): boolean;
  /** Called once the loaded page's view is on screen (PageEffects): any later view is a navigation's. */
  leave(): void;
}

export function createLoadedPage(): LoadedPage {
  let shown = true;
  return {
    shown: () => shown,
    leave: () => {
      shown = false;
    },
  };
}
