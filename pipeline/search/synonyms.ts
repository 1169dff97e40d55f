/**
 * Checks `content/search-synonyms.json` (schemas/search-synonyms.ts) on every full build and
 * makes `dist-data/search/synonyms.json` of it, which the search chunk loads with an index: a
 * bad set must stop the build with a clear place and rule. A site without the file searches
 * without synonyms.
 */
import { NO_SEARCH_SYNONYMS, SearchSynonyms } from '../../schemas/search-synonyms.ts';
import { placeAtOffset, type Diagnostics } from '../diagnostics.ts';
import type { Discovered } from '../types.ts';

export const SYNONYMS_FILE = 'search-synonyms.json';
const RULE = 'search-synonyms';

/**
 * The text of dist-data/search/synonyms.json: the table as validated, without its `$schema`;
 * empty lists when the site has none, or when it is invalid (its problems are reported, and
 * only a forced run, a preview, writes dist-data/ despite them).
 */
export function searchSynonymsJson(found: Discovered['synonyms'], diagnostics: Diagnostics): string {
  const table = found ? checkSearchSynonyms(found.file, found.source, diagnostics) : null;
  const { en, zh } = table ?? NO_SEARCH_SYNONYMS;
  return JSON.stringify({ en, zh });
}

/** Validates the synonym table's text; `file` is the path reported in diagnostics. */
export function checkSearchSynonyms(file: string, source: string, diagnostics: Diagnostics): SearchSynonyms | null {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec(String(error))?.[1] ?? 0);
    diagnostics.error(file, placeAtOffset(source, offset), `Invalid JSON: ${(error as Error).message}`, RULE);
    return null;
  }
  const result = SearchSynonyms.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    diagnostics.error(file, placeAtOffset(source, offsetOfPath(source, data, issue.path)), `Invalid search synonyms at ${issue.path.join('.') || '(root)'}: ${issue.message}`, RULE);
  }
  return null;
}

/**
 * Where a value sits in the source: the language key, then the set's and the variant's
 * position found by scanning for their JSON text in order (sets are plain string arrays).
 */
function offsetOfPath(source: string, data: unknown, at: readonly PropertyKey[]): number {
  const [lang, set, variant] = at;
  if (typeof lang !== 'string') return 0;
  let offset = Math.max(source.indexOf(`"${lang}"`), 0);
  const sets = (data as Record<string, unknown>)[lang];
  if (typeof set !== 'number' || !Array.isArray(sets)) return offset;
  // The first `[` after the key opens the language's list, each next one a set.
  for (let k = 0; k <= set + 1; k++) {
    const next = source.indexOf('[', offset + 1);
    if (next < 0) return offset;
    offset = next;
  }
  const values = sets[set];
  if (typeof variant !== 'number' || !Array.isArray(values)) return offset;
  const text = JSON.stringify(values[variant]);
  const found = text ? source.indexOf(text, offset) : -1;
  return found < 0 ? offset : found;
}
