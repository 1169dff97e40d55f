import { describe, expect, it } from 'vitest';
import SearchableMap from 'minisearch/SearchableMap';
import { termTree } from '../../../renderer/search/engine/term-tree.ts';

/** A term tree as nested sorted entries: the shape of the radix tree, whatever order its branches were added in. */
function shape(node: unknown): unknown {
  if (!(node instanceof Map)) return node;
  return [...node.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([label, child]) => [label, shape(child)]);
}
const treeOf = (map: SearchableMap<unknown>) => shape((map as unknown as { _tree: unknown })._tree);

describe('termTree', () => {
  // Terms that end where others go on (`bundle`, `bundleless`), share only a first unit, are
  // Chinese, start with a surrogate pair, or are one unit long: the cases of a radix tree.
  const terms = [
    '', '--format', '--formats', 'a', 'auto', 'autoexternal', 'autoextension', 'b', 'bundle', 'bundleless', 'bundler', 'cjs', 'dts', 'dtsx',
    '产物', '产物目录', '入口', '模块', '模块联邦', '模式', '\u{1F600}x', '\u{1F600}y', '\u{1F601}',
  ].sort();

  it('builds the radix tree that setting the terms one by one builds', () => {
    const bySet = new SearchableMap<number>();
    terms.forEach((term, t) => bySet.set(term, t));
    const built = termTree(terms, (t) => t);
    expect(treeOf(built)).toEqual(treeOf(bySet));
    expect(built.size).toBe(terms.length);
    expect([...built.entries()].sort((a, b) => a[1] - b[1])).toEqual(terms.map((term, t) => [term, t]));
  });

  it('answers lookups, prefixes and typos as MiniSearch’s own map does', () => {
    const bySet = new SearchableMap<number>();
    terms.forEach((term, t) => bySet.set(term, t));
    const built = termTree(terms, (t) => t);
    const sorted = (entries: Iterable<[string, unknown]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
    for (const key of ['bundle', 'bund', 'b', '', '模块', '模', '产', '\u{1F600}', 'dts', 'x']) {
      expect(built.get(key), key).toEqual(bySet.get(key));
      expect(sorted(built.atPrefix(key).entries()), key).toEqual(sorted(bySet.atPrefix(key).entries()));
      expect(sorted(built.fuzzyGet(key, 1)), key).toEqual(sorted(bySet.fuzzyGet(key, 1)));
    }
  });

  it('holds nothing for no terms, and still takes new ones', () => {
    const empty = termTree<number>([], (t) => t);
    expect(empty.size).toBe(0);
    empty.set('late', 1);
    expect(empty.get('late')).toBe(1);
  });

  it('refuses terms out of order or repeated, which would make a wrong tree', () => {
    expect(() => termTree(['b', 'a'], (t) => t)).toThrow(/not sorted/);
    expect(() => termTree(['a', 'a'], (t) => t)).toThrow(/not sorted/);
  });
});
