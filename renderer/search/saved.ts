/**
 * Recent and favourite searches (pure over a Storage-like object). Keys follow the DocSearch
 * convention plus the index name, so a reader's lists survive a switch between the embedded
 * index and the hosted one of the same name. Any storage failure (private mode, quota, disabled
 * cookies, corrupt JSON) makes the lists silently empty and every change a no-op.
 */
import type { HitType, StoredHit } from './engine/types.ts';

export const RECENT_KEY_PREFIX = '__DOCSEARCH_RECENT_SEARCHES__';
export const FAVORITE_KEY_PREFIX = '__DOCSEARCH_FAVORITE_SEARCHES__';
/** 7 recent searches, or 4 when favourites exist; 10 favourites. */
export const RECENT_LIMIT = 7;
export const RECENT_LIMIT_WITH_FAVORITES = 4;
export const FAVORITE_LIMIT = 10;

export interface SavedLists {
  recent: StoredHit[];
  favorite: StoredHit[];
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

const TYPES: readonly HitType[] = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content'];

/** Keeps only well-formed entries: storage is shared with anything else on the origin. */
function isStoredHit(value: unknown): value is StoredHit {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.objectID === 'string' &&
    typeof v.url === 'string' &&
    TYPES.includes(v.type as HitType) &&
    typeof v.hierarchy === 'object' &&
    v.hierarchy !== null &&
    (v.content === null || typeof v.content === 'string')
  );
}

/** Strips highlight and snippet data (and anything else): saved searches are bare hits. */
export function toStoredHit(hit: StoredHit): StoredHit {
  return { objectID: hit.objectID, url: hit.url, type: hit.type, hierarchy: { ...hit.hierarchy }, content: hit.content };
}

export interface SavedSearches {
  read(): SavedLists;
  /** A selected hit goes to the top of the recent list, unless it is a favourite. */
  addRecent(hit: StoredHit): SavedLists;
  /** A recent search becomes a favourite and leaves the recent list. */
  promote(objectID: string): SavedLists;
  removeRecent(objectID: string): SavedLists;
  removeFavorite(objectID: string): SavedLists;
}

export function createSavedSearches(storage: () => StorageLike | null, indexName: string): SavedSearches {
  const recentKey = RECENT_KEY_PREFIX + indexName;
  const favoriteKey = FAVORITE_KEY_PREFIX + indexName;

  const load = (key: string): StoredHit[] => {
    try {
      const raw = storage()?.getItem(key);
      if (!raw) return [];
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter(isStoredHit) : [];
    } catch {
      return [];
    }
  };
  const save = (key: string, hits: StoredHit[]) => {
    try {
      storage()?.setItem(key, JSON.stringify(hits));
    } catch {
      // Storage unavailable or full: the lists simply do not change.
    }
  };
  const read = (): SavedLists => {
    const favorite = load(favoriteKey).slice(0, FAVORITE_LIMIT);
    const limit = favorite.length ? RECENT_LIMIT_WITH_FAVORITES : RECENT_LIMIT;
    return { favorite, recent: load(recentKey).slice(0, limit) };
  };

  return {
    read,
    addRecent(hit) {
      const { favorite, recent } = read();
      if (favorite.some((f) => f.objectID === hit.objectID)) return read();
      const limit = favorite.length ? RECENT_LIMIT_WITH_FAVORITES : RECENT_LIMIT;
      save(recentKey, [toStoredHit(hit), ...recent.filter((r) => r.objectID !== hit.objectID)].slice(0, limit));
      return read();
    },
    promote(objectID) {
      const { favorite, recent } = read();
      const hit = recent.find((r) => r.objectID === objectID);
      if (!hit) return read();
      save(favoriteKey, [hit, ...favorite.filter((f) => f.objectID !== objectID)].slice(0, FAVORITE_LIMIT));
      save(recentKey, recent.filter((r) => r.objectID !== objectID));
      return read();
    },
    removeRecent(objectID) {
      save(recentKey, read().recent.filter((r) => r.objectID !== objectID));
      return read();
    },
    removeFavorite(objectID) {
      save(favoriteKey, read().favorite.filter((f) => f.objectID !== objectID));
      return read();
    },
  };
}

/** `window.localStorage`, or null where touching it throws (sandboxed frames, disabled storage). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
