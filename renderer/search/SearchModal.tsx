/**
 * The search dialog (lazy chunk). Screens: start (recent and favourite searches), results
 * grouped by top-level heading, no results, error; status spinner when a search stalls.
 * Keyboard: arrows move the active hit, Enter selects (Ctrl/Cmd: new tab, Shift: new window),
 * Escape closes, Tab stays inside. Highlights are React elements built from text segments.
 */
import { Fragment, useCallback, useEffect, useId, useMemo, useReducer, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useAppNavigate, usePreload } from '../app-api.ts';
import { flatten, groupHits, suggestions } from './group.ts';
import { enterAction, moveActive, type EnterAction } from './keys.ts';
import { browserStorage, createSavedSearches, type SavedLists } from './saved.ts';
import { clampQuery, MAX_QUERY_LENGTH, type SearchSetup } from './setup.ts';
import { fill, searchStrings, type SearchStrings } from './strings.ts';
import { LEVELS, type Level, type ModalHit, type SearchSource, type Segment, type StoredHit } from './types.ts';
import { useSearchResults } from './useSearchResults.ts';
import styles from './SearchModal.module.css';

/** Spec 9: snippets of 10 words, 5 on screens up to 768 px. */
const NARROW = '(max-width: 768px)';

export interface SearchModalProps {
  setup: SearchSetup;
  /** Where hits come from: one per setup for the page's life (session.ts). */
  source: SearchSource;
  initialQuery: string;
  /** Closes the dialog. */
  onClose(): void;
}

type Item = { kind: 'hit'; hit: ModalHit } | { kind: 'recent' | 'favorite'; hit: StoredHit };

