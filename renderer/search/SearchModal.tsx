/**
 * The search dialog (lazy chunk). Screens: start (recent and favourite searches), results
 * grouped by top-level heading, no results, error; status spinner when a search stalls.
 * Keyboard: arrows move the active hit, Enter selects (Ctrl/Cmd: new tab, Shift: new window),
 * Escape closes, Tab stays inside. Highlights are React elements built from text segments.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useAppNavigate, usePreload } from '../app/app-api.ts';
import { flatten, groupHits, suggestions } from './group.ts';
import { enterAction, moveActive, type EnterAction } from './keys.ts';
import type { ListProps } from './HitRow.tsx';
import { ErrorScreen, NoResults } from './MessageScreens.tsx';
import { ModalFooter } from './ModalFooter.tsx';
import { CrossIcon, SearchIcon } from './modal-icons.tsx';
import { ResultList } from './ResultList.tsx';
import { browserStorage, createSavedSearches, type SavedLists } from './saved.ts';
import { clampQuery, MAX_QUERY_LENGTH, type SearchSetup } from './engine/setup.ts';
import { StartScreen } from './StartScreen.tsx';
import { fill, searchStrings } from './strings.ts';
import { trapTab } from './trap-tab.ts';
import type { ModalItem, SearchSource, StoredHit } from './engine/types.ts';
import { useActiveItem } from './useActiveItem.ts';
import { useSearchResults } from './useSearchResults.ts';
import styles from './SearchModal.module.css';

/** Snippets of 10 words, 5 on screens up to 768 px. */
const NARROW = '(max-width: 768px)';

export interface SearchModalProps {
  setup: SearchSetup;
  /** Where hits come from: one per setup for the page's life (session.ts). */
  source: SearchSource;
  initialQuery: string;
  /** Whether the opening query is selected, so that typing replaces it (selected page text), or the caret follows it (letters typed). */
  selectInitial: boolean;
  /** Closes the dialog. */
  onClose(): void;
}

