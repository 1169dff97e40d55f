/**
 * One hit of the results list: an option of the listbox, a link to the hit's page or section.
 */
import type { MouseEvent } from 'react';
import { Highlighted, hitParts, Path } from './HitText.tsx';
import { PageIcon, TextIcon } from './modal-icons.tsx';
import type { ModalHit } from './types.ts';
import styles from './SearchModal.module.css';

export interface HitRowProps {
  id: string;
  index: number;
  hit: ModalHit;
  active: boolean;
  onActive(i: number): void;
  onClick(e: MouseEvent<HTMLAnchorElement>): void;
  onPreload(url: string): void;
}

export function HitRow({ id, index, hit, active, onActive, onClick, onPreload }: HitRowProps) {
  const { title, path, snippet } = hitParts(hit);
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      data-index={index}
      className={styles.hit}
      onMouseMove={() => {
        if (!active) onActive(index);
      }}
    >
      <a href={hit.url} tabIndex={-1} className={styles.hitLink} onClick={onClick} onMouseEnter={() => onPreload(hit.url)}>
        <span className={styles.hitIcon} aria-hidden="true">
          {hit.type === 'lvl1' ? <PageIcon /> : hit.type === 'content' ? <TextIcon /> : '#'}
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
        <span className={styles.enter} aria-hidden="true">
          ↵
        </span>
      </a>
    </div>
  );
}

