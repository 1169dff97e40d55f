/**
 * The active option of the dialog's list. The first item is active whenever the list changes
 *. The index is kept with the list it belongs to and reset during render, not in an
 * effect: an effect runs after the browser paints, and a reset then would undo an arrow key
 * pressed in between. Key handlers read `current()`, which is up to date before the next render.
 */
import { useCallback, useReducer, useRef } from 'react';

export function useActiveItem<T>(items: T[]): { active: number; setActive(index: number): void; current(): { items: T[]; index: number } } {
  const ref = useRef<{ items: T[]; index: number }>({ items, index: 0 });
  if (ref.current.items !== items) ref.current = { items, index: 0 };
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const setActive = useCallback((index: number) => {
    ref.current = { ...ref.current, index };
    rerender();
  }, []);
  const current = useCallback(() => ref.current, []);
  return { active: ref.current.index, setActive, current };
}