export default function SearchModal({ setup, source, initialQuery, selectInitial, onClose }: SearchModalProps) {
  const strings = searchStrings[setup.lang];
  const saved = useMemo(() => createSavedSearches(browserStorage, source.indexName), [source]);
  const navigate = useAppNavigate();
  const preload = usePreload();
  const [query, setQuery] = useState(() => clampQuery(initialQuery));
  const [lists, setLists] = useState<SavedLists>(() => saved.read());
  const [narrow] = useState(() => window.matchMedia(NARROW).matches);
  const { status, response, responseQuery } = useSearchResults(source, query, narrow ? 5 : 10);
  const [lastGroups, setLastGroups] = useState<string[]>([]);
  const [indexHeadings, setIndexHeadings] = useState<string[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const hasQuery = query.trim() !== '';
  const groups = useMemo(() => (hasQuery && response ? groupHits(response.hits) : []), [hasQuery, response]);
  const items: ModalItem[] = useMemo(() => {
    if (hasQuery) return flatten(groups).map((hit) => ({ kind: 'hit', hit }));
    return [...lists.recent.map((hit) => ({ kind: 'recent' as const, hit })), ...lists.favorite.map((hit) => ({ kind: 'favorite' as const, hit }))];
  }, [hasQuery, groups, lists]);

  const { active, setActive, current } = useActiveItem(items);
  useEffect(() => {
    if (groups.length) setLastGroups(groups.map((g) => g.title));
  }, [groups]);
  useEffect(() => {
    source.topLevelHeadings?.().then(setIndexHeadings, () => undefined);
  }, [source]);

  const close = useCallback(() => onClose(), [onClose]);

  // Focus the input, select an opening query (selected text) so typing replaces it, lock page scrolling.
  useEffect(() => {
    const input = inputRef.current;
    input?.focus();
    if (selectInitial) input?.select();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [initialQuery, selectInitial]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  /** A chosen hit goes to the top of the recent searches (a favourite stays where it is). */
  function remember(item: ModalItem) {
    if (item.kind !== 'favorite') setLists(saved.addRecent(item.hit));
  }

  function select(item: ModalItem, action: EnterAction) {
    remember(item);
    if (action === 'newTab') {
      window.open(item.hit.url, '_blank', 'noopener');
      return;
    }
    if (action === 'newWindow') {
      window.open(item.hit.url, '_blank', 'noopener,popup');
      return;
    }
    close();
    navigate(item.hit.url);
  }

  /** A click or an auxiliary click on an option, which is the hit's link (HitRow.tsx). */
  function onOptionClick(event: MouseEvent<HTMLAnchorElement>, item: ModalItem) {
    // The context menu's button (and any other) chooses nothing. Modified and middle clicks keep
    // the browser's own behaviour (new tab, new window, download); the hit is remembered all the same.
    if (event.button > 1) return;
    if (event.button === 1 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      remember(item);
      return;
    }
    event.preventDefault();
    select(item, 'navigate');
  }

  /**
   * A saved search's button changes the lists, then focus goes back to the input: the button may
   * be gone with its row, and focus with it, out of the dialog (Escape, arrows and Tab lost).
   */
  function changeSaved(change: (objectID: string) => SavedLists) {
    return (hit: StoredHit) => {
      setLists(change(hit.objectID));
      inputRef.current?.focus();
    };
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const { items: list, index } = current();
      setActive(moveActive(index, list.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const { items: list, index } = current();
      const item = list[index];
      // Submitting with nothing to select closes the dialog (submit closes).
      if (item) select(item, enterAction(event));
      else close();
    }
  }

  function onDialogKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      trapTab(event, dialogRef.current);
    }
  }

  const activeItem = items[active];
  const optionId = (i: number) => `${id}-item-${i}`;
  const listId = `${id}-list`;
  const showResults = hasQuery && response !== null && responseQuery !== '' && status !== 'error';
  const noResults = showResults && response.hits.length === 0 && responseQuery === query;

  // What the start screen's list and the results list share: options, the active one, their clicks.
  const listProps: ListProps = { listId, active, optionId, onActive: setActive, onClick: onOptionClick, onPreload: preload, listRef };
  let screen: ReactNode;
  if (status === 'error') {
    screen = <ErrorScreen strings={strings} />;
  } else if (!hasQuery) {
    screen = (
      <StartScreen
        strings={strings}
        lists={lists}
        {...listProps}
        onPromote={changeSaved(saved.promote)}
        onRemoveRecent={changeSaved(saved.removeRecent)}
        onRemoveFavorite={changeSaved(saved.removeFavorite)}
      />
    );
  } else if (noResults) {
    screen = (
      <NoResults
        strings={strings}
        query={query}
        suggestions={suggestions(lastGroups, indexHeadings, query)}
        missingResultsUrl={setup.missingResultsUrl}
        onSuggest={(q) => {
          setQuery(clampQuery(q));
          inputRef.current?.focus();
        }}
      />
    );
  } else if (showResults) {
    screen = (
      <ResultList
        groups={groups}
        label={strings.results}
        idPrefix={id}
        {...listProps}
      />
    );
  } else {
    screen = null;
  }

  return createPortal(
    <div
      className={styles.overlay}
      data-search-overlay=""
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label={strings.dialog}
        className={styles.modal}
        onKeyDown={onDialogKeyDown}
        onBlur={(e) => {
          // Focus moving out of the dialog closes it (blur closes); focus leaving the
          // window (relatedTarget null) does not.
          if (e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) close();
        }}
      >
        <div className={styles.header}>
          <form
            role="search"
            className={styles.form}
            onSubmit={(e) => e.preventDefault()}
            onReset={(e) => {
              e.preventDefault();
              setQuery('');
              inputRef.current?.focus();
            }}
          >
            <label htmlFor={`${id}-input`} className={styles.label}>
              <span className={styles.visuallyHidden}>{strings.inputLabel}</span>
              {status === 'stalled' ? <span className={styles.spinner} role="status" aria-label={strings.loading} /> : <SearchIcon />}
            </label>
            <input
              ref={inputRef}
              id={`${id}-input`}
              className={styles.input}
              type="search"
              role="combobox"
              aria-expanded={items.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeItem ? optionId(active) : undefined}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="search"
              placeholder={strings.placeholder}
              maxLength={MAX_QUERY_LENGTH}
              value={query}
              onChange={(e) => setQuery(clampQuery(e.target.value))}
              onKeyDown={onInputKeyDown}
            />
            <button type="reset" className={styles.reset} title={strings.clear} aria-label={strings.clear} hidden={!query}>
              <CrossIcon />
            </button>
          </form>
          <button type="button" className={styles.cancel} onClick={close}>
            {strings.cancel}
          </button>
        </div>
        <div className={styles.dropdown} data-status={status}>
          {screen}
        </div>
        <div className={styles.visuallyHidden} aria-live="polite">
          {showResults && responseQuery === query ? fill(strings.resultCount, { count: response.hits.length }) : ''}
        </div>
        <ModalFooter strings={strings} />
      </div>
    </div>,
    document.body,
  );
}

