import { useId, useRef, type ReactNode } from 'react';
import { useDismiss } from '../hooks/useDismiss.ts';
import { openAfterClick, useHoverMenu } from '../hooks/useHoverMenu.ts';
import { ChevronDownIcon } from './Icons.tsx';
import styles from './NavMenu.module.css';

interface Props {
  label: ReactNode;
  /** Accessible name when the label is not text alone. */
  ariaLabel?: string;
  active?: boolean;
  align?: 'start' | 'end';
  children: ReactNode;
}

/**
 * A dropdown of the nav bar: opens on hover (closes 150 ms after the pointer leaves), on click
 * and from the keyboard (Enter/Space, Escape closes and returns focus).
 */
export function NavMenu({ label, ariaLabel, active, align = 'start', children }: Props) {
  const { open, setOpen, show, hide, scheduleHide } = useHoverMenu();
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useDismiss(ref, open, () => {
    hide();
    button.current?.focus();
  });
  return (
    <div
      ref={ref}
      className={styles.menu}
      onMouseEnter={show}
      onMouseLeave={scheduleHide}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) hide();
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        data-active={active || undefined}
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={(event) => setOpen(openAfterClick(event.detail, open))}
      >
        {label}
        <ChevronDownIcon className={styles.chevron} />
      </button>
      <div id={id} className={styles.panel} data-align={align} hidden={!open} onClick={hide}>
        {children}
      </div>
    </div>
  );
}
