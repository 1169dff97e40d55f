import { z } from 'zod';
import { PageType } from './lang.ts';

/** A `<head>` entry: tag name and its attributes, e.g. ["meta", { name: "keywords", content: "…" }]. */
export const HeadTag = z.tuple([
  z.enum(['meta', 'link', 'script', 'style', 'base', 'noscript']),
  z.record(z.string(), z.string()),
]);

const HeroAction = z
  .object({
    text: z.string().min(1).describe('Button label'),
    link: z.string().min(1).describe('Target route (without language prefix) or external URL'),
    theme: z.enum(['brand', 'alt']).default('brand').describe('brand = primary button, alt = secondary'),
  })
  .strict();

/** The landing hero of a home page. */
export const Hero = z
  .object({
    name: z.string().min(1).describe('Product name, the large title'),
    text: z.string().optional().describe('Subtitle'),
    tagline: z.string().optional().describe('One-line description'),
    image: z.object({ src: z.string(), alt: z.string() }).strict().optional().describe('Logo image'),
    actions: z.array(HeroAction).default([]).describe('Call-to-action buttons'),
  })
  .strict();

/** A feature card on the home page. */
export const Feature = z
  .object({
    title: z.string().min(1),
    details: z.string().min(1),
    icon: z.string().optional().describe('Emoji or image path'),
    link: z.string().optional(),
  })
  .strict();

/**
 * Page frontmatter (docs/writing.md, "Frontmatter"). Unknown keys are rejected so that typos fail the build.
 */
export const Frontmatter = z
  .object({
    title: z.string().min(1).optional().describe('Page title; defaults to the first # heading'),
    description: z.string().optional().describe('Meta description; defaults to the first paragraph'),
    pageType: PageType.default('doc'),
    sidebar: z.boolean().default(true).describe('Show the sidebar'),
    navbar: z.boolean().default(true).describe('Show the navigation bar'),
    outline: z.boolean().default(true).describe('Show the ON THIS PAGE outline'),
    footer: z.boolean().default(true).describe('Show the previous/next footer'),
    overview: z.boolean().default(false).describe('Render the filterable overview of the section'),
    overviewHeaders: z
      .array(z.number().int().min(2).max(4))
      .min(1)
      .default([2])
      .describe('Heading depths listed under each overview item'),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
      .optional()
      .describe('Publication date (blog posts)'),
    titleSuffix: z.string().optional().describe('Replaces the site title suffix in <title>'),
    head: z.array(HeadTag).default([]).describe('Extra <head> tags'),
    globalUIComponents: z.boolean().default(true).describe('false switches off image zoom and feed links'),
    hero: Hero.optional().describe('Home page hero'),
    features: z.array(Feature).optional().describe('Home page feature cards'),
  })
  .strict();
export type Frontmatter = z.infer<typeof Frontmatter>;
export type FrontmatterInput = z.input<typeof Frontmatter>;
