/**
 * The hosted index (Algolia) as a search source, through the official lite client: host
 * fallback, retries, growing timeouts and the request/response caches all come from it. The
 * request carries exactly the parameters DocSearch sends, plus a language filter because both
 * languages share one index (see pipeline/search/export.ts).
 */
import { liteClient } from 'algoliasearch/lite';
import { parseTagged } from './highlight.ts';
import { LEVELS, type Hierarchy, type HitType, type Level, type ModalHit, type SearchSource, type Segment } from './types.ts';

export const PRE_TAG = '<mark>';
export const POST_TAG = '</mark>';
const SNIPPET_ELLIPSIS = '…';

export interface HostedConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  lang: 'en' | 'zh';
  /** Click analytics are only requested when insights are on (off by default). */
  insights?: boolean;
  /** The site's public origin: stripped from hit URLs so selection stays in-app. */
  siteOrigin?: string;
}

type ClientOptions = NonNullable<Parameters<typeof liteClient>[2]>;

interface HighlightValue {
  value?: string;
}
interface RawHit {
  objectID: string;
  url?: string;
  type?: string;
  content?: string | null;
  hierarchy?: Partial<Hierarchy>;
  _highlightResult?: { hierarchy?: Partial<Record<Level, HighlightValue>>; content?: HighlightValue };
  _snippetResult?: { content?: HighlightValue; hierarchy?: Partial<Record<Level, HighlightValue>> };
}

const HIT_TYPES = new Set<string>(['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content']);

/** The request for one query. */
export function hostedRequest(config: HostedConfig, query: string, limit: number, snippetWords: number) {
  return {
    indexName: config.indexName,
    query,
    attributesToRetrieve: [...LEVELS.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'],
    attributesToSnippet: [...LEVELS.slice(1).map((l) => `hierarchy.${l}:${snippetWords}`), `content:${snippetWords}`],
    snippetEllipsisText: SNIPPET_ELLIPSIS,
    highlightPreTag: PRE_TAG,
    highlightPostTag: POST_TAG,
    hitsPerPage: limit,
    clickAnalytics: config.insights ?? false,
    facetFilters: [`lang:${config.lang}`],
  };
}

/** Strips the site's own origin; other absolute URLs stay as they are. */
export function stripOrigin(url: string, siteOrigin: string | undefined): string {
  if (siteOrigin && url.startsWith(siteOrigin)) return url.slice(siteOrigin.replace(/\/$/, '').length) || '/';
  try {
    const parsed = new URL(url);
    if (typeof window !== 'undefined' && parsed.origin === window.location.origin) return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    // Not absolute: already a route.
  }
  return url;
}

export function toModalHit(raw: RawHit, siteOrigin?: string): ModalHit {
  const hierarchy = Object.fromEntries(LEVELS.map((l) => [l, raw.hierarchy?.[l] ?? null])) as Hierarchy;
  const highlight: Partial<Record<Level, Segment[]>> = {};
  for (const lvl of LEVELS) {
    const text = hierarchy[lvl];
    if (!text) continue;
    const value = raw._highlightResult?.hierarchy?.[lvl]?.value;
    highlight[lvl] = value ? parseTagged(value, PRE_TAG, POST_TAG) : [{ text, match: false }];
  }
  const snippetValue = raw._snippetResult?.content?.value;
  const content = raw.content ?? null;
  return {
    objectID: raw.objectID,
    url: stripOrigin(raw.url ?? '', siteOrigin),
    type: HIT_TYPES.has(raw.type ?? '') ? (raw.type as HitType) : 'content',
    hierarchy,
    content,
    highlight,
    snippet: snippetValue ? parseTagged(snippetValue, PRE_TAG, POST_TAG) : content ? [{ text: content, match: false }] : null,
  };
}

export function createHostedSource(config: HostedConfig, clientOptions?: ClientOptions): SearchSource {
  // Throws "`appId` is missing." / "`apiKey` is missing."; the build checks first.
  // Credentials as query parameters, as the browser build does by default: no
  // custom headers, so no CORS preflight before each search.
  const client = liteClient(config.appId, config.apiKey, { authMode: 'WithinQueryParameters', ...clientOptions });
  return {
    indexName: config.indexName,
    async search({ query, limit, snippetWords }) {
      const { results } = await client.search<RawHit>({ requests: [hostedRequest(config, query, limit, snippetWords)] });
      const first = results[0] as { hits?: RawHit[]; nbHits?: number } | undefined;
      const hits = (first?.hits ?? []).map((hit) => toModalHit(hit, config.siteOrigin));
      return { hits, nbHits: first?.nbHits ?? hits.length };
    },
  };
}
