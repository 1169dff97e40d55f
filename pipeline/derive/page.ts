/**
 * Derive: a page record (all but its body) from a page summary and what the build knows about the whole site,
 * assembled from small named getters so each rule is easy to find.
 */
import type { FeedLink } from '../../schemas/feed.ts';
import type { Lang } from '../../schemas/lang.ts';
import type { OverviewGroup } from '../../schemas/overview.ts';
import type { PageRecord } from '../../schemas/page.ts';
import type { TranslationStatus } from '../../schemas/translations.ts';
import type { SiteConfig } from '../../schemas/site.ts';
import type { PageSummary } from '../types.ts';
import type { ResolvedSidebars, SidebarLinkEntry } from './sidebar.ts';
import { sidebarEntry, sidebarFilesFor, sidebarKeyFor } from './sidebar.ts';
import { hashOf } from '../memo/incremental.ts';
import { ANALYZER_VERSION } from '../../schemas/search-format/format.ts';

export interface PageSource {
  file: string;
  relPath: string;
  lang: Lang;
  /** Language-less route, e.g. /guide/start/ */
  route: string;
  /** Full route, e.g. /zh/guide/start/ */
  routePath: string;
}

export interface SiteFacts {
  site: SiteConfig;
  sidebars: ResolvedSidebars;
  /** Page summaries by full route (for titles and overview headings). */
  pages: ReadonlyMap<string, { summary: PageSummary; source: PageSource }>;
  /** Full routes of every language for a language-less route. */
  twins: ReadonlyMap<string, Array<{ lang: Lang; routePath: string }>>;
  lastUpdated: ReadonlyMap<string, number>;
  feeds: ReadonlyMap<string, FeedLink[]>;
  /** By a translated page's file: its state and the route of its source page. */
  translationStatus: ReadonlyMap<string, TranslationStatus>;
}

/** A page's record without its body: everything that depends on the rest of the site. */
export type RecordHead = Omit<PageRecord, 'body'>;

export function derivePage(source: PageSource, summary: PageSummary, facts: SiteFacts): RecordHead {
  const sidebarKey = getSidebarKey(source, facts);
  const order = sidebarKey ? (facts.sidebars.order[source.lang][sidebarKey] ?? []) : [];
  const entry = sidebarEntry(facts.sidebars, source.lang, sidebarKey, source.routePath);
  const { prevPage, nextPage } = getPrevNext(entry?.index ?? -1, order);
  return {
    schemaVersion: 1,
    pagePath: source.file,
    _relativePath: source.relPath,
    routePath: source.routePath,
    lang: source.lang,
    version: '',
    pageType: summary.frontmatter.pageType,
    title: getTitle(summary, facts.site, source.lang),
    description: getDescription(summary, facts.site, source.lang),
    frontmatter: summary.frontmatter,
    toc: summary.toc,
    lastUpdatedTime: facts.lastUpdated.get(source.file) ?? null,
    feeds: facts.feeds.get(source.routePath) ?? [],
    sidebarKey,
    sidebarFiles: sidebarFilesFor(facts.sidebars, source.lang, sidebarKey, entry?.entry ?? null),
    prevPage: summary.frontmatter.footer ? prevPage : null,
    nextPage: summary.frontmatter.footer ? nextPage : null,
    editLink: getEditLink(source, facts.site),
    translations: facts.twins.get(source.route) ?? [{ lang: source.lang, routePath: source.routePath }],
    translationStatus: facts.translationStatus.get(source.file) ?? null,
    overview: summary.frontmatter.overview ? getOverview(source, summary, order, facts) : null,
    markdownTwin: `/${markdownTwinPath(source.routePath)}`,
  };
}

/** Where the plain-markdown twin of a route lives, relative to the site root: beside its HTML. */
function markdownTwinPath(routePath: string): string {
  return `${routePath.endsWith('/') ? `${routePath}index` : routePath}.md`.slice(1);
}

/**
 * What of a page's summary reaches anything but the page's own record (other pages' records and
 * checks, sidebars, feeds, llms.txt): all of it but the toc's character offsets and the page's
 * own problems, and its translation skeleton (a narrow run compares it with its twin's itself,
 * see stages/compile.ts). Of two summaries with one digest, every other output is the same, and the
 * page's head differs only in its toc (see derivePage: that is the only other thing it takes
 * from the summary; tests/pipeline/build-incremental.test.ts compares narrow runs with clean builds).
 */
