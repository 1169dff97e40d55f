import { useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import type { HastChild, HastElement } from '../../schemas/hast.ts';
import { useTabsStore } from '../hooks/useTabsStore.ts';
import { nextTabIndex, storedTabIndex } from '../lib/tabs.ts';
import styles from './Tabs.module.css';

/**
 * Tab labels and the selected panel (WAI-ARIA tabs). With a group id the choice is
 * shared and remembered (localStorage `rspress.tabs.<groupId>`); it applies after hydration so the
 * first render matches the prerendered HTML. Without JavaScript every panel shows with its label.
 */
export function Tabs({ element, render }: { element: HastElement; render: (node: HastChild, key: number) => ReactNode }) {
  const tabs = element.children.filter((c): c is HastElement => c.type === 'element' && c.tagName === 'tab');
  const labels = tabs.map((tab) => String(tab.properties.label ?? ''));
  const groupId = typeof element.properties.groupId === 'string' && element.properties.groupId ? element.properties.groupId : null;
  const store = useTabsStore();
  const stored = useSyncExternalStore(
    store.subscribe,
    () => (groupId ? store.read(groupId) : null),
    () => null,
  );
  const [local, setLocal] = useState<number | null>(null);
  const selected = groupId ? storedTabIndex(labels, stored) : (local ?? 0);
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    if (groupId) store.write(groupId, labels[index]!);
    else setLocal(index);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextTabIndex(event.key, selected, tabs.length);
    if (next === null) return;
    event.preventDefault();
    select(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className={styles.tabs} data-group={groupId ?? undefined}>
      <div className={styles.list} role="tablist" onKeyDown={onKeyDown}>
        {labels.map((label, i) => (
          <button
            key={label + i}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-controls={`${id}-panel-${i}`}
            aria-selected={i === selected}
            tabIndex={i === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => select(i)}
          >
            {label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div key={i} role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} className={styles.panel} data-selected={i === selected || undefined}>
          <p className={styles.noJsLabel}>{labels[i]}</p>
          {tab.children.map((child, j) => render(child, j))}
        </div>
      ))}
    </div>
  );
}
