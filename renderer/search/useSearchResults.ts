/**
 * Runs queries against a source and tracks the search status: idle, loading,
 * stalled (still loading after 300 ms) or error. Results of a superseded query are dropped.
 * An empty query sends no request.
 */
import { useEffect, useRef, useState } from 'react';
import type { SearchResponse, SearchSource } from './engine/types.ts';

export const STALL_MS = 300;
export const HITS_PER_PAGE = 20;

export type SearchStatus = 'idle' | 'loading' | 'stalled' | 'error';

export interface SearchState {
  status: SearchStatus;
  /** The last response and the query it answers (kept while the next one loads). */
  response: SearchResponse | null;
  responseQuery: string;
}

export function useSearchResults(source: SearchSource, query: string, snippetWords: number): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle', response: null, responseQuery: '' });
  const latest = useRef(0);

  useEffect(() => {
    const id = ++latest.current;
    if (!query.trim()) {
      setState({ status: 'idle', response: null, responseQuery: '' });
      return;
    }
    setState((s) => ({ ...s, status: 'loading' }));
    const stall = window.setTimeout(() => {
      if (latest.current === id) setState((s) => (s.status === 'loading' ? { ...s, status: 'stalled' } : s));
    }, STALL_MS);
    source
      .search({ query, limit: HITS_PER_PAGE, snippetWords })
      .then((response) => {
        if (latest.current === id) setState({ status: 'idle', response, responseQuery: query });
      })
      .catch(() => {
        if (latest.current === id) setState({ status: 'error', response: null, responseQuery: query });
      })
      .finally(() => window.clearTimeout(stall));
    return () => window.clearTimeout(stall);
  }, [source, query, snippetWords]);

  return state;
}
