/** The query's hits as a listbox, in groups by top-level heading (spec 2.8). */
import type { MouseEvent, RefObject } from 'react';
import type { HitGroup } from './group.ts';
import { HitRow } from './HitRow.tsx';
import type { ModalItem } from './types.ts';
import styles from './SearchModal.module.css';

export interface ResultListProps {
  groups: HitGroup[];
  label: string;
  listId: string;
  /** Prefix of the group titles' ids. */
  idPrefix: string;
  active: number;
  optionId(i: number): string;
  onActive(i: number): void;
  onClick(e: MouseEvent<HTMLAnchorElement>, item: ModalItem): void;
  onPreload(url: string): void;
  listRef: RefObject<HTMLDivElement | null>;
}

export function ResultList({ groups, label, listId, idPrefix, active, optionId, onActive, onClick, onPreload, listRef }: ResultListProps) {
  let index = 0;
  return (
    <div ref={listRef} id={listId} role="listbox" aria-label={label} className={styles.results}>
      {groups.map((group, g) => (
        // Ids from the position: a title may hold spaces, which aria-labelledby reads as a list.
        <section key={group.title} role="group" aria-labelledby={`${idPrefix}-g-${g}`} className={styles.group}>
          <div id={`${idPrefix}-g-${g}`} className={styles.groupTitle}>
            {group.title}
          </div>
          {group.hits.map((hit) => {
            const i = index++;
            const item: ModalItem = { kind: 'hit', hit };
            return (
              <HitRow
                key={hit.objectID}
                id={optionId(i)}
                index={i}
                hit={hit}
                active={i === active}
                onActive={onActive}
                onClick={(e) => onClick(e, item)}
                onPreload={onPreload}
              />
            );
          })}
        </section>
      ))}
    </div>
  );
}
