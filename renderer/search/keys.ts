/**
 * Keyboard rules of the search (pure predicates over key-event fields).
 */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
}

/** Ctrl+K, or Cmd+K on a Mac (either is accepted everywhere: keyboards lie about platforms). */
export function isOpenShortcut(e: KeyLike): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}

export interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
}

/** Where `/` must keep its meaning: inputs, selects, textareas and editable areas. */
export function isEditableTarget(target: TargetLike | null): boolean {
  if (!target) return false;
  const tag = (target.tagName ?? '').toUpperCase();
  return tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || target.isContentEditable === true;
}

export function isSlashShortcut(e: KeyLike, target: TargetLike | null): boolean {
  return e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isEditableTarget(target);
}

/** A letter or digit typed with no modifier while the search button has focus: opens with it. */
export function typedCharacter(e: KeyLike): string | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return null;
  return e.key.length === 1 && /^[\p{L}\p{N}]$/u.test(e.key) ? e.key : null;
}

/**
 * The opening query after a key typed while the dialog is still loading: a printable key is added,
 * Backspace takes the last character off; null for any other key (it is not the query's).
 */
export function queryAfterKey(query: string, e: KeyLike): string | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key.length === 1) return query + e.key;
  return e.key === 'Backspace' ? query.slice(0, -1) : null;
}

/** What Enter does to the active hit. */
export type EnterAction = 'navigate' | 'newTab' | 'newWindow';
export function enterAction(e: KeyLike): EnterAction {
  if (e.ctrlKey || e.metaKey) return 'newTab';
  if (e.shiftKey) return 'newWindow';
  return 'navigate';
}

/** Next active index for an arrow key, wrapping at both ends; -1 when there is nothing. */
export function moveActive(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (current < 0) return key === 'ArrowDown' ? 0 : count - 1;
  return key === 'ArrowDown' ? (current + 1) % count : (current - 1 + count) % count;
}
