import { createElement, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import type { HastChild, HastElement } from '../../schemas/hast.ts';
import { useApp } from '../app/app-context.tsx';
import { useDismiss } from '../hooks/useDismiss.ts';
import { hoverDetails, popoverPlace, signatureLines } from '../lib/code-hover-place.ts';
import { hastPropsToReact } from '../lib/hast.ts';
import { AppLink } from './AppLink.tsx';
import { CODE_HOVER_STRINGS } from './code-hover-strings.ts';
import styles from './CodeHover.module.css';

/** How long a mouse rests on a name before its popover opens, and how long the popover stays once the pointer left. */
export const OPEN_DELAY = 300;
export const CLOSE_DELAY = 200;

export interface CodeHoverProps {
  /** The name's hover text (a `hover-text` element of the page's table). */
  text: HastElement;
  /** The name as highlighted. */
  children: ReactNode;
}

/**
 * A name of a config sample and its popover (a lazy part: loaded after hydration by the code
 * blocks of pages whose samples have hovers, never in a page's first load). It opens after a short rest of the mouse and stays while the pointer is on the name
 * or the popover; a tap or a click toggles it; focusing the name opens it, and the popover's
 * links come next in the tab order. Escape, or a press elsewhere, closes it. The popover is
 * inline in the code (spans only, which `pre` allows) and fixed to the viewport, where it is
 * kept whole.
 */
export function CodeHover({ text, children }: CodeHoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const popover = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const later = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  };
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  useDismiss(wrapper, open, close);
  usePlacement(wrapper, popover, open);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') later(true, open ? 0 : OPEN_DELAY);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') later(false, CLOSE_DELAY);
  };
  const onBlur = (event: FocusEvent) => {
    if (!wrapper.current?.contains(event.relatedTarget as Node | null)) close();
  };
  return (
    <span ref={wrapper} className={styles.wrapper} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} onBlur={onBlur}>
      <button
        type="button"
        className={styles.name}
        aria-expanded={open}
        aria-describedby={open ? id : undefined}
        onFocus={() => {
          clearTimeout(timer.current);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
      >
        {children}
      </button>
      {open && (
        <span ref={popover} id={id} className={styles.popover} data-code-hover="">
          <HoverText text={text} />
        </span>
      )}
    </span>
  );
}

/**
 * A sample's code with its names as CodeHover (`texts`: the page's hover texts, which the names'
 * `data-hover` index); everything else as CodeBlock renders it.
 */
export function renderWithHovers(node: HastChild, key: number, texts: readonly HastElement[]): ReactNode {
  if (node.type === 'text') return node.value;
  const children = node.children.map((child, i) => renderWithHovers(child, i, texts));
  const index = node.properties.dataHover;
  const text = typeof index === 'number' ? texts[index] : undefined;
  if (text) return <CodeHover key={key} text={text}>{children}</CodeHover>;
  return createElement(node.tagName, { ...hastPropsToReact(node.properties), key }, ...children);
}

/** Keeps the open popover under its name (or above it), inside the viewport, as the page scrolls. */
function usePlacement(wrapper: React.RefObject<HTMLSpanElement | null>, popover: React.RefObject<HTMLSpanElement | null>, open: boolean): void {
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const anchor = wrapper.current?.getBoundingClientRect();
      const box = popover.current;
      if (!anchor || !box) return;
      const { left, top } = popoverPlace(anchor, { width: box.offsetWidth, height: box.offsetHeight }, { width: document.documentElement.clientWidth, height: window.innerHeight });
      box.style.left = `${left}px`;
      box.style.top = `${top}px`;
    };
    place();
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [wrapper, popover, open]);
}

/** A hover text: its declaration as code, its description's paragraphs, then its tags, labelled in the reader's language. */
function HoverText({ text }: { text: HastElement }) {
  const { tags } = CODE_HOVER_STRINGS[useApp().lang];
  return (
    <>
      <code className={styles.signature}>{signatureLines(text).map((line, i) => renderInline(line, i))}</code>
      {hoverDetails(text).map((part, i) => {
        const name = String(part.properties.name ?? '') as keyof typeof tags;
        return (
          <span key={i} className={styles.paragraph}>
            {part.tagName === 'hover-tag' && tags[name] && <strong className={styles.tag}>{tags[name]} </strong>}
            {part.children.map((child, j) => renderInline(child, j))}
          </span>
        );
      })}
    </>
  );
}

/** Text, code spans, highlighted tokens and links of a hover text; anything else as its text. */
function renderInline(node: HastChild, key: number): ReactNode {
  if (node.type === 'text') return node.value;
  const children = node.children.map((child, i) => renderInline(child, i));
  if (node.tagName === 'a') return <AppLink key={key} href={String(node.properties.href ?? '#')}>{children}</AppLink>;
  if (node.tagName === 'code' || node.tagName === 'span') return createElement(node.tagName, { ...hastPropsToReact(node.properties), key }, ...children);
  return <span key={key}>{children}</span>;
}
