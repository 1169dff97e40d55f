import { describe, expect, it } from 'vitest';
import { groupHits, suggestions } from '../../renderer/search/group.ts';
import { enterAction, isEditableTarget, isOpenShortcut, isSlashShortcut, moveActive, queryAfterKey, typedCharacter } from '../../renderer/search/keys.ts';
import { createSavedSearches, FAVORITE_KEY_PREFIX, RECENT_KEY_PREFIX } from '../../renderer/search/saved.ts';
import { clampQuery } from '../../renderer/search/engine/setup.ts';
import type { ModalHit, StoredHit } from '../../renderer/search/engine/types.ts';

const hit = (n: number, lvl0 = 'G'): ModalHit => ({
  objectID: `/p${n}`,
  url: `/p${n}`,
  type: 'lvl1',
  content: null,
  hierarchy: { lvl0, lvl1: `Page ${n}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  highlight: { lvl1: [{ text: `Page ${n}`, match: true }] },
  snippet: [{ text: 'x', match: false }],
});

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('saved searches', () => {
  it('keeps 7 recent searches, newest first, without duplicates or highlight data', () => {
    const storage = memoryStorage();
    const saved = createSavedSearches(() => storage, 'local-en');
    for (let n = 0; n < 9; n++) saved.addRecent(hit(n));
    saved.addRecent(hit(5));
    const { recent } = saved.read();
    expect(recent.map((h) => h.objectID)).toEqual(['/p5', '/p8', '/p7', '/p6', '/p4', '/p3', '/p2']);
    expect(recent[0]).not.toHaveProperty('highlight');
    expect(recent[0]).not.toHaveProperty('snippet');
    expect(storage.map.has(`${RECENT_KEY_PREFIX}local-en`)).toBe(true);
  });

  it('promotes a recent search to favourite, then keeps 4 recent ones', () => {
    const storage = memoryStorage();
    const saved = createSavedSearches(() => storage, 'idx');
    for (let n = 0; n < 7; n++) saved.addRecent(hit(n));
    const lists = saved.promote('/p3');
    expect(lists.favorite.map((h) => h.objectID)).toEqual(['/p3']);
    expect(lists.recent.map((h) => h.objectID)).toEqual(['/p6', '/p5', '/p4', '/p2']);
    expect(storage.map.has(`${FAVORITE_KEY_PREFIX}idx`)).toBe(true);
    // Selecting a favourite again does not put it back into the recent list.
    expect(saved.addRecent(hit(3)).recent.map((h) => h.objectID)).not.toContain('/p3');
  });

  it('keeps 10 favourites and removes items from either list', () => {
    const storage = memoryStorage();
    const saved = createSavedSearches(() => storage, 'idx');
    for (let n = 0; n < 12; n++) {
      saved.addRecent(hit(n));
      saved.promote(`/p${n}`);
    }
    expect(saved.read().favorite).toHaveLength(10);
    expect(saved.removeFavorite('/p11').favorite.map((h) => h.objectID)).not.toContain('/p11');
    saved.addRecent(hit(20));
    expect(saved.removeRecent('/p20').recent).toEqual([]);
  });

  it('does nothing, silently, when storage throws or is missing', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    for (const storage of [() => throwing, () => null]) {
      const saved = createSavedSearches(storage, 'idx');
      expect(saved.addRecent(hit(1))).toEqual({ recent: [], favorite: [] });
      expect(saved.promote('/p1')).toEqual({ recent: [], favorite: [] });
    }
  });

  it('ignores malformed stored entries', () => {
    const storage = memoryStorage();
    storage.setItem(`${RECENT_KEY_PREFIX}idx`, JSON.stringify([{ objectID: 1 }, { ...hit(1), highlight: undefined }, 'x']));
    const recent: StoredHit[] = createSavedSearches(() => storage, 'idx').read().recent;
    expect(recent.map((h) => h.objectID)).toEqual(['/p1']);
    storage.setItem(`${RECENT_KEY_PREFIX}idx`, '{not json');
    expect(createSavedSearches(() => storage, 'idx').read().recent).toEqual([]);
  });
});

describe('keyboard rules', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
  it('opens with Ctrl+K or Cmd+K', () => {
    expect(isOpenShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isOpenShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isOpenShortcut(key('k'))).toBe(false);
    expect(isOpenShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });
  it('opens with / only outside inputs, selects, textareas and editable areas', () => {
    expect(isSlashShortcut(key('/'), { tagName: 'BODY' })).toBe(true);
    for (const tagName of ['INPUT', 'SELECT', 'TEXTAREA']) expect(isSlashShortcut(key('/'), { tagName })).toBe(false);
    expect(isSlashShortcut(key('/'), { tagName: 'DIV', isContentEditable: true })).toBe(false);
    expect(isEditableTarget(null)).toBe(false);
  });
  it('takes a typed letter or digit, not other keys', () => {
    expect(typedCharacter(key('a'))).toBe('a');
    expect(typedCharacter(key('7'))).toBe('7');
    expect(typedCharacter(key('模'))).toBe('模');
    expect(typedCharacter(key('Enter'))).toBeNull();
    expect(typedCharacter(key(' '))).toBeNull();
    expect(typedCharacter(key('a', { ctrlKey: true }))).toBeNull();
  });
  it('edits the opening query with printable keys and Backspace while the dialog loads', () => {
    expect(queryAfterKey('um', key('d'))).toBe('umd');
    expect(queryAfterKey('lib', key('.'))).toBe('lib.');
    expect(queryAfterKey('umd', key(' '))).toBe('umd ');
    expect(queryAfterKey('umx', key('Backspace'))).toBe('um');
    expect(queryAfterKey('', key('Backspace'))).toBe('');
    expect(queryAfterKey('umd', key('Enter'))).toBeNull();
    expect(queryAfterKey('umd', key('a', { ctrlKey: true }))).toBeNull();
  });
  it('maps Enter modifiers to navigate, new tab and new window', () => {
    expect(enterAction(key('Enter'))).toBe('navigate');
    expect(enterAction(key('Enter', { ctrlKey: true }))).toBe('newTab');
    expect(enterAction(key('Enter', { metaKey: true }))).toBe('newTab');
    expect(enterAction(key('Enter', { shiftKey: true }))).toBe('newWindow');
  });
  it('moves the active hit with wrap-around', () => {
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('grouping and suggestions', () => {
  it('groups by top-level heading in rank order, at most 20 per group', () => {
    const hits = [hit(1, 'A'), hit(2, 'B'), hit(3, 'A'), ...Array.from({ length: 25 }, (_, i) => hit(10 + i, 'C'))];
    const groups = groupHits(hits);
    expect(groups.map((g) => g.title)).toEqual(['A', 'B', 'C']);
    expect(groups[0]!.hits.map((h) => h.objectID)).toEqual(['/p1', '/p3']);
    expect(groups[2]!.hits).toHaveLength(20);
  });
  it('suggests up to 3 top-level headings, previous results first, never the query itself', () => {
    expect(suggestions(['Advanced'], ['Getting Started', 'Advanced', 'Basic', 'FAQ'], 'x')).toEqual(['Advanced', 'Getting Started', 'Basic']);
    expect(suggestions([], ['Basic', 'FAQ'], 'basic')).toEqual(['FAQ']);
  });
  it('limits a query to 64 characters', () => {
    expect(clampQuery('x'.repeat(80))).toHaveLength(64);
  });
});
