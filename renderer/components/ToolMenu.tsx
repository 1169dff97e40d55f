import { useId, useRef, useState, type CSSProperties } from 'react';
import { useApp } from '../app/app-context.tsx';
import { useDismiss } from '../hooks/useDismiss.ts';
import { openAfterClick } from '../hooks/useHoverMenu.ts';
import { showcaseLang, toolCard } from '../lib/tools.ts';
import { GridIcon } from './Icons.tsx';
import iconButton from '../styles/icon-button.module.css';
import styles from './ToolMenu.module.css';

/** Popover hover delay 0.1 s. */
const HOVER_DELAY = 100;

/** The small grid icon opens a popover (below-left, no arrow) listing the tools and one extra link. */
export function ToolMenu() {
  const { site, strings, pathname } = useApp();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  useDismiss(ref, open, () => setOpen(false));
  const showcase = site.toolShowcase;
  if (!showcase) return null;
  const lang = showcaseLang(pathname);
  const delayed = (value: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(value), HOVER_DELAY);
  };
  return (
    <div ref={ref} className={styles.wrap} onMouseEnter={() => delayed(true)} onMouseLeave={() => delayed(false)}>
      <button
        type="button"
        className={`${iconButton.iconButton} ${iconButton.square} ${styles.trigger}`}
        aria-label={strings.toolMenu}
        aria-expanded={open}
        aria-controls={id}
        onClick={(event) => {
          clearTimeout(timer.current);
          setOpen(openAfterClick(event.detail, open));
        }}
      >
        <GridIcon />
      </button>
      <div id={id} className={styles.popover} hidden={!open} role="group" aria-label={strings.toolMenu}>
        {[...showcase.tools, showcase.more].map((tool) => {
          const card = toolCard(tool, lang);
          return (
            <a key={tool.name} className={styles.item} href={card.url} target="_blank" rel="noopener noreferrer">
              <img src={card.logo} alt="" width={28} height={28} loading="lazy" style={{ '--logo-scale': card.logoScale } as CSSProperties} />
              <span>
                <span className={styles.name}>{card.name}</span>
                <span className={styles.desc}>{card.desc}</span>
              </span>
            </a>
          );
        })}
      </div>
    </div>
  );
}
