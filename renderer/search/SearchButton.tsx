/**
 * The search button of the nav bar and the shortcuts that open the dialog. This file is in the
 * first-load bundle, so it holds only the keyboard rules; the dialog, the engine and the index
 * arrive lazily (first open, hover or focus of the button, or when the browser is idle), the
 * index download in parallel with the dialog's code (warmSearch).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useLang, useSite } from '../app/app-api.ts';
import type { DataSource } from '../app/data.ts';
import type { PartCache } from '../app/lazy-parts.ts';
import { isEditableTarget, isOpenShortcut, isSlashShortcut, queryAfterKey, typedCharacter } from './keys.ts';
import { clampQuery, searchSetup, type SearchSetup } from './engine/setup.ts';
import { SEARCH_SYNONYMS_DATA_PATH } from '../../schemas/paths.ts';
import { SearchIcon } from '../components/Icons.tsx';
import styles from './SearchButton.module.css';

/**
 * Everything the first search needs, started at once and in parallel: the dialog's code (the
 * lazy part `search`) and the index's files (the index and the synonym sets, their downloads
 * started here, in the first-load bundle, so that they do not wait for the dialog's code), then
 * the engine is built from them as soon as they are in, before the dialog has rendered. Safe to call often: each part starts once per
 * page life.
 */
function warmSearch({ data, parts }: { data: DataSource; parts: PartCache }, setup: SearchSetup): void {
  if (setup.provider === 'local') {
    data.json(setup.dataPath).catch(() => undefined);
    // Asked for only once the dialog's code had arrived, the synonym sets were the last request
    // before a cold page's first hit (local-source.ts builds the engine from both files).
    data.json(SEARCH_SYNONYMS_DATA_PATH).catch(() => undefined);
  }
  parts
    .load(['search'])
    .then(() => parts.get('search').source(setup, data.json).preload?.())
    .catch(() => undefined);
}

/** Selected page text becomes the query when opening with the keyboard. */
function selectedText(): string {
  return typeof window.getSelection === 'function' ? (window.getSelection()?.toString().trim() ?? '') : '';
}

export function SearchButton({ label }: { label: string }) {
  const lang = useLang();
  const site = useSite();
  const setup = useMemo(() => searchSetup(site, lang), [site, lang]);
  const context = useRouter().options.context;
  const [open, setOpenState] = useState(false);
  // What the shortcut listener reads: a render may not have happened yet between two presses
  // (React batches state updates), and the listener must see the latest value, not its render's.
  const openNow = useRef(false);
  const setOpen = useCallback((value: boolean) => {
    openNow.current = value;
    setOpenState(value);
  }, []);
  // Each opening starts from the start screen (recent and favourite searches), or from
  // what the reader typed or selected to open it; a closed dialog's query and hits are not kept.
  const [opening, setOpening] = useState({ query: '', select: false });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [modKey, setModKey] = useState('Ctrl');
  // React.lazy would suspend on first render even with the module already loaded, and React
  // reveals suspended content at most every 300 ms: the dialog would open 300 ms late.
  const [session, setSession] = useState(() => context.parts.peek('search'));
  const loaded = session ?? context.parts.peek('search');
  // Whether the dialog is on the page: until it is, the shortcut listener collects what is typed.
  const dialogShown = useRef(false);
  useLayoutEffect(() => {
    dialogShown.current = open && Boolean(loaded);
  }, [open, loaded]);
  useEffect(() => {
    if (!open || loaded) return;
    let live = true;
    context.parts
      .load(['search'])
      .then(() => live && setSession(context.parts.get('search')))
      // Not open for good when its code cannot load (offline): the keys would be taken for nothing.
      .catch(() => live && setOpen(false));
    return () => {
      live = false;
    };
  }, [open, loaded, context, setOpen]);

  const openWith = useCallback(
    (query: string | null, select = false) => {
      warmSearch(context, setup);
      setOpening({ query: clampQuery(query ?? ''), select });
      setOpen(true);
    },
    [context, setup, setOpen],
  );

  const onClose = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, [setOpen]);

  // A layout effect: a plain effect may run a frame later, and a shortcut pressed in that frame
  // would be lost. Attached once (per language), not again on every open and close.
  useLayoutEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setModKey('⌘');
    const onKeyDown = (event: KeyboardEvent) => {
      if (isOpenShortcut(event)) {
        event.preventDefault();
        if (openNow.current) {
          setOpen(false);
          buttonRef.current?.focus();
        } else openWith(selectedText() || null, true);
      } else if (!openNow.current && isSlashShortcut(event, event.target as HTMLElement | null)) {
        event.preventDefault();
        openWith(selectedText() || null, true);
      } else if (openNow.current && !dialogShown.current && !event.defaultPrevented && !isEditableTarget(event.target as HTMLElement | null)) {
        // Opened, its code still on the way (the first open, right after the page loads): what the
        // reader types meanwhile becomes the opening query instead of going nowhere. (Not a key
        // the button already took, the letter that opened it, nor one typed into a field.)
        if (queryAfterKey('', event) === null) return;
        event.preventDefault();
        setOpening(({ query }) => ({ query: clampQuery(queryAfterKey(query, event)!), select: false }));
      }
    };
    window.addEventListener('keydown', onKeyDown);
    // The button may hydrate after the rest of the page: tests and the bench wait for this mark,
    // which stands exactly while a listener is attached (a re-mount removes it until re-attached).
    const button = buttonRef.current;
    button?.setAttribute('data-search-ready', '');
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      button?.removeAttribute('data-search-ready');
    };
  }, [openWith, setOpen]);

  // Load the dialog and the index once the page is idle, so the first search is instant.
  useEffect(() => {
    const preload = () => warmSearch(context, setup);
    // Safari has no requestIdleCallback; a timeout after load is the usual stand-in.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(preload, 1500);
    return () => clearTimeout(handle);
  }, [context, setup]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        // Named by its text (the shortcut is aria-hidden): a name that left out visible text
        // would differ from what speech-input users read on screen.
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        data-search-button=""
        onClick={() => openWith(null)}
        onPointerEnter={() => warmSearch(context, setup)}
        onFocus={() => warmSearch(context, setup)}
        onKeyDown={(event) => {
          const ch = typedCharacter(event);
          if (ch && !openNow.current) {
            event.preventDefault();
            openWith(ch);
          }
        }}
      >
        <SearchIcon />
        <span className={styles.text}>{label}</span>
        <kbd className={styles.keys} aria-hidden="true">
          {/* The same in every language; the dialog's texts (./strings.ts) load with the dialog. */}
          {modKey} K
        </kbd>
      </button>
      {open && loaded && (
        <loaded.Modal setup={setup} source={loaded.source(setup, context.data.json)} initialQuery={opening.query} selectInitial={opening.select} onClose={onClose} />
      )}
    </>
  );
}
