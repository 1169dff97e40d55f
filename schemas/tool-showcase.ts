import { z } from 'zod';

/** One tool of the ecosystem showcase (home page cards and the grid-icon popover menu). */
export const ToolLink = z
  .object({
    name: z.string().min(1).describe('Tool name'),
    desc: z.string().min(1).describe('Short description in Chinese'),
    descEn: z.string().min(1).describe('Short description in English'),
    logo: z.string().min(1).describe('Logo path under content/public (self-hosted)'),
    url: z.string().url().describe('Site URL (Chinese site when urlEn is set)'),
    urlEn: z.string().url().optional().describe('English site URL, when different'),
    logoScale: z.number().positive().optional().describe('Scale factor for logos with extra padding'),
  })
  .strict();
export type ToolLink = z.infer<typeof ToolLink>;

export const ToolShowcase = z
  .object({
    tools: z.array(ToolLink).length(6).describe('The six cards: bundler, build tool, library tool, static site generator, build analyzer, test framework'),
    more: ToolLink.describe('The extra ecosystem link shown only in the popover menu'),
  })
  .strict();
export type ToolShowcase = z.infer<typeof ToolShowcase>;
