import { z } from 'zod';

/** One outline entry: a heading of depth 2 to 4 with its anchor id. */
export const TocItem = z.object({
  text: z.string().describe('Heading text, inline markup removed'),
  id: z.string().min(1).describe('Anchor id (GitHub-style slug or the explicit {#id})'),
  depth: z.number().int().min(2).max(4).describe('Heading depth, 2..4'),
  charIndex: z.number().int().min(0).describe('Offset of the heading in the page source'),
});
export type TocItem = z.infer<typeof TocItem>;
