/**
 * search_docs: the site's own search, as its search dialog runs it. The engine is the one the
 * dialog loads (renderer/search/engine/), asked as the dialog asks it (the same number of hits and
 * snippet length), and its hits are put in the dialog's order (grouped by sidebar group, each
 * group where its best hit ranks: renderer/search/group.ts); so a query here and in the dialog
 * lists the same sections in the same order. Ranking changes made there reach this tool as they are.
 */
import { z } from 'zod';
import { hasCjk } from '../../../schemas/search-format/analyzer.ts';
import { Lang } from '../../../schemas/lang.ts';
import { MAX_QUERY_LENGTH } from '../../../renderer/search/engine/setup.ts';
import type { ModalHit, Segment } from '../../../renderer/search/engine/types.ts';
import { flatten, groupHits } from '../../../renderer/search/group.ts';
import { docsTool } from './tool.ts';

/** How many hits the dialog asks the engine for (HITS_PER_PAGE, renderer/search/useSearchResults.ts) and the snippet length it shows on a wide screen. */
export const DIALOG_REQUEST = { limit: 20, snippetWords: 10 } as const;

/** A snippet as text, its matched words in bold, as the dialog marks them. */
export function snippetText(segments: Segment[] | null): string | null {
  if (!segments) return null;
  return segments.map((segment) => (segment.match && segment.text.trim() ? `**${segment.text}**` : segment.text)).join('');
}

/** The heading a hit stands under, its deepest level below the page title; null for the page's own top section. */
function sectionOf(hit: ModalHit): string | null {
  const { lvl2, lvl3, lvl4, lvl5, lvl6 } = hit.hierarchy;
  return lvl6 ?? lvl5 ?? lvl4 ?? lvl3 ?? lvl2 ?? null;
}

const Hit = z.object({
  title: z.string().describe('Title of the page'),
  section: z.string().nullable().describe('The heading of the section found, or null for the top of the page'),
  group: z.string().nullable().describe('The sidebar group of the page'),
  url: z.string().describe('URL of the section on the site'),
  snippet: z.string().nullable().describe('A few words of the section around the match, matches in **bold**'),
});

export const searchDocs = docsTool({
  name: 'search_docs',
  title: 'Search the Rslib docs',
  description:
    'Search the Rslib documentation (rslib.rs) with the site\'s own search engine. Give keywords, not a sentence: an option name (dts.bundle, autoExternal), a task (declaration files, umd), an error word. Returns the best sections first, with their URLs; read one with get_page. Chinese keywords search the Chinese docs, anything else the English ones, unless `lang` says otherwise.',
  input: {
    query: z.string().trim().min(1).max(MAX_QUERY_LENGTH).describe(`Keywords, at most ${MAX_QUERY_LENGTH} characters: "bundle declaration files", "output.target", "格式"`),
    lang: Lang.optional().describe('Language of the docs to search: en or zh. Default: zh for a query with Chinese characters, else en'),
    limit: z.number().int().min(1).max(DIALOG_REQUEST.limit).default(10).describe(`Hits to return, 1 to ${DIALOG_REQUEST.limit} (default 10)`),
  },
  output: {
    query: z.string(),
    lang: Lang,
    total: z.number().int().describe('Sections found in all, of which the first are returned'),
    hits: z.array(Hit),
  },
  async run({ query, lang, limit }, bundle) {
    const language = lang ?? (hasCjk(query) ? 'zh' : 'en');
    const [engine, siteUrl] = await Promise.all([bundle.engine(language), bundle.siteUrl()]);
    const response = await engine.search(query, DIALOG_REQUEST);
    const hits = flatten(groupHits(response.hits))
      .slice(0, limit)
      .map((hit) => ({ title: hit.hierarchy.lvl1 ?? '', section: sectionOf(hit), group: hit.hierarchy.lvl0, url: siteUrl + hit.url, snippet: snippetText(hit.snippet) }));
    const text = hits.length
      ? hits.map((hit, i) => `${i + 1}. ${hit.title}${hit.section ? ` › ${hit.section}` : ''}\n   ${hit.url}${hit.snippet ? `\n   ${hit.snippet}` : ''}`).join('\n')
      : `No section of the ${language === 'zh' ? 'Chinese' : 'English'} docs matches "${query}". Try fewer or other words, or list_pages.`;
    return { structured: { query, lang: language, total: response.nbHits, hits }, text };
  },
});
