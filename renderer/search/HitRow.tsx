/**
 * One hit of the dialog's lists (results, and recent or favourite searches on the start screen):
 * an option of the listbox, a link to the hit's page or section.
 */
import type { MouseEvent, ReactNode, RefObject } from 'react';
import { Highlighted, hitParts, Path } from './HitText.tsx';
import { PageIcon, TextIcon } from './modal-icons.tsx';
import type { ModalItem } from './engine/types.ts';
import styles from './SearchModal.module.css';

/** What a list of the dialog (results, start screen) hands each of its rows: SearchModal's listProps. */
export interface ListProps {
  listId: string;
  active: number;
  optionId(i: number): string;
  onActive(i: number): void;
  onClick(e: MouseEvent<HTMLAnchorElement>, item: ModalItem): void;
  onPreload(url: string): void;
  listRef: RefObject<HTMLDivElement | null>;
}

export interface HitRowProps {
  list: ListProps;
  /** Its place among the list's options. */
  index: number;
  /** A result (with its highlights and snippet), or a saved search. */
  item: ModalItem;
  /** Before the hit; the icon of its type unless given (a saved search's clock or star). */
  icon?: ReactNode;
  /** After the link, instead of the Enter mark (a saved search's buttons). */
  actions?: ReactNode;
}

export function HitRow({ list, index, item, icon, actions }: HitRowProps) {
  const { hit } = item;
  const active = index === list.active;
  const { title, path, snippet } = hitParts(hit);
  return (
    <div
      id={list.optionId(index)}
      role="option"
      aria-selected={active}
      data-index={index}
      className={styles.hit}
      onMouseMove={() => {
        if (!active) list.onActive(index);
      }}
    >
      <a href={hit.url} tabIndex={-1} className={styles.hitLink} onClick={(e) => list.onClick(e, item)} onMouseEnter={() => list.onPreload(hit.url)}>
        <span className={styles.hitIcon} aria-hidden="true">
          {icon ?? (hit.type === 'lvl1' ? <PageIcon /> : hit.type === 'content' ? <TextIcon /> : '#')}
        </span>
        <span className={styles.hitBody}>
          <span className={styles.hitTitle} data-snippet={hit.type === 'content' ? '' : undefined}>
            <Highlighted segments={title} />
          </span>
          <Path path={path} />
          {snippet && snippet.length > 0 && (
            <span className={styles.snippet} data-snippet="">
              <Highlighted segments={snippet} />
            </span>
          )}
        </span>
        {!actions && (
          <span className={styles.enter} aria-hidden="true">
            ↵
          </span>
        )}
      </a>
      {actions && <span className={styles.actions}>{actions}</span>}
    </div>
  );
}

