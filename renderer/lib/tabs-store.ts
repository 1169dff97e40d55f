import { tabsStorageKey } from './tabs.ts';

/**
 * The chosen tab label per group id, shared by every tab set of that group on the page and
 * persisted in localStorage (`rspress.tabs.<groupId>`). Storage failures are ignored: the choice
 * then lasts for the page only.
 */
const memory = new Map<string, string>();
const listeners = new Set<() => void>();

export function readTab(groupId: string): string | null {
  if (memory.has(groupId)) return memory.get(groupId)!;
  try {
    return localStorage.getItem(tabsStorageKey(groupId));
  } catch {
    return null;
  }
}

export function writeTab(groupId: string, label: string): void {
  memory.set(groupId, label);
  try {
    localStorage.setItem(tabsStorageKey(groupId), label);
  } catch {
    // storage unavailable
  }
  for (const listener of listeners) listener();
}

export function subscribeTabs(listener: () => void): () => void {
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
}
