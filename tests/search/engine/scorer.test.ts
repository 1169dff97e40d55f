import { describe, expect, it } from 'vitest';
import SearchableMap from 'minisearch/SearchableMap';
import { createSearcher } from '../../../renderer/search/engine/scorer.ts';
import { resultsOf } from '../../../renderer/search/engine/found.ts';
import { decodePostings, type PostingsEntry } from '../../../renderer/search/engine/postings.ts';
import { SEARCH_FIELDS } from '../../../schemas/search-format/format.ts';

describe('createSearcher', () => {
  const lengths = SEARCH_FIELDS.map(() => 2);
  const searcherOf = (count: number) => createSearcher(count, lengths, SEARCH_FIELDS.map(() => new Array<number>(count).fill(2)), new SearchableMap<PostingsEntry>());
  const search = (searcher: ReturnType<typeof searcherOf>['searcher'], query: string) =>
    resultsOf(searcher.find(query, { prefix: true })).map((r) => [r.id, r.score, r.terms]);

  it('gives the same results to a word searched again, however its earlier results were combined', () => {
    const { searcher, index } = searcherOf(3);
    index.set('bundle', decodePostings('0:0,1;1:2'));
    index.set('bundler', decodePostings('0:1'));
    index.set('format', decodePostings('0:0,1*2'));
    const first = search(searcher, 'bund');
    // Combining joins one word's results with another's: a kept result must come out as it was.
    searcher.find({ combineWith: 'OR', queries: ['bund', 'format'] }, { prefix: true });
    searcher.find({ combineWith: 'AND', queries: ['format', 'bund'] }, { prefix: true });
    expect(search(searcher, 'bund')).toEqual(first);
    expect(first.map(([id]) => id).sort()).toEqual([0, 1, 2]);
  });

  it('finds terms set after a search of the same word (a split index’s part arriving)', () => {
    const { searcher, index } = searcherOf(2);
    index.set('bundle', decodePostings('0:0'));
    expect(search(searcher, 'bund').map(([id]) => id)).toEqual([0]);
    index.set('bundler', decodePostings('0:1'));
    expect(search(searcher, 'bund').map(([id]) => id).sort()).toEqual([0, 1]);
  });
});
