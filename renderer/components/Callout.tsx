import type { ReactNode } from 'react';
import type { HastChild, HastElement } from '../../schemas/hast.ts';
import { useApp } from '../app/app-context.tsx';
import styles from './Callout.module.css';

type CalloutType = 'tip' | 'note' | 'info' | 'warning' | 'danger' | 'details';
const TYPES: CalloutType[] = ['tip', 'note', 'info', 'warning', 'danger', 'details'];

export function Callout({ element, render }: { element: HastElement; render: (node: HastChild, key: number) => ReactNode }) {
  const { strings } = useApp();
  const raw = String(element.properties.type ?? 'note');
  const type: CalloutType = (TYPES as string[]).includes(raw) ? (raw as CalloutType) : 'note';
  const title = typeof element.properties.title === 'string' && element.properties.title ? element.properties.title : strings.callout[type];
  const body = element.children.map((child, i) => render(child, i));
  if (type === 'details') {
    return (
      <details className={styles.callout} data-type={type}>
        <summary className={styles.title}>{title}</summary>
        <div className={styles.body}>{body}</div>
      </details>
    );
  }
  return (
    // A note inside the page's text, not a landmark: an <aside> is one (complementary) to
    // validators, and a page of callouts had many landmarks of no name.
    <div role="note" className={styles.callout} data-type={type}>
      <p className={styles.title}>{title}</p>
      <div className={styles.body}>{body}</div>
    </div>
  );
}
