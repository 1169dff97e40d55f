/** The state as state.json holds it: the same state as the maps the full run works on, and the changes narrow runs log onto it. */
import { describe, expect, it } from 'vitest';
import type { BuildState } from '../../../pipeline/memo/incremental.ts';
import { StateTable, stateOfTable, tableOfState, type StateChange } from '../../../pipeline/memo/state-file.ts';

function state(): Omit<BuildState, 'summaries'> {
  return {
    inputs: 'i',
    fingerprint: 'f0',
    fragments: { en: 'fr' },
    searchIndex: { en: 's0' },
    files: {
      'content/en/a.md': { mtimeMs: 1.5, size: 10, key: 'ka' },
      'content/en/b.md': { mtimeMs: 2, size: 20, key: 'kb' },
      'content/en/c.md': { mtimeMs: 3, size: 30, key: 'kc' },
    },
    outward: { ka: 'oa', kb: 'ob', kc: 'oc' },
    records: { '/a': 'ra', '/b': 'rb', '/c': 'rc' },
    searchHashes: { '/a': 'sa', '/b': 'sb', '/c': 'sc' },
    groups: { '/a': 'Guide', '/b': null, '/c': 'Guide' },
    // In file order: /b, then /a; /c has no section.
    llmsFull: { '/b': [10, 40, 'rb'], '/a': [45, 100, 'ra'] },
    // Only /a has hover texts; they link to /c, and to a route with no page.
    hoverDigests: { '/a': 'ha' },
    linkPages: { '/c': { ids: ['x'], names: [{ name: 'lib.x', id: null, heading: 'lib.x', summary: 'X.' }] }, '/gone': null },
  };
}

const change = (overrides: Partial<StateChange> = {}): StateChange => ({
  on: 'f0',
  fingerprint: 'f1',
  files: { 'content/en/b.md': { mtimeMs: 9, size: 25, key: 'kb2', outward: 'ob' } },
  routes: { '/b': { record: 'rb2', searchHash: 'sb2', hovers: 'hb2' } },
  llmsFull: [{ route: '/b', length: 35, hash: 'rb2' }],
  searchIndex: { en: 's1' },
  ...overrides,
});

describe('the state file', () => {
  it('holds the state the full run works on, entry for entry', () => {
    expect(stateOfTable(tableOfState(state()))).toEqual(state());
    const table = new StateTable(tableOfState(state()));
    expect(table.fileCount).toBe(3);
    expect(table.file('content/en/a.md')).toEqual({ mtimeMs: 1.5, size: 10, key: 'ka', outward: 'oa' });
    expect(table.route('/c')).toEqual({ record: 'rc', searchHash: 'sc', group: 'Guide', llmsFull: null, hovers: null });
    expect(table.route('/a')).toMatchObject({ record: 'ra', hovers: 'ha' });
    expect(table.file('content/en/none.md')).toBeUndefined();
  });

  it('applies a narrow run\'s change: entries replaced, and every section after a spliced one moved by the difference', () => {
    const table = new StateTable(tableOfState(state()));
    expect(table.apply(change())).toBe(true);
    const after = stateOfTable(table.data);
    expect(after).toEqual({
      ...state(),
      fingerprint: 'f1',
      searchIndex: { en: 's1' },
      files: { ...state().files, 'content/en/b.md': { mtimeMs: 9, size: 25, key: 'kb2' } },
      outward: { ka: 'oa', kb2: 'ob', kc: 'oc' },
      records: { '/a': 'ra', '/b': 'rb2', '/c': 'rc' },
      searchHashes: { '/a': 'sa', '/b': 'sb2', '/c': 'sc' },
      hoverDigests: { '/a': 'ha', '/b': 'hb2' },
      llmsFull: { '/b': [10, 45, 'rb2'], '/a': [50, 105, 'ra'] },
    });
  });

  it('splices several sections at once, each after the moves of those before it', () => {
    const table = new StateTable(tableOfState(state()));
    table.apply(change({ llmsFull: [{ route: '/a', length: 5, hash: 'ra2' }, { route: '/b', length: 20, hash: 'rb2' }] }));
    expect(stateOfTable(table.data).llmsFull).toEqual({ '/b': [10, 30, 'rb2'], '/a': [35, 40, 'ra2'] });
  });

  it('changes nothing for a change that names a file or route it does not have, or a section it does not hold', () => {
    for (const stray of [
      change({ files: { 'content/en/new.md': { mtimeMs: 1, size: 1, key: 'kn', outward: 'on' } } }),
      change({ routes: { '/new': { record: 'r', searchHash: 's', hovers: null } } }),
      change({ llmsFull: [{ route: '/c', length: 5, hash: 'rc2' }] }),
    ]) {
      const table = new StateTable(tableOfState(state()));
      expect(table.apply(stray)).toBe(false);
      expect(stateOfTable(table.data)).toEqual(state());
    }
  });
});