export function outwardDigest(summary: PageSummary): string {
  // Where its hovers link is its record's alone (its hash has it: recordHashOf).
  const { toc, skeleton: _skeleton, diagnostics: _, hoverTargets: _hovers, ...rest } = summary;
  return hashOf(JSON.stringify(rest), JSON.stringify(toc.map(({ text, id, depth }) => [text, id, depth])));
}

/** A record's JSON: the head, and the body (serialized when the page was compiled) spliced in as it is. */
export function recordJson(head: RecordHead, body: string): string {
  return `${recordOpening(head)}${body}}`;
}

/** recordJson as bytes, from the body's bytes (as the cache holds them): never decoded. */
export function recordJsonParts(head: RecordHead, body: Buffer): Buffer[] {
  return [Buffer.from(recordOpening(head)), body, Buffer.from('}')];
}

const recordOpening = (head: RecordHead) => `${JSON.stringify(head).slice(0, -1)},"body":`;

/** What says whether a record changed: its head, its page's cache key (which stands for the body) and the digest of where its hovers link (hovers/hover-links.ts). */
export function recordHashOf(head: RecordHead, key: string, hoverDigest?: string | null): string {
  return hoverDigest ? hashOf(JSON.stringify(head), key, hoverDigest) : hashOf(JSON.stringify(head), key);
}

/**
 * What says whether a page's search records, and the terms they are indexed under, changed: its
 * record, its sidebar group and the search analyzer's version.
 */
export function searchHashOf(recordHash: string, group: string | null): string {
  return hashOf(recordHash, group ?? '', `a${ANALYZER_VERSION}`);
}

/** frontmatter title, else the first # heading, else the site title (home pages have no h1). */
export function getTitle(summary: PageSummary, site: SiteConfig, lang: Lang): string {
  return summary.frontmatter.title ?? summary.h1 ?? localeOf(site, lang)?.title ?? site.title;
}

export function getDescription(summary: PageSummary, site: SiteConfig, lang: Lang): string {
  const fromPage = summary.frontmatter.description ?? summary.frontmatter.hero?.tagline ?? summary.firstParagraph;
  const text = fromPage || localeOf(site, lang)?.description || site.description;
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

function getSidebarKey(source: PageSource, facts: SiteFacts): string | null {
  if (source.route === '/') return null;
  const keys = Object.keys(facts.sidebars.items[source.lang]);
  return sidebarKeyFor(source.route, keys);
}

/** Neighbours of the entry at `index` of a reading order (-1: not listed, no neighbours). */
export function getPrevNext(index: number, order: readonly SidebarLinkEntry[]) {
  const at = (i: number) => {
    const entry = index === -1 ? undefined : order[i];
    return entry ? { text: entry.text, link: entry.link } : null;
  };
  return { prevPage: at(index - 1), nextPage: at(index + 1) };
}

function getEditLink(source: PageSource, site: SiteConfig): PageRecord['editLink'] {
  const edit = site.themeConfig.editLink;
  if (!edit) return null;
  const text = localeOf(site, source.lang)?.editLinkText ?? edit.text;
  return { text, url: `${edit.docRepoBaseUrl.replace(/\/$/, '')}/${source.lang}/${source.relPath}` };
}

/** The section's pages below this one, grouped as in the sidebar, with their chosen headings. */
function getOverview(source: PageSource, summary: PageSummary, order: readonly SidebarLinkEntry[], facts: SiteFacts): OverviewGroup[] {
  const depths = new Set(summary.frontmatter.overviewHeaders);
  const groups: OverviewGroup[] = [];
  for (const entry of order) {
    if (entry.link === source.routePath || !entry.link.startsWith(source.routePath)) continue;
    const page = facts.pages.get(entry.link);
    if (!page || page.summary.frontmatter.overview) continue;
    let group = groups.find((g) => g.name === entry.group);
    if (!group) {
      group = { name: entry.group, items: [] };
      groups.push(group);
    }
    group.items.push({
      title: entry.text,
      link: entry.link,
      headers: page.summary.toc.filter((item) => depths.has(item.depth)).map(({ text, id, depth }) => ({ text, id, depth })),
    });
  }
  return groups;
}

function localeOf(site: SiteConfig, lang: Lang) {
  return site.locales.find((locale) => locale.lang === lang);
}
