import { describe, expect, it } from 'vitest';
import { createSearcher } from '../../../renderer/search/engine/scorer.ts';
import { resultsOf } from '../../../renderer/search/engine/found.ts';
import { termDictionary } from '../../../renderer/search/engine/term-tree.ts';
import { SEARCH_FIELDS } from '../../../schemas/search-format/format.ts';

describe('createSearcher', () => {
  const lengths = SEARCH_FIELDS.map(() => 2);
  // Three terms; their postings set as a split index's parts would bring them.
  const searcherOf = (count: number) => {
    const postings: Array<string | undefined> = [];
    const dictionary = termDictionary(['bundle', 'bundler', 'format']);
    const searcher = createSearcher(count, lengths, SEARCH_FIELDS.map(() => new Array<number>(count).fill(2)), dictionary, (p) => postings[p]);
    const set = (term: string, packed: string) => {
      postings[dictionary.terms.indexOf(term)] = packed;
      searcher.forgetLeaves();
    };
    return { searcher, set };
  };
  const search = (searcher: ReturnType<typeof searcherOf>['searcher'], query: string) =>
    resultsOf(searcher.find(query, { prefix: true })).map((r) => [r.id, r.score, r.terms]);

  it('gives the same results to a word searched again, however its earlier results were combined', () => {
    const { searcher, set } = searcherOf(3);
    set('bundle', '0:0,1;1:2');
    set('bundler', '0:1');
    set('format', '0:0,1*2');
    const first = search(searcher, 'bund');
    // Combining joins one word's results with another's: a kept result must come out as it was.
    searcher.find({ combineWith: 'OR', queries: ['bund', 'format'] }, { prefix: true });
    searcher.find({ combineWith: 'AND', queries: ['format', 'bund'] }, { prefix: true });
    expect(search(searcher, 'bund')).toEqual(first);
    expect(first.map(([id]) => id).sort()).toEqual([0, 1, 2]);
  });

  it('finds terms whose postings arrive after a search of the same word (a split index’s part arriving)', () => {
    const { searcher, set } = searcherOf(2);
    set('bundle', '0:0');
    expect(search(searcher, 'bund').map(([id]) => id)).toEqual([0]);
    set('bundler', '0:1');
    expect(search(searcher, 'bund').map(([id]) => id).sort()).toEqual([0, 1]);
  });
});
