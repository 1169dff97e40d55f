/**
 * Whether the document still shows the page it was loaded with, whose <head> prerender wrote:
 * true until that page's view is on screen. Per document, not per component: a client navigation
 * between a page and the 404 view mounts another view (and PageEffects), which must update the
 * head all the same, so a component's own "first render" cannot tell.
 */
let loadedPage = true;

export const showsLoadedPage = (): boolean => loadedPage;

/** Called once the loaded page's view is on screen (PageEffects): any later view is a navigation's. */
export function leaveLoadedPage(): void {
  loadedPage = false;
}
