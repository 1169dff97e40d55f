import { useState } from 'react';
import { useApp } from '../app/app-context.tsx';
import { useThrottledScroll } from '../hooks/useThrottledScroll.ts';
import { ArrowUpIcon } from './Icons.tsx';
import styles from './ScrollToTop.module.css';

/** Appears once the page is scrolled past the top. */
export function ScrollToTop() {
  const { strings } = useApp();
  const [visible, setVisible] = useState(false);
  useThrottledScroll((y) => setVisible(y > 0), 100);
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={strings.scrollToTop}
      title={strings.scrollToTop}
      hidden={!visible}
      onClick={() => window.scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  );
}
