import { z } from 'zod';

/** The data of an `overview: true` page: the section's pages grouped as in the sidebar. */
export const OverviewGroup = z
  .object({
    name: z.string().describe('Sidebar group name'),
    items: z.array(
      z
        .object({
          title: z.string(),
          link: z.string().describe('Full route with language prefix'),
          headers: z.array(
            z.object({ text: z.string(), id: z.string(), depth: z.number().int().min(2).max(4) }).strict(),
          ),
        })
        .strict(),
    ),
  })
  .strict();
export type OverviewGroup = z.infer<typeof OverviewGroup>;
