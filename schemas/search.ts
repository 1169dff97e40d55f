import { z } from 'zod';

const Level = z.string().nullable();

/**
 * One search record per heading section, in the DocSearch hit shape, so that the local index
 * and a hosted index (Algolia) return the same thing to the modal.
 */
export const SearchRecord = z
  .object({
    objectID: z.string().min(1).describe('Stable id: the url (route plus anchor)'),
    url: z.string().describe('Route with #anchor, origin stripped'),
    type: z.enum(['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content']).describe('Level of the deepest heading, or content'),
    content: z.string().nullable().describe('Section body text (prose)'),
    code: z.string().default('').describe('Code-block text of the section, searched with a lower weight'),
    description: z
      .string()
      .optional()
      .describe("The page's frontmatter description, on its top record only: what the page says it is about, searched as a field of its own"),
    lang: z.enum(['en', 'zh']),
    hierarchy: z
      .object({ lvl0: Level, lvl1: Level, lvl2: Level, lvl3: Level, lvl4: Level, lvl5: Level, lvl6: Level })
      .strict()
      .describe('lvl0 = sidebar group, lvl1 = page title, lvl2.. = headings'),
  })
  .strict();
export type SearchRecord = z.infer<typeof SearchRecord>;
