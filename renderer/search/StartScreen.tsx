/**
 * The start screen: recent searches, which can be saved as favourites or removed,
 * and favourites, which can be removed; a line saying there are none yet otherwise.
 *
 * A listbox owns options and groups only, so a saved search's buttons are not in its option: they
 * follow the listbox, in a column of their own, each set on the row of the option it acts on (a
 * grid the listbox and the column share, SearchModal.module.css) and named after that search.
 * The keyboard reaches them with Tab, as any button; arrows and Enter stay on the options.
 */
import type { CSSProperties, ReactNode } from 'react';
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

/** A saved search's button: its name says what it does and to which search (it is not inside the option). */
function Action({ label, search, onClick, icon }: { label: string; search: string; onClick(): void; icon: ReactNode }) {
  return (
    <button type="button" className={styles.action} title={label} aria-label={`${label}: ${search}`} onClick={onClick}>
      {icon}
    </button>
  );
}

/** How many grid rows a part of the screen spans (custom property read by the stylesheet). */
const rows = (count: number) => ({ '--rows': count }) as CSSProperties;

export function StartScreen(props: StartScreenProps) {
  const { strings, lists, listId, listRef } = props;
  if (!lists.recent.length && !lists.favorite.length) {
    return (
      <div className={styles.message}>
        <p className={styles.messageTitle}>{strings.noRecent}</p>
      </div>
    );
  }
  const sections = [
    { kind: 'recent' as const, title: strings.recent, hits: lists.recent },
    { kind: 'favorite' as const, title: strings.favorite, hits: lists.favorite },
  ].filter((s) => s.hits.length);

  // Walks the sections once: each option's index among the options, its row in the grid (a
  // section's title takes a row), and its buttons for the column beside the listbox.
  let index = 0;
  let row = 0;
  const actions: ReactNode[] = [];
  const groups = sections.map((section) => {
    row++;
    const options = section.hits.map((hit) => {
      const at = index++;
      row++;
      const name = hitParts(hit).title.map((s) => s.text).join('');
      actions.push(
        // Pointing at the buttons keeps their option the active one, as when they were inside it.
        <span
          key={hit.objectID}
          className={styles.actions}
          style={{ gridRow: row }}
          onMouseMove={() => {
            if (at !== props.active) props.onActive(at);
          }}
        >
          {section.kind === 'recent' ? (
            <>
              <Action label={strings.saveRecent} search={name} onClick={() => props.onPromote(hit)} icon={<StarIcon />} />
              <Action label={strings.removeRecent} search={name} onClick={() => props.onRemoveRecent(hit)} icon={<CrossIcon />} />
            </>
          ) : (
            <Action label={strings.removeFavorite} search={name} onClick={() => props.onRemoveFavorite(hit)} icon={<CrossIcon />} />
          )}
        </span>,
      );
      return <HitRow key={hit.objectID} list={props} index={at} item={{ kind: section.kind, hit }} icon={section.kind === 'recent' ? <ClockIcon /> : <StarIcon />} enterMark={false} />;
    });
    return (
      <section key={section.kind} role="group" aria-labelledby={`${listId}-${section.kind}`} className={styles.group} data-saved={section.kind} style={rows(section.hits.length + 1)}>
        <div id={`${listId}-${section.kind}`} className={styles.groupTitle}>
          {section.title}
        </div>
        {options}
      </section>
    );
  });

  return (
    <div className={styles.saved} style={rows(row)}>
      <div ref={listRef} id={listId} role="listbox" aria-label={strings.results} className={styles.results}>
        {groups}
      </div>
      <div className={styles.savedActions}>{actions}</div>
    </div>
  );
}
