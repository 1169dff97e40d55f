import { describe, expect, it } from 'vitest';
import { createSearcher } from '../../../renderer/search/engine/scorer.ts';
import { filtered, heldIn, rankedFound, resultsOf } from '../../../renderer/search/engine/found.ts';
import { listRanked } from '../../../renderer/search/engine/ranking.ts';
import { termDictionary } from '../../../renderer/search/engine/term-tree.ts';
import { fieldBit, SEARCH_FIELDS } from '../../../schemas/search-format/format.ts';

// Five documents: `bundle` in titles (0, 1, 3) and prose (2), `bundler` in 4's title, `dts` in 0's and 3's names.
const field = (name: (typeof SEARCH_FIELDS)[number]) => SEARCH_FIELDS.indexOf(name);
function searcher() {
  const terms = ['bundle', 'bundler', 'dts'];
  const postings = [`${field('title')}:0,1,2;${field('content')}:2`, `${field('title')}:4`, `${field('name')}:0,3;${field('content')}:1`];
  return createSearcher(5, SEARCH_FIELDS.map(() => 2), SEARCH_FIELDS.map(() => [2, 2, 2, 2, 2]), termDictionary(terms), (p) => postings[p]);
}
const options = { prefix: true };

describe('what a search finds, as columns', () => {
  it('reads as the list of its results: the terms of each in some fields, a term in a field, the same arrays for the same terms', () => {
    const found = searcher().find({ combineWith: 'OR', queries: ['bund', 'dts'] }, options);
    const ranked = rankedFound(found);
    const list = listRanked(resultsOf(found));
    const bits = [fieldBit('title'), fieldBit('name'), fieldBit('title') | fieldBit('content'), fieldBit('description')];
    expect([...ranked.ids]).toEqual([...list.ids]);
    expect([...ranked.scores]).toEqual([...list.scores]);
    for (let i = 0; i < ranked.ids.length; i++) {
      for (const b of bits) expect(ranked.termsIn(i, b)).toEqual(list.termsIn(i, b));
      for (const term of ['bundle', 'bundler', 'dts']) for (const f of SEARCH_FIELDS) expect(ranked.matchedIn(i, term, f)).toBe(list.matchedIn(i, term, f));
    }
    // The rows with some term in some fields, and with a term in a field, in one pass of the columns.
    for (const b of bits) expect([...ranked.rowsIn(b)]).toEqual([...list.rowsIn(b)]);
    for (const term of ['bundle', 'bundler', 'dts', 'absent']) for (const f of SEARCH_FIELDS) expect([...ranked.rowsMatching(term, f)]).toEqual([...list.rowsMatching(term, f)]);
    expect([...ranked.rowsIn(fieldBit('title'))].map((i) => found.docs[i]).sort()).toEqual([0, 1, 3, 4]);
    expect([...ranked.rowsMatching('dts', 'name')].map((i) => found.docs[i]).sort()).toEqual([0, 3]);
    // Documents 0 and 1 hold `bundle` in their titles alone: one array for both.
    const at = (doc: number) => [...found.docs].indexOf(doc);
    expect(ranked.termsIn(at(0), fieldBit('title'))).toBe(ranked.termsIn(at(1), fieldBit('title')));
    expect(heldIn(found, at(0), fieldBit('name'))).toBe(true);
    expect(heldIn(found, at(2), fieldBit('name'))).toBe(false);
  });

  it('filters rows in their order', () => {
    const found = searcher().find('bund', options);
    expect([...filtered(found, (doc) => doc !== 2).docs]).toEqual([...found.docs].filter((doc) => doc !== 2));
    expect(resultsOf(filtered(found, () => true))).toEqual(resultsOf(found));
  });
});
