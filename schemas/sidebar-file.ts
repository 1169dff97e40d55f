import { z } from 'zod';
import { Lang } from './lang.ts';
import { ResolvedSidebarItem } from './sidebar.ts';

/**
 * dist-data/sidebars/<lang>/<key>.json: one resolved sidebar, loaded with the pages it applies
 * to. A large sidebar keeps only its top-level groups' titles here and each group's items in a
 * part (`sidebars/<lang>/<key>/<n>.json`, same shape, `part` set), so that what a page embeds
 * stays the same size however many pages the site has.
 */
export const SidebarFile = z
  .object({
    schemaVersion: z.literal(1),
    lang: Lang,
    key: z.string().describe('Sidebar key (path prefix without language prefix), e.g. /guide/'),
    part: z.number().int().nonnegative().nullable().describe('Index of the top-level group this part holds, or null for the sidebar file'),
    items: z.array(ResolvedSidebarItem),
  })
  .strict();
export type SidebarFile = z.infer<typeof SidebarFile>;
