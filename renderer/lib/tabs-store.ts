import { tabsStorageKey } from './tabs.ts';

/**
 * The chosen tab label per group id, shared by every tab set of that group and persisted in
 * localStorage (`rspress.tabs.<groupId>`). One per app, in the router's context (see
 * hooks/useTabsStore.ts): it outlives page changes, as a choice should. Storage failures are
 * ignored: the choice then lasts as long as the app.
 */
export interface TabsStore {
  read(groupId: string): string | null;
  write(groupId: string, label: string): void;
  /** For useSyncExternalStore: calls `listener` on every choice, here or in another tab of the browser. */
  subscribe(listener: () => void): () => void;
}

export function createTabsStore(): TabsStore {
  const memory = new Map<string, string>();
  const listeners = new Set<() => void>();
  return {
    read(groupId) {
      if (memory.has(groupId)) return memory.get(groupId)!;
      try {
        return localStorage.getItem(tabsStorageKey(groupId));
      } catch {
        return null;
      }
    },
    write(groupId, label) {
      memory.set(groupId, label);
      try {
        localStorage.setItem(tabsStorageKey(groupId), label);
      } catch {
        // storage unavailable
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key?.startsWith('rspress.tabs.')) {
          memory.clear();
          listener();
        }
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
