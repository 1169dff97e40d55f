import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useApp } from '../app/app-context.tsx';
import styles from './ZoomImage.module.css';

/** The zoomed image closes on Escape, click, resize, or a scroll of more than 40 px. */
export const ZOOM_SCROLL_OFFSET = 40;

export function ZoomImage({ props, zoom }: { props: Record<string, unknown>; zoom: boolean }) {
  const { strings } = useApp();
  const [open, setOpen] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const img = <img loading="lazy" decoding="async" {...props} />;

  // A layout effect: listeners and focus are in place in the commit that opens the dialog.
  useLayoutEffect(() => {
    if (!open) return;
    // Focus moves into the dialog (the `autofocus` attribute is ignored once a page has focus).
    closeButton.current?.focus({ preventScroll: true });
    const startY = window.scrollY;
    const close = () => setOpen(false);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onScroll = () => {
      if (Math.abs(window.scrollY - startY) > ZOOM_SCROLL_OFFSET) close();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', onScroll);
    };
  }, [open]);

  if (!zoom) return img;
  const alt = typeof props.alt === 'string' ? props.alt : '';
  return (
    <>
      <button type="button" className={styles.trigger} aria-label={alt ? `${strings.zoomImage}: ${alt}` : strings.zoomImage} onClick={() => setOpen(true)}>
        {img}
      </button>
      {open &&
        createPortal(
          <div className={styles.overlay} role="dialog" aria-modal="true" aria-label={alt || strings.zoomImage} data-testid="image-zoom" onClick={() => setOpen(false)}>
            <img className={styles.zoomed} src={String(props.src ?? '')} alt={alt} />
            <button ref={closeButton} type="button" className="sr-only" onClick={() => setOpen(false)}>
              {strings.closeImage}
            </button>
          </div>,
          document.body,
        )}
    </>
  );
}
