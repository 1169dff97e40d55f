/**
 * One hit of the dialog's lists (results, and recent or favourite searches on the start screen):
 * an option of the listbox that is itself the link to the hit's page or section. A link may take
 * the option role (ARIA in HTML), so nothing interactive sits inside the option, and the reader
 * keeps what a link gives: a modified or middle click opens a new tab or window, the context menu
 * offers the link, it can be dragged.
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
  /** A click or an auxiliary (middle) click on an option. */
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
  /** The Enter mark the active option shows; a saved search has its buttons there instead. */
  enterMark?: boolean;
}

export function HitRow({ list, index, item, icon, enterMark = true }: HitRowProps) {
  const { hit } = item;
  const active = index === list.active;
  const { title, path, snippet } = hitParts(hit);
  return (
    <a
      id={list.optionId(index)}
      role="option"
      aria-selected={active}
      data-index={index}
      href={hit.url}
      tabIndex={-1}
      className={styles.hit}
      onMouseMove={() => {
        if (!active) list.onActive(index);
      }}
      onMouseEnter={() => list.onPreload(hit.url)}
      onClick={(e) => list.onClick(e, item)}
      onAuxClick={(e) => list.onClick(e, item)}
    >
      <span className={styles.hitMain}>
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
        {enterMark && (
          <span className={styles.enter} aria-hidden="true">
            ↵
          </span>
        )}
      </span>
    </a>
  );
}
