/**
 * Which index the search of a page uses, derived from site.json (pure, tiny: it is part of the
 * first-load bundle through SearchButton). The modal turns a setup into a search source.
 */
import type { Lang } from '../../../schemas/lang.ts';
import { searchDataPath } from '../../../schemas/paths.ts';
import type { SiteShell } from '../../../schemas/site.ts';

export type SearchSetup =
  | { provider: 'local'; lang: Lang; indexName: string; /** The index's path in dist-data/. */ dataPath: string; missingResultsUrl: string | null }
  | {
      provider: 'algolia';
      lang: Lang;
      indexName: string;
      appId: string;
      apiKey: string;
      insights: boolean;
      siteOrigin: string;
      missingResultsUrl: string | null;
    };

export function searchSetup(site: SiteShell, lang: Lang): SearchSetup {
  const search = site.themeConfig.search;
  const missingResultsUrl = search.missingResultsUrl ?? null;
  if (search.provider === 'algolia') {
    return {
      provider: 'algolia',
      lang,
      indexName: search.indexName,
      appId: search.appId,
      apiKey: search.apiKey,
      insights: search.insights,
      siteOrigin: site.url,
      missingResultsUrl,
    };
  }
  // One local index per language: saved searches are kept apart per language too.
  return { provider: 'local', lang, indexName: `local-${lang}`, dataPath: searchDataPath(lang), missingResultsUrl };
}

/** The query is at most 64 characters, wherever it comes from. */
export const MAX_QUERY_LENGTH = 64;
export function clampQuery(query: string): string {
  // UTF-16 units, like the input's maxLength, so a clamped query is never cut again by the input.
  return query.slice(0, MAX_QUERY_LENGTH);
}