export default function SearchModal({ setup, source, initialQuery, onClose }: SearchModalProps) {
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
  const items: Item[] = useMemo(() => {
    if (hasQuery) return flatten(groups).map((hit) => ({ kind: 'hit', hit }));
    return [...lists.recent.map((hit) => ({ kind: 'recent' as const, hit })), ...lists.favorite.map((hit) => ({ kind: 'favorite' as const, hit }))];
  }, [hasQuery, groups, lists]);

  // The first item is active whenever the list changes (spec 4). The active index is kept with
  // the list it belongs to and reset during render, not in an effect: Preact runs effects a frame
  // later, and a reset then would undo an arrow key pressed in between. Key handlers read the ref,
  // which is current even before the next render.
  const activeRef = useRef<{ items: Item[]; index: number }>({ items, index: 0 });
  if (activeRef.current.items !== items) activeRef.current = { items, index: 0 };
  const active = activeRef.current.index;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const setActive = useCallback((index: number) => {
    activeRef.current = { ...activeRef.current, index };
    rerender();
  }, []);
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
    if (initialQuery.length > 1) input?.select();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [initialQuery]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  function select(item: Item, action: EnterAction) {
    if (item.kind !== 'favorite') setLists(saved.addRecent(item.hit));
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

  function onLinkClick(event: MouseEvent<HTMLAnchorElement>, item: Item) {
    // Modified clicks keep the browser's own behaviour (new tab, new window, download).
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      if (item.kind !== 'favorite') setLists(saved.addRecent(item.hit));
      return;
    }
    event.preventDefault();
    select(item, 'navigate');
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const { items: list, index } = activeRef.current;
      setActive(moveActive(index, list.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const item = activeRef.current.items[activeRef.current.index];
      // Submitting with nothing to select closes the dialog (spec 4: submit closes).
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

  let screen: ReactNode;
  if (status === 'error') {
    screen = <ErrorScreen strings={strings} />;
  } else if (!hasQuery) {
    screen = (
      <StartScreen
        strings={strings}
        lists={lists}
        active={active}
        optionId={optionId}
        listId={listId}
        onActive={setActive}
        onClick={onLinkClick}
        onPreload={preload}
        onPromote={(hit) => setLists(saved.promote(hit.objectID))}
        onRemoveRecent={(hit) => setLists(saved.removeRecent(hit.objectID))}
        onRemoveFavorite={(hit) => setLists(saved.removeFavorite(hit.objectID))}
        listRef={listRef}
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
    let index = 0;
    screen = (
      <div ref={listRef} id={listId} role="listbox" aria-label={strings.results} className={styles.results}>
        {groups.map((group, g) => (
          // Ids from the position: a title may hold spaces, which aria-labelledby reads as a list.
          <section key={group.title} role="group" aria-labelledby={`${id}-g-${g}`} className={styles.group}>
            <div id={`${id}-g-${g}`} className={styles.groupTitle}>
              {group.title}
            </div>
            {group.hits.map((hit) => {
              const i = index++;
              const item: Item = { kind: 'hit', hit };
              return (
                <HitRow
                  key={hit.objectID}
                  id={optionId(i)}
                  index={i}
                  hit={hit}
                  active={i === active}
                  onActive={setActive}
                  onClick={(e) => onLinkClick(e, item)}
                  onPreload={preload}
                />
              );
            })}
          </section>
        ))}
      </div>
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
          // Focus moving out of the dialog closes it (spec 4: blur closes); focus leaving the
          // window (relatedTarget null) does not.
          if (e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) close();
        }}
      >
        <header className={styles.header}>
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
        </header>
        <div className={styles.dropdown} data-status={status}>
          {screen}
        </div>
        <div className={styles.visuallyHidden} aria-live="polite">
          {showResults && responseQuery === query ? fill(strings.resultCount, { count: response.hits.length }) : ''}
        </div>
        <footer className={styles.footer}>
          <ul className={styles.commands}>
            <li>
              <kbd aria-label={strings.enterKey}>↵</kbd>
              <span>{strings.toSelect}</span>
            </li>
            <li>
              <kbd aria-label={strings.arrowDown}>↓</kbd>
              <kbd aria-label={strings.arrowUp}>↑</kbd>
              <span>{strings.toNavigate}</span>
            </li>
            <li>
              <kbd aria-label={strings.escapeKey}>esc</kbd>
              <span>{strings.toClose}</span>
            </li>
          </ul>
        </footer>
      </div>
    </div>,
    document.body,
  );
}

/** Keeps Tab and Shift+Tab cycling through the dialog's focusable elements (spec 2.8). */
function trapTab(event: KeyboardEvent, container: HTMLElement | null) {
  if (!container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>('input, button, a[href], [tabindex]')].filter(
    (el) => el.tabIndex >= 0 && !el.hasAttribute('disabled') && !el.hidden && el.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const current = document.activeElement;
  if (event.shiftKey && (current === first || !container.contains(current))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (current === last || !container.contains(current))) {
    event.preventDefault();
    first.focus();
  }
}

function Highlighted({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : <Fragment key={i}>{s.text}</Fragment>))}
    </>
  );
}

const plain = (text: string): Segment[] => [{ text, match: false }];

/** Title and breadcrumb of a hit, DocSearch-style: its own heading over the headings above it. */
function hitParts(hit: StoredHit & { highlight?: Partial<Record<Level, Segment[]>>; snippet?: Segment[] | null }) {
  const seg = (lvl: Level) => hit.highlight?.[lvl] ?? plain(hit.hierarchy[lvl] ?? '');
  const present = LEVELS.slice(1).filter((l) => hit.hierarchy[l]);
  if (hit.type === 'content') {
    return { title: hit.snippet ?? plain(hit.content ?? ''), path: present.map(seg), snippet: null };
  }
  const own = hit.type;
  const above = present.filter((l) => LEVELS.indexOf(l) < LEVELS.indexOf(own));
  return { title: seg(own), path: above.map(seg), snippet: hit.snippet ?? null };
}

function Path({ path }: { path: Segment[][] }) {
  if (!path.length) return null;
  return (
    <span className={styles.path}>
      {path.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <span aria-hidden="true"> › </span>}
          <Highlighted segments={p} />
        </Fragment>
      ))}
    </span>
  );
}

