/**
 * Site-wide content checks that need every page at once: each route has its twin in every
 * language, and each doc page is listed in a sidebar (a warning: it is still built).
 */
import type { Lang } from '../../schemas/lang.ts';
import type { PageSummary } from '../types.ts';
import type { PageSource } from './page.ts';
import type { ResolvedSidebars } from './sidebar.ts';
import type { Diagnostics } from '../diagnostics.ts';

type Pages = ReadonlyMap<string, { summary: PageSummary; source: PageSource }>;

/** Every language's route of each language-less route, reporting routes missing a twin. */
export function checkTwins(pages: Pages, langs: readonly Lang[], diagnostics: Diagnostics): Map<string, Array<{ lang: Lang; routePath: string }>> {
  const twins = new Map<string, Array<{ lang: Lang; routePath: string }>>();
  for (const { source } of pages.values()) {
    const list = twins.get(source.route) ?? [];
    list.push({ lang: source.lang, routePath: source.routePath });
    twins.set(source.route, list);
  }
  for (const { source } of pages.values()) {
    for (const lang of langs) {
      if (!twins.get(source.route)?.some((t) => t.lang === lang)) {
        diagnostics.error(source.file, { line: 1, column: 1 }, `${source.routePath} has no ${lang} twin (expected content/${lang}/${source.relPath})`, 'missing-twin');
      }
    }
  }
  return twins;
}

export function checkSidebarCoverage(pages: Pages, sidebars: ResolvedSidebars, langs: readonly Lang[], diagnostics: Diagnostics): void {
  const listed = new Set(langs.flatMap((lang) => Object.values(sidebars.order[lang]).flatMap((order) => order.map((entry) => entry.link))));
  for (const { summary, source } of pages.values()) {
    const isDoc = summary.frontmatter.pageType === 'doc' && summary.frontmatter.sidebar;
    if (isDoc && !listed.has(source.routePath) && source.route !== '/') {
      diagnostics.warn(source.file, { line: 1, column: 1 }, `${source.routePath} is not listed in any sidebar`, 'not-in-sidebar');
    }
  }
}
