import { useState } from 'react';
import type { TocItem } from '../../schemas/toc.ts';
import { useApp } from '../app/app-context.tsx';
import { useThrottledScroll } from '../hooks/useThrottledScroll.ts';
import { activeHeadingId } from '../lib/outline.ts';
import styles from './Outline.module.css';

/** The outline's scroll handler runs at most every 100 ms. */
const OUTLINE_THROTTLE = 100;

export function OutlineList({ toc, activeId, onNavigate }: { toc: TocItem[]; activeId: string | null; onNavigate?: () => void }) {
  return (
    <ul className={styles.list}>
      {toc.map((item) => (
        <li key={item.id} data-depth={item.depth}>
          <a href={`#${item.id}`} className={styles.link} aria-current={item.id === activeId ? 'location' : undefined} onClick={onNavigate}>
            {item.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Tracks which heading the reader is at, from the headings' positions (the toc comes from the record). */
export function useActiveHeading(toc: TocItem[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useThrottledScroll(
    () => {
      const offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 80;
      const tops = toc.map((item) => ({ id: item.id, top: document.getElementById(item.id)?.getBoundingClientRect().top ?? Infinity }));
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setActive(activeHeadingId(tops, offset + 8, atBottom));
    },
    OUTLINE_THROTTLE,
    toc.length > 0,
  );
  return active;
}

/** The ON THIS PAGE panel: headings h2–h4 from the record's toc. */
export function Outline({ toc }: { toc: TocItem[] }) {
  const { strings, site, lang } = useApp();
  const activeId = useActiveHeading(toc);
  // A configured title is written in the site language; other languages keep their own string.
  const title = lang === site.lang && site.themeConfig.outlineTitle ? site.themeConfig.outlineTitle : strings.outlineTitle;
  return (
    <nav className={styles.outline} aria-labelledby="outline-title">
      <h2 id="outline-title" className={styles.title}>
        {title}
      </h2>
      <OutlineList toc={toc} activeId={activeId} />
    </nav>
  );
}
