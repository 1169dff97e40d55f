import { z } from 'zod';
import { FeedLink } from './feed.ts';
import { Frontmatter } from './frontmatter.ts';
import { HastRoot } from './hast.ts';
import { Lang, PageType } from './lang.ts';
import { OverviewGroup } from './overview.ts';
import { RoutePath } from './route.ts';
import { TocItem } from './toc.ts';
import { TranslationStatus } from './translations.ts';

export const PageLink = z.object({ text: z.string(), link: z.string() }).strict();

/** dist-data/pages/<lang>/<route>.json: everything the renderer needs to show one page. */
export const PageRecord = z
  .object({
    schemaVersion: z.literal(1),
    pagePath: z.string().describe('Source path relative to the project, e.g. content/en/guide/start/index.md'),
    _relativePath: z.string().describe('Source path relative to the language folder, e.g. guide/start/index.md'),
    routePath: RoutePath.describe('Clean URL of the page'),
    lang: Lang,
    version: z.literal(''),
    pageType: PageType,
    title: z.string(),
    description: z.string(),
    frontmatter: Frontmatter,
    toc: z.array(TocItem),
    lastUpdatedTime: z.number().int().nullable().describe('Last commit time in ms since epoch, null when untracked'),
    feeds: z.array(FeedLink),
    sidebarKey: z.string().nullable().describe('Key of the sidebar in site.json that applies, or null'),
    sidebarFiles: z
      .object({
        data: z.string().describe('Data path of the sidebar file (sidebars/<lang>/<key>.json)'),
        part: z.string().nullable().describe('Large sidebars: data path of the part holding the items of this page\'s group'),
      })
      .strict()
      .nullable()
      .describe('Where the sidebar of this page is, or null when no sidebar applies'),
    prevPage: PageLink.nullable(),
    nextPage: PageLink.nullable(),
    editLink: z.object({ text: z.string(), url: z.string().url() }).strict().nullable(),
    translations: z
      .array(z.object({ lang: Lang, routePath: z.string() }).strict())
      .describe('The page in every language, this one included (hreflang alternates)'),
    translationStatus: TranslationStatus.nullable().describe('On a translated page, whether it is up to date with its source page; null on a source page'),
    overview: z.array(OverviewGroup).nullable().describe('Overview groups for overview: true pages'),
    markdownTwin: z
      .string()
      .regex(/^\/.*\.md$/)
      .describe('Site URL of the page\'s plain-markdown twin, published beside its HTML, e.g. /guide/start/index.md'),
    body: HastRoot.describe('Page body as a HAST root without positions; its config samples\' hover texts are its last child, a code-hovers element (docs/data.md, "Hovers in a page\'s body")'),
  })
  .strict();
export type PageRecord = z.infer<typeof PageRecord>;
