import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ProgressBar as ProgressBarComponent } from './ProgressBar.tsx';

/**
 * The progress bar of page loads. No first page load shows it: its code comes with the first
 * client navigation, which waits 200 ms before the bar appears anyway. Code that cannot load
 * (offline, or a deploy that replaced it) means no bar, never an error in place of the page.
 */
export function NavigationProgress() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  const [Bar, setBar] = useState<typeof ProgressBarComponent | null>(null);
  // An effect, after hydration: the first render matches the prerendered HTML (no bar).
  useEffect(() => {
    if (loading && !Bar) void import('./ProgressBar.tsx').then((m) => setBar(() => m.ProgressBar), () => undefined);
  }, [loading, Bar]);
  return Bar ? <Bar /> : null;
}
