/**
 * The start screen: recent searches, which can be saved as favourites or removed,
 * and favourites, which can be removed; a line saying there are none yet otherwise.
 */
import { hitParts } from './HitText.tsx';
import { HitRow, type ListProps } from './HitRow.tsx';
import { ClockIcon, CrossIcon, StarIcon } from './modal-icons.tsx';
import type { SavedLists } from './saved.ts';
import type { SearchStrings } from './strings.ts';
import type { StoredHit } from './engine/types.ts';
import styles from './SearchModal.module.css';

export interface StartScreenProps extends ListProps {
  strings: SearchStrings;
  lists: SavedLists;
  onPromote(hit: StoredHit): void;
  onRemoveRecent(hit: StoredHit): void;
  onRemoveFavorite(hit: StoredHit): void;
}

export function StartScreen(props: StartScreenProps) {
  const { strings, lists, listId, listRef } = props;
  if (!lists.recent.length && !lists.favorite.length) {
    return (
      <div className={styles.message}>
        <p className={styles.messageTitle}>{strings.noRecent}</p>
      </div>
    );
  }
  const sections: { kind: 'recent' | 'favorite'; title: string; hits: StoredHit[] }[] = [
    { kind: 'recent', title: strings.recent, hits: lists.recent },
    { kind: 'favorite', title: strings.favorite, hits: lists.favorite },
  ];
  let index = 0;
  return (
    <div ref={listRef} id={listId} role="listbox" aria-label={strings.results} className={styles.results}>
      {sections
        .filter((s) => s.hits.length)
        .map((section) => (
          <section key={section.kind} role="group" aria-labelledby={`${listId}-${section.kind}`} className={styles.group} data-saved={section.kind}>
            <div id={`${listId}-${section.kind}`} className={styles.groupTitle}>
              {section.title}
            </div>
            {section.hits.map((hit) => {
              const name = hitParts(hit).title.map((s) => s.text).join('');
              return (
                <HitRow
                  key={hit.objectID}
                  list={props}
                  index={index++}
                  item={{ kind: section.kind, hit }}
                  icon={section.kind === 'recent' ? <ClockIcon /> : <StarIcon />}
                  actions={
                    section.kind === 'recent' ? (
                      <>
                        <button type="button" className={styles.action} title={strings.saveRecent} aria-label={`${strings.saveRecent}: ${name}`} onClick={() => props.onPromote(hit)}>
                          <StarIcon />
                        </button>
                        <button type="button" className={styles.action} title={strings.removeRecent} aria-label={`${strings.removeRecent}: ${name}`} onClick={() => props.onRemoveRecent(hit)}>
                          <CrossIcon />
                        </button>
                      </>
                    ) : (
                      <button type="button" className={styles.action} title={strings.removeFavorite} aria-label={`${strings.removeFavorite}: ${name}`} onClick={() => props.onRemoveFavorite(hit)}>
                        <CrossIcon />
                      </button>
                    )
                  }
                />
              );
            })}
          </section>
        ))}
    </div>
  );
}

