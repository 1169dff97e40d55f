import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';

// No first page load shows the bar: its code comes with the first client navigation, which
// waits 200 ms before the bar appears anyway. Code that cannot load (offline, or a deploy that
// replaced it) means no bar, never an error in place of the page.
const ProgressBar = lazy(() =>
  import('./ProgressBar.tsx').then(
    (m) => ({ default: m.ProgressBar }),
    () => ({ default: () => null }),
  ),
);

/** The progress bar of page loads, from the first navigation on. */
export function NavigationProgress() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  const [navigated, setNavigated] = useState(false);
  // After hydration (an effect), so that the first render matches the prerendered HTML.
  useEffect(() => {
    if (loading) setNavigated(true);
  }, [loading]);
  return navigated ? (
    <Suspense fallback={null}>
      <ProgressBar />
    </Suspense>
  ) : null;
}
