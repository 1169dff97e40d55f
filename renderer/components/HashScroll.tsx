import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** After a navigation, scroll to the element the URL hash names, 100 ms later. */
export const HASH_SCROLL_DELAY = 100;

export function HashScroll() {
  const router = useRouter();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = router.subscribe('onResolved', (event) => {
      const hash = event.toLocation.hash;
      if (!hash) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const target = document.getElementById(decodeURIComponent(hash));
        target?.scrollIntoView();
      }, HASH_SCROLL_DELAY);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [router]);
  return null;
}
