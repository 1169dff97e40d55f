import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useRootStrings } from '../hooks/useRootStrings.ts';
import { PROGRESS, trickle } from '../lib/progress.ts';
import styles from './ProgressBar.module.css';

/**
 * A thin bar shown only when loading a page takes over 200 ms; starts at 0.08,
 * trickles by 0.02 every 800 ms, animates over 200 ms, completes and fades when the page is in.
 */
export function ProgressBar() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  const label = useRootStrings().progress;
  const [value, setValue] = useState<number | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const clear = () => {
      for (const t of timers.current) clearTimeout(t);
      timers.current = [];
    };
    if (loading) {
      timers.current.push(
        setTimeout(() => {
          setValue(PROGRESS.minimum);
          const step = () => {
            setValue((v) => (v === null ? v : trickle(v)));
            timers.current.push(setTimeout(step, PROGRESS.trickleEvery));
          };
          timers.current.push(setTimeout(step, PROGRESS.trickleEvery));
        }, PROGRESS.showDelay),
      );
      return clear;
    }
    clear();
    setValue((v) => {
      if (v === null) return v;
      timers.current.push(setTimeout(() => setValue(null), PROGRESS.speed * 2));
      return 1;
    });
    return clear;
  }, [loading]);

  if (value === null) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={1}
      aria-valuenow={value}
      data-done={value === 1 || undefined}
      style={{ transform: `scaleX(${value})`, transitionDuration: `${PROGRESS.speed}ms` }}
    />
  );
}
