/** The query's hits as a listbox, in groups by top-level heading. */
import type { HitGroup } from './group.ts';
import { HitRow, type ListProps } from './HitRow.tsx';
import styles from './SearchModal.module.css';

export interface ResultListProps extends ListProps {
  groups: HitGroup[];
  label: string;
  /** Prefix of the group titles' ids. */
  idPrefix: string;
}

export function ResultList(props: ResultListProps) {
  const { groups, label, listId, idPrefix, listRef } = props;
  let index = 0;
  return (
    <div ref={listRef} id={listId} role="listbox" aria-label={label} className={styles.results}>
      {groups.map((group, g) => (
        // Ids from the position: a title may hold spaces, which aria-labelledby reads as a list.
        <section key={group.title} role="group" aria-labelledby={`${idPrefix}-g-${g}`} className={styles.group}>
          <div id={`${idPrefix}-g-${g}`} className={styles.groupTitle}>
            {group.title}
          </div>
          {group.hits.map((hit) => (
            <HitRow key={hit.objectID} list={props} index={index++} item={{ kind: 'hit', hit }} />
          ))}
        </section>
      ))}
    </div>
  );
}
