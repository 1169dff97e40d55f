import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import SearchableMap from 'minisearch/SearchableMap';
import { indexTermsOf, prefixRange, termDictionary, termPosition, termTree } from '../../../renderer/search/engine/term-tree.ts';

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

describe('prefixRange', () => {
  it('gives the run of sorted terms that begin with a prefix, as the tree finds them', () => {
    const terms = ['a', 'ab', 'abc', 'abd', 'b', 'ba', '模块', '模块联邦'];
    expect(prefixRange(terms, 'ab')).toEqual([1, 4]);
    expect(prefixRange(terms, 'b')).toEqual([4, 6]);
    expect(prefixRange(terms, 'abz')).toEqual([4, 4]);
    expect(prefixRange(terms, 'zz')).toEqual([6, 6]);
    expect(prefixRange(terms, '联')).toEqual([8, 8]);
    expect(prefixRange(terms, '')).toEqual([0, 8]);
    expect(prefixRange(terms, '模块')).toEqual([6, 8]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-c]{1,4}$/), { maxLength: 30 }), fc.stringMatching(/^[a-c]{0,3}$/), (words, prefix) => {
        const sorted = [...words].sort();
        const tree = termTree(sorted, (t) => t);
        const [from, to] = prefixRange(sorted, prefix);
        expect(sorted.slice(from, to)).toEqual([...tree.atPrefix(prefix).keys()].sort());
        const { hasPrefix } = indexTermsOf(termDictionary(sorted));
        expect(hasPrefix(prefix)).toBe(to > from);
      }),
    );
  });
});

describe('termPosition', () => {
  it("finds a term's position among the sorted terms as the tree does, and -1 for a word that is none", () => {
    expect(termPosition(['a', 'ab', '模块'], '模块')).toBe(2);
    expect(termPosition(['a', 'ab', '模块'], 'abc')).toBe(-1);
    expect(termPosition([], 'a')).toBe(-1);
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-c]{1,4}$/), { maxLength: 30 }), fc.stringMatching(/^[a-c]{0,4}$/), (words, word) => {
        const sorted = [...words].sort();
        const { tree, terms } = termDictionary(sorted);
        expect(termPosition(terms, word)).toBe(tree.get(word) ?? -1);
        expect(indexTermsOf(termDictionary(sorted)).has(word)).toBe(tree.has(word));
      }),
    );
  });

  it('refuses terms that are not sorted when the dictionary is made, not when its tree is first needed', () => {
    expect(() => termDictionary(['b', 'a'])).toThrow(/terms are not sorted/);
  });
});

describe('TermDictionary.typos', () => {
  it('gives the tree’s typo matches, and the same answer again without a second walk of the tree', () => {
    const terms = ['bundle', 'bundler', 'bundles', 'bungle', 'format', 'formats', 'forma', '模块', '模板'].sort();
    const dictionary = termDictionary(terms);
    const sorted = (entries: Iterable<[string, unknown]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
    for (const [term, distance] of [['bundle', 1], ['bundle', 2], ['formta', 2], ['模快', 1]] as const) {
      const found = dictionary.typos(term, distance);
      expect(sorted(found), `${term} ${distance}`).toEqual(sorted(dictionary.tree.fuzzyGet(term, distance)));
      expect(dictionary.typos(term, distance), `${term} ${distance}`).toBe(found);
    }
    // One distance is not another's answer.
    expect(sorted(dictionary.typos('bundle', 1)).map(([t]) => t)).toEqual(['bundle', 'bundler', 'bundles', 'bungle']);
    expect(sorted(dictionary.typos('bundle', 0)).map(([t]) => t)).toEqual(['bundle']);
  });
});
