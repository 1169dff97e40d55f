import { z } from 'zod';

/** The site's languages. English is the default and lives at `/`; Chinese lives under `/zh/`. */
export const Lang = z.enum(['en', 'zh']).describe('Page language: en (default, unprefixed) or zh (under /zh/)');
export type Lang = z.infer<typeof Lang>;

/** The page types a layout exists for. Unknown types are rejected at build time and render as doc. */
export const PageType = z
  .enum(['home', 'doc', 'custom', 'blank', '404'])
  .describe('Layout: home (landing), doc (default), custom (own content), blank (own content, no navbar), 404');
export type PageType = z.infer<typeof PageType>;
