/**
 * `content/search-synonyms.json`: reviewed sets of words a reader may type for the same thing,
 * per language of the site searched. A query word (or the whole query) that is one variant of a
 * set also finds the others: `不打包` finds `bundleless`, `dts` finds `类型声明文件`. Data, not
 * code: writers review it beside the pages (issue 22). The pipeline validates it and emits it as
 * `dist-data/search/synonyms.json` (the same shape, without `$schema`; empty lists when a site
 * has no table), which the search chunk loads with an index.
 */
import { z } from 'zod';

const Variant = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine((v) => !/[,;]/.test(v), { message: 'a variant is one word or phrase (no , or ;)' });

export const SynonymSet = z
  .array(Variant)
  .min(2, { message: 'a synonym set needs at least two variants' })
  .max(8)
  .refine((set) => new Set(set.map((v) => v.toLowerCase())).size === set.length, { message: 'a synonym set repeats a variant' })
  .describe('Words and phrases a reader may type for the same thing');

export const SearchSynonyms = z
  .object({
    $schema: z.string().optional(),
    en: z.array(SynonymSet).describe('Sets used when searching the English site'),
    zh: z.array(SynonymSet).describe('Sets used when searching the Chinese site (English terms with their Chinese ones, and Chinese variants)'),
  })
  .strict();
export type SearchSynonyms = z.infer<typeof SearchSynonyms>;

/** The sets of one language, as an engine takes them. */
export type SynonymSets = readonly (readonly string[])[];

/** What a site without a synonym table emits. */
export const NO_SEARCH_SYNONYMS: SearchSynonyms = { en: [], zh: [] };