interface HitRowProps {
  id: string;
  index: number;
  hit: ModalHit;
  active: boolean;
  onActive(i: number): void;
  onClick(e: MouseEvent<HTMLAnchorElement>): void;
  onPreload(url: string): void;
}

function HitRow({ id, index, hit, active, onActive, onClick, onPreload }: HitRowProps) {
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

interface StartScreenProps {
  strings: SearchStrings;
  lists: SavedLists;
  active: number;
  optionId(i: number): string;
  listId: string;
  onActive(i: number): void;
  onClick(e: MouseEvent<HTMLAnchorElement>, item: Item): void;
  onPreload(url: string): void;
  onPromote(hit: StoredHit): void;
  onRemoveRecent(hit: StoredHit): void;
  onRemoveFavorite(hit: StoredHit): void;
  listRef: RefObject<HTMLDivElement | null>;
}

function StartScreen(props: StartScreenProps) {
  const { strings, lists, active, optionId, listId, onActive, onClick, onPreload, listRef } = props;
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
              const i = index++;
              const item: Item = { kind: section.kind, hit };
              const { title, path } = hitParts(hit);
              const name = title.map((s) => s.text).join('');
              return (
                <div
                  key={hit.objectID}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  data-index={i}
                  className={styles.hit}
                  onMouseMove={() => {
                    if (i !== active) onActive(i);
                  }}
                >
                  <a href={hit.url} tabIndex={-1} className={styles.hitLink} onClick={(e) => onClick(e, item)} onMouseEnter={() => onPreload(hit.url)}>
                    <span className={styles.hitIcon} aria-hidden="true">
                      {section.kind === 'recent' ? <ClockIcon /> : <StarIcon />}
                    </span>
                    <span className={styles.hitBody}>
                      <span className={styles.hitTitle}>
                        <Highlighted segments={title} />
                      </span>
                      <Path path={path} />
                    </span>
                  </a>
                  <span className={styles.actions}>
                    {section.kind === 'recent' ? (
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
                    )}
                  </span>
                </div>
              );
            })}
          </section>
        ))}
    </div>
  );
}

function NoResults(props: { strings: SearchStrings; query: string; suggestions: string[]; missingResultsUrl: string | null; onSuggest(q: string): void }) {
  const { strings, query } = props;
  let reportUrl: string | null = null;
  if (props.missingResultsUrl) {
    try {
      const url = new URL(props.missingResultsUrl);
      url.searchParams.set('q', query);
      reportUrl = url.toString();
    } catch {
      reportUrl = null;
    }
  }
  return (
    <div className={styles.message} data-screen="no-results">
      <p className={styles.messageTitle}>{fill(strings.noResults, { query })}</p>
      {props.suggestions.length > 0 && (
        <div className={styles.suggestions}>
          <p>{strings.trySearching}</p>
          <ul>
            {props.suggestions.map((s) => (
              <li key={s}>
                <button type="button" className={styles.suggestion} onClick={() => props.onSuggest(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {reportUrl && (
        <p className={styles.help}>
          {strings.reportMissing}{' '}
          <a href={reportUrl} target="_blank" rel="noopener noreferrer">
            {strings.reportMissingLink}
          </a>
        </p>
      )}
    </div>
  );
}

function ErrorScreen({ strings }: { strings: SearchStrings }) {
  return (
    <div className={styles.message} data-screen="error" role="alert">
      <p className={styles.messageTitle}>{strings.errorTitle}</p>
      <p className={styles.help}>{strings.errorHelp}</p>
    </div>
  );
}

const icon = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
export const SearchIcon = () => (
  <svg {...icon}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);
const CrossIcon = () => (
  <svg {...icon} width={16} height={16}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);
const StarIcon = () => (
  <svg {...icon} width={16} height={16}>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z" />
  </svg>
);
const ClockIcon = () => (
  <svg {...icon}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);
const PageIcon = () => (
  <svg {...icon}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M14 3v5h5" />
  </svg>
);
const TextIcon = () => (
  <svg {...icon}>
    <path d="M4 6h16M4 12h16M4 18h10" />
  </svg>
);
