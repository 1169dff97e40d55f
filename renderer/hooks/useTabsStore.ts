import { useRouter } from '@tanstack/react-router';
import type { TabsStore } from '../lib/tabs-store.ts';

/** The app's store of chosen tabs (lib/tabs-store.ts), kept in the router's context. */
export function useTabsStore(): TabsStore {
  return useRouter().options.context.tabs;
}
