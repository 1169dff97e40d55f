import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * false while rendering on the server and during hydration, true afterwards. Anything that
 * depends on the browser (query string, storage, real URL of the 404 page) waits for it, so the
 * hydration render is identical to the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
