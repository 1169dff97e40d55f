import { useCallback, useEffect, useRef, useState } from 'react';

/** Dropdowns open on hover and close 150 ms after the pointer leaves. */
export const MENU_CLOSE_DELAY = 150;

export function useHoverMenu(closeDelay = MENU_CLOSE_DELAY) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = undefined;
  };
  const show = useCallback(() => {
    cancel();
    setOpen(true);
  }, []);
  const hide = useCallback(() => {
    cancel();
    setOpen(false);
  }, []);
  const scheduleHide = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => setOpen(false), closeDelay);
  }, [closeDelay]);
  useEffect(() => cancel, []);
  return { open, setOpen, show, hide, scheduleHide };
}

/**
 * A hover menu after a click on its trigger. The pointer that clicks has hovered the trigger
 * first, which opened the menu (at once, or after a short delay): its click keeps the menu open,
 * where toggling closed what the hover had just opened (and, with a delay, whichever came first
 * decided). A click from the keyboard (`detail` 0) toggles it.
 */
export function openAfterClick(detail: number, open: boolean): boolean {
  return detail === 0 ? !open : true;
}
