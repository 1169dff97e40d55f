import { z } from 'zod';
import { Lang } from './lang.ts';
import { NavItem, SocialLink } from './nav.ts';
import { ResolvedSidebar, SidebarConfig } from './sidebar.ts';
import { ToolShowcase } from './tool-showcase.ts';

/** A logo: one image for both themes, or one per theme. Paths are under content/public. */
export const Logo = z.union([z.string().min(1), z.object({ light: z.string().min(1), dark: z.string().min(1) }).strict()]);

/** Per-language settings: label in the language menu, meta texts, navigation and sidebars. */
export const LocaleConfig = z
  .object({
    lang: Lang,
    label: z.string().min(1).describe('Name in the language menu, e.g. English, 简体中文'),
    title: z.string().optional().describe('Site title for this language; defaults to the site title'),
    description: z.string().optional().describe('Meta description for this language'),
    editLinkText: z.string().optional().describe('Text of the edit-page link'),
    nav: z.array(NavItem).default([]).describe('Top navigation'),
    sidebar: SidebarConfig.default({}).describe('Sidebars keyed by path prefix (without language prefix)'),
  })
  .strict();

/** Hosted search (Algolia DocSearch). When absent the embedded local index is used. */
export const AlgoliaSearch = z
  .object({
    provider: z.literal('algolia'),
    appId: z
      .string({ error: 'themeConfig.search.appId (the Algolia application id) is missing' })
      .min(1, 'themeConfig.search.appId (the Algolia application id) is missing')
      .describe('Algolia application id'),
    apiKey: z
      .string({ error: 'themeConfig.search.apiKey (the Algolia search key) is missing' })
      .min(1, 'themeConfig.search.apiKey (the Algolia search key) is missing')
      .describe('Search-only API key'),
    indexName: z.string().min(1),
    insights: z.boolean().default(false).describe('Send click events (off by default)'),
    missingResultsUrl: z.string().url().optional().describe('Shown as "Let us know" on the no-results screen'),
  })
  .strict();

export const LocalSearch = z
  .object({
    provider: z.literal('local'),
    missingResultsUrl: z.string().url().optional().describe('Shown as "Let us know" on the no-results screen'),
  })
  .strict();

export const SearchConfig = z.discriminatedUnion('provider', [LocalSearch, AlgoliaSearch]);

export const ThemeConfig = z
  .object({
    socialLinks: z.array(SocialLink).default([]),
    darkMode: z.boolean().default(true).describe('false forces the light theme'),
    search: SearchConfig.default({ provider: 'local' }),
    editLink: z
      .object({
        docRepoBaseUrl: z.string().url().describe('Base URL of the docs folder in the repository'),
        text: z.string().default('Edit this page on GitHub'),
      })
      .strict()
      .optional(),
    lastUpdated: z.boolean().default(true).describe('Show the Last Updated note'),
    lastUpdatedText: z.string().optional(),
    outline: z.boolean().default(true),
    outlineTitle: z.string().optional().describe('Defaults to ON THIS PAGE'),
    hideNavbar: z.enum(['never', 'always', 'auto']).default('never').describe('Hide the navbar on scroll down'),
    localeRedirect: z.enum(['auto', 'never']).default('auto').describe('Redirect first visits to the browser language'),
    enableScrollToTop: z.boolean().default(true),
    fallbackHeadingTitle: z.boolean().default(true).describe('Use the first # heading when title is missing'),
    enableContentAnimation: z.boolean().default(false),
    enableAppearanceAnimation: z.boolean().default(true).describe('Circular reveal when toggling the theme'),
  })
  .strict();

/** content/site.json: the whole site configuration. */
export const SiteConfig = z
  .object({
    $schema: z.string().optional(),
    title: z.string().min(1),
    description: z.string().default(''),
    url: z.string().url().describe('Public origin, used for canonical URLs, feeds and the sitemap'),
    icon: z.string().describe('Favicon path'),
    logo: Logo.optional(),
    logoText: z.string().optional(),
    lang: Lang.default('en').describe('Default language (unprefixed routes)'),
    locales: z.array(LocaleConfig).min(1),
    multiVersion: z
      .object({ default: z.literal(''), versions: z.array(z.string()).max(0) })
      .strict()
      .default({ default: '', versions: [] }),
    markdown: z
      .object({ showLineNumbers: z.boolean().default(false), defaultWrapCode: z.boolean().default(false) })
      .strict()
      .default({ showLineNumbers: false, defaultWrapCode: false }),
    route: z.object({ cleanUrls: z.boolean().default(true) }).strict().default({ cleanUrls: true }),
    themeConfig: ThemeConfig.default(ThemeConfig.parse({})),
    feeds: z
      .partialRecord(Lang, z.object({ title: z.string(), description: z.string() }).strict())
      .default({})
      .describe('RSS feed title and description per language (blog posts)'),
    toolShowcase: ToolShowcase.optional(),
    copyright: z.string().optional().describe('Footer copyright line'),
  })
  .strict();
export type SiteConfig = z.infer<typeof SiteConfig>;
export type SiteConfigInput = z.input<typeof SiteConfig>;

/** dist-data/site.json: the site config with sidebars resolved (texts filled, full routes). */
export const ResolvedLocale = LocaleConfig.extend({
  sidebar: ResolvedSidebar,
  prefix: z.string().describe('Route prefix: empty for the default language, /zh for Chinese'),
});
export const ResolvedSite = SiteConfig.omit({ locales: true, $schema: true }).extend({
  schemaVersion: z.literal(1),
  locales: z.array(ResolvedLocale),
});
export type ResolvedSite = z.infer<typeof ResolvedSite>;

/**
 * dist-data/shell.json: site.json without the sidebars, which the renderer loads on every page.
 * Its size does not grow with the number of pages; a page's sidebar comes from its sidebar file.
 */
export const ShellLocale = ResolvedLocale.omit({ sidebar: true });
export const SiteShell = ResolvedSite.extend({ locales: z.array(ShellLocale) });
export type SiteShell = z.infer<typeof SiteShell>;
