/**
 * What the modal shows, whichever engine found it. The local index and the hosted service both
 * answer with DocSearch-shaped hits; highlights arrive here already split into text segments, so
 * no engine output is ever parsed as HTML by the browser.
 */
export type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
export type HitType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';
export type Hierarchy = Record<Level, string | null>;

/** A run of text, marked when it matched the query. */
export interface Segment {
  text: string;
  match: boolean;
}

/** A hit as stored in the recent and favourite lists: the hit minus highlight and snippet data. */
export interface StoredHit {
  objectID: string;
  url: string;
  type: HitType;
  hierarchy: Hierarchy;
  content: string | null;
}

export interface ModalHit extends StoredHit {
  /** Highlighted heading texts, per level present in the hierarchy. */
  highlight: Partial<Record<Level, Segment[]>>;
  /** A few words of the section's prose around the best match, or null when it has none. */
  snippet: Segment[] | null;
}

export interface SearchRequest {
  query: string;
  /** Snippet length in words: 10, or 5 on narrow screens. */
  snippetWords: number;
  /** Hits per page. */
  limit: number;
}

export interface SearchResponse {
  hits: ModalHit[];
  nbHits: number;
}

/** The one interface the modal talks to: the embedded index or the hosted service. */
export interface SearchSource {
  /** Name used in the saved-search storage keys (the DocSearch convention: index name). */
  indexName: string;
  search(request: SearchRequest): Promise<SearchResponse>;
  /** Top-level headings of the whole index, for no-results suggestions (local index only). */
  topLevelHeadings?(): Promise<string[]>;
}

export const LEVELS: readonly Level[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** An option of the dialog's list: a hit of the query, or a saved search on the start screen. */
export type ModalItem = { kind: 'hit'; hit: ModalHit } | { kind: 'recent' | 'favorite'; hit: StoredHit };
