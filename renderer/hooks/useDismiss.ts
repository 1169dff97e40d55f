import { useLayoutEffect, type RefObject } from 'react';

/**
 * Closes a popup on Escape and on a pointer down outside `ref`. The listeners are attached in the
 * commit that opens the popup (a layout effect): React may run passive effects after the browser
 * paints, and an Escape pressed right after opening must still close it.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [ref, open, close]);
}
