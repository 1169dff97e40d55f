import { useEffect, useRef } from 'react';

/** Calls `onScroll(scrollY)` at most once per `wait` ms, plus once after the last event (trailing). */
export function useThrottledScroll(onScroll: (y: number) => void, wait: number, enabled = true): void {
  const callback = useRef(onScroll);
  callback.current = onScroll;
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      last = Date.now();
      timer = undefined;
      callback.current(window.scrollY);
    };
    const handler = () => {
      const remaining = wait - (Date.now() - last);
      if (remaining <= 0) run();
      else timer ??= setTimeout(run, remaining);
    };
    window.addEventListener('scroll', handler, { passive: true });
    run();
    return () => {
      window.removeEventListener('scroll', handler);
      if (timer) clearTimeout(timer);
    };
  }, [wait, enabled]);
}
