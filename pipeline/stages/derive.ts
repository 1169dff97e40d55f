/**
 * Stage 3, derive: the site-wide outputs, from every page's summary and the site config. Checks
 * across pages (twins, links, sidebar coverage), the sidebars and site.json that hold them, the
 * blog feeds, and then each page's record head with the hashes that say whether its files and
 * search records changed. Pure; a dev session keeps what did not change (build-memory.ts).
 */
import path from 'node:path';
import type { Lang } from '../../schemas/lang.ts';
import { dataPathForRoute, NAMES_DATA_PATH, SEARCH_SYNONYMS_DATA_PATH, SHELL_DATA_PATH, TRANSLATIONS_DATA_PATH } from '../../schemas/paths.ts';
import { NamesFile } from '../../schemas/names.ts';
import { namesFileOf } from '../derive/names-file.ts';
import type { RouteEntry } from '../../schemas/route.ts';
import { ResolvedSite, type SiteConfig } from '../../schemas/site.ts';
import { checkLinks } from '../derive/check-links.ts';
import { checkSidebarCoverage, checkTwins } from '../derive/check-site.ts';
import { deriveFeeds, feedLinkFor, type FeedPost } from '../derive/feeds.ts';
import { deriveLlmsTxt } from '../derive/llms.ts';
import { derivePage, getDescription, getTitle, recordHashOf, searchHashOf, type RecordHead, type SiteFacts } from '../derive/page.ts';
import { deriveSidebarFiles, resolveSidebars, sidebarEntry, type ResolvedSidebars } from '../derive/sidebar.ts';
import { resolveSite, shellOf } from '../derive/site.ts';
import { deriveSitemap } from '../derive/sitemap.ts';
import { emptyDerivedMemo, recall, type DerivedHead, type DerivedMemo } from '../memo/build-memory.ts';
import { hashOf } from '../memo/incremental.ts';
import type { NarrowMemo } from '../memo/narrow.ts';
import type { Run } from '../run.ts';
import type { PageSummary } from '../types.ts';
import type { TranslationsFile, TranslationStatus } from '../../schemas/translations.ts';
import { isSharedPath } from '../routes.ts';
import { translationPairs, translationsFile } from '../translations/status.ts';
import { checkTranslations, compiledSkeletonFile, DRIFT_RULE, writtenSkeletonFile, type DriftMemo } from '../translations/drift.ts';
import { validate } from '../validate.ts';
import type { Diagnostics } from '../diagnostics.ts';
import type { ResolvedHovers } from '../hovers/hover-hast.ts';
import { hoverDigestOf, resolveHoverLinks, type HoverLinkProblem, type LinkedPage } from '../hovers/hover-links.ts';
import { langPrefix } from '../routes.ts';
import type { CompiledSite, SitePage } from './compile.ts';

/** The site-wide results: what every page's head is derived with, and the site's own files. */
export interface DerivedSite {
  site: SiteConfig;
  langs: Lang[];
  sidebars: ResolvedSidebars;
  /** Each sidebar's files by path, as JSON. */
  sidebarFiles: (readonly [string, string])[];
  /** Routes that have a section in llms-full.txt (those in a sidebar). */
  inLlmsFull: Set<string>;
  /** Whether the resolved site passed its schema (a run emits nothing otherwise). */
  siteValid: boolean;
  siteJson: string;
  shellJson: string;
  /** dist-data/search/synonyms.json (see search/synonyms.ts). */
  synonymsJson: string;
  /** dist-data/translations.json: each translation's state (see translations/status.ts). */
  translationsJson: string;
  /** dist-data/names.json: every name of Rslib the pages document (derive/names-file.ts). */
  namesJson: string;
  posts: FeedPost[];
  facts: SiteFacts;
  /** Hash of what a held head depends on besides its page: site config, titles, commit times. */
  factsHash: string;
  memo: DerivedMemo;
  /** In a narrow run: every site-wide output is the current bundle's, carried over (only its pages' own files change). */
  carried: boolean;
  /** Where each page's hover texts link, by route (pages with hovers only; hovers/hover-links.ts). */
  hoverLinks: Map<string, ResolvedHovers>;
  /** The pages those links lead to, null for a route with no page: a narrow run links its pages' hovers with them (BuildState.linkPages). */
  linkPages: Record<string, LinkedPage | null>;
}

/**
 * What the stages after derive take of the site it derived: not the facts the heads were derived
 * from, every page's summary among them (its memo's maps hold summaries only as weak keys).
 */
export type DerivedOutputs = Omit<DerivedSite, 'facts'>;

/**
 * A page's record head and hashes, with the page, but not its summary: the stages after derive
 * read nothing of it, and a run that keeps no memo lets the summaries go once derived (see
 * writeSummariesAhead in memo/run-memo.ts).
 */
export type DerivedPage = { route: string } & Omit<SitePage, 'summary'> & DerivedHead;

export function deriveSite(run: Run, site: SiteConfig, { pages, narrow }: CompiledSite, synonymsJson: string): DerivedSite {
  const { diagnostics, found, kept } = run;
  const langs = site.locales.map((locale) => locale.lang);
  if (narrow) return carriedSite(run, site, langs, narrow, pages);
  const twins = checkTwins(pages, langs, diagnostics);
  const memo = kept?.derived ?? emptyDerivedMemo();
  checkTranslationDrift(run, site, pages, memo.drift);
  const linkTargets = new Map([...pages].map(([route, page]) => [route, linkTargetOf(page.summary, memo)]));
  for (const { summary, source } of pages.values()) checkLinks(source.file, source.routePath, summary.links, linkTargets, found.publicFiles, diagnostics);
  const { hoverLinks, linkPages } = linkHovers(site, pages, (route) => pages.get(route)?.summary, diagnostics, memo.hoverLinks);
  const titles = new Map([...pages].map(([route, page]) => [route, getTitle(page.summary, site, page.source.lang)]));
  const titlesJson = JSON.stringify([...titles]);
  // Sidebars, and site.json which holds them, follow from the site config and the titles alone.
  const siteFile = siteFileOf(run);
  const resolved = recall(kept, 'sidebars', `${found.siteSource}\0${titlesJson}`, diagnostics, (problems) => {
    const sidebars = resolveSidebars({ site, siteFile, siteSource: found.siteSource, titles }, problems);
    const resolvedSite = resolveSite(site, sidebars);
    return {
      siteValid: validate(ResolvedSite, resolvedSite, siteFile, 'Resolved site', problems) !== null,
      sidebars,
      sidebarFiles: [...deriveSidebarFiles(sidebars)].map(([file, content]) => [file, JSON.stringify(content)] as const),
      inLlmsFull: new Set(langs.flatMap((lang) => Object.values(sidebars.order[lang]).flatMap((order) => order.map((entry) => entry.link)))),
      siteJson: JSON.stringify(resolvedSite),
      shellJson: JSON.stringify(shellOf(resolvedSite)),
    };
  });
  checkSidebarCoverage(pages, resolved.sidebars, langs, diagnostics);
  const { posts, feeds } = blogFeedsOf(site, pages, titles);
  const { file: translations, status: translationStatus } = translationsOf(run, site, langs, pages);
  const facts = { site, sidebars: resolved.sidebars, pages, twins, lastUpdated: found.lastUpdated, feeds, translationStatus };
  // A dev session keeps every head while these facts stay the same (see deriveHeads).
  const factsHash = kept ? hashOf(found.siteSource, titlesJson, JSON.stringify([...found.lastUpdated]), JSON.stringify([...translationStatus])) : '';
  const names = namesFileOf([...pages.values()].map(({ source, summary }) => ({ route: source.route, lang: source.lang, summary })), site.lang, found.rslibVersion, run.exportInfos);
  const namesJson = validate(NamesFile, names, siteFileOf(run), 'Names file', diagnostics) ? JSON.stringify(names) : '';
  return { site, langs, ...resolved, synonymsJson, translationsJson: JSON.stringify(translations), namesJson, posts, facts, factsHash, memo, carried: false, hoverLinks, linkPages };
}

/**
 * Where the hover texts of these pages link, and our pages' sentences on their names
 * (hovers/hover-links.ts), from the pages `summaryOf` gives by route; a link that leads nowhere
 * is a problem at the sample's place. Also the pages linked to, for the narrow runs to come.
 * With a `memo` (a dev session's), a page whose summary and whose linked pages' summaries are
 * the objects of the last run keeps its links as they were resolved then, the same object.
 */
export function linkHovers(site: SiteConfig, pages: ReadonlyMap<string, SitePage>, summaryOf: (route: string) => { ids: readonly string[]; names?: LinkedPage['names'] } | undefined, diagnostics: Diagnostics, memo?: DerivedMemo['hoverLinks']): Pick<DerivedSite, 'hoverLinks' | 'linkPages'> {
  const hoverLinks = new Map<string, ResolvedHovers>();
  const linkPages: Record<string, LinkedPage | null> = {};
  const pageOf = (route: string): LinkedPage | undefined => {
    if (!(route in linkPages)) {
      const summary = summaryOf(route);
      linkPages[route] = summary ? { ids: summary.ids, names: summary.names ?? [] } : null;
    }
    return linkPages[route] ?? undefined;
  };
  for (const [route, { summary, source }] of pages) {
    if (!summary.hoverTargets) continue;
    const prefix = langPrefix(source.lang, site.lang);
    let linked = memo?.get(summary);
    if (linked?.prefix === prefix && [...linked.looked].every(([to, seen]) => summaryOf(to) === seen)) {
      for (const to of linked.looked.keys()) pageOf(to);
    } else {
      const looked = new Map<string, object | undefined>();
      const { resolved, problems } = resolveHoverLinks(summary.hoverTargets, prefix, (to) => (looked.set(to, summaryOf(to)), pageOf(to)));
      linked = { prefix, looked, resolved, problems };
      memo?.set(summary, linked);
    }
    const { resolved, problems } = linked;
    hoverLinks.set(route, resolved);
    // A name and its documentation's own link may lead to the same missing page: said once.
    for (const problem of new Set(problems.map(({ target, message, rule }) => JSON.stringify([target.line, target.column, message, rule])))) {
      const [line, column, message, rule] = JSON.parse(problem) as [number, number, string, HoverLinkProblem['rule']];
      diagnostics.error(source.file, { line, column }, message, rule);
    }
  }
  return { hoverLinks, linkPages };
}

/**
 * A narrow run's site: the changed pages kept their outward digests, so every site-wide output
 * (sidebars, site.json, feeds, sitemap, llms.txt, the other pages' records) is the current
 * bundle's, and its problems are those the run that made it reported (but the changed pages'
 * drift from their twins, found anew).
 */
function carriedSite(run: Run, site: SiteConfig, langs: Lang[], narrow: NarrowMemo, pages: CompiledSite['pages']): DerivedSite {
  const drift = narrow.drift;
  const carried = narrow.stamp.diagnostics.filter((d) => !(d.rule === DRIFT_RULE && drift?.files.has(d.file)));
  run.diagnostics.items.splice(0, Infinity, ...carried, ...(drift?.items ?? []));
  const none = () => Object.fromEntries(langs.map((lang) => [lang, {}]));
  const sidebars = { items: none(), order: none(), position: none() } as ResolvedSidebars;
  const facts = { site, sidebars, pages: new Map(), twins: new Map(), lastUpdated: run.found.lastUpdated, feeds: new Map(), translationStatus: new Map() };
  // The changed pages' hovers link to the pages the last run from every page saw (their links checked there: stages/compile.ts, compileChanged).
  const known = narrow.table.data.linkPages ?? {};
  const { hoverLinks } = linkHovers(site, pages, (route) => known[route] ?? undefined, run.diagnostics);
  return { site, langs, sidebars, sidebarFiles: [], inLlmsFull: new Set(), siteValid: true, siteJson: '', shellJson: '', synonymsJson: '', translationsJson: '', namesJson: '', posts: [], facts, factsHash: '', memo: emptyDerivedMemo(), carried: true, hoverLinks, linkPages: known };
}

/**
 * Translations that drifted from their source pages and fragments: warnings here, so writing in
 * one language never blocks a build or the dev server (`npm run check:translations` makes them errors).
 */
function checkTranslationDrift(run: Run, site: SiteConfig, pages: CompiledSite['pages'], memo: DriftMemo): void {
  // Fragments are always read (discover); they are compared as written.
  const fragments = run.found.sources.filter((file) => isSharedPath(file.relPath) && file.source !== undefined);
  const files = [...[...pages.values()].map(compiledSkeletonFile), ...fragments.map(writtenSkeletonFile)];
  // Pages without a twin are missing-twin errors already.
  checkTranslations(files, site.lang, run.diagnostics, 'warning', (file) => isSharedPath(file.relPath), memo);
}

/** Every translation of every source-language page, with its state from git history; and each translated page's status, by its file. */
function translationsOf(run: Run, site: SiteConfig, langs: readonly Lang[], pages: CompiledSite['pages']): { file: TranslationsFile; status: Map<string, TranslationStatus> } {
  const sources = [...pages.values()].map(({ source }) => source);
  const file = translationsFile(translationPairs(sources, site.lang, langs), site.lang, run.found.history);
  const routeOf = new Map(sources.map((source) => [source.file, source.routePath]));
  const status = new Map(file.pages.flatMap((entry) => (entry.state === 'missing' ? [] : [[entry.file, { state: entry.state, source: routeOf.get(entry.source)! }] as const])));
  return { file, status };
}

/** content/site.json as messages name it. */
export const siteFileOf = (run: Run) => path.relative(run.paths.root, path.join(run.paths.content, 'site.json')).split(path.sep).join('/');

/** Blog posts (pages under /blog/ with a date) for the feeds, and each post's feed link. */
function blogFeedsOf(site: SiteConfig, pages: ReadonlyMap<string, SitePage>, titles: ReadonlyMap<string, string>) {
  const posts: FeedPost[] = [];
  const feeds = new Map<string, ReturnType<typeof feedLinkFor>[]>();
  for (const { summary, source } of pages.values()) {
    if (!source.route.startsWith('/blog/') || !summary.frontmatter.date) continue;
    posts.push({ lang: source.lang, routePath: source.routePath, title: titles.get(source.routePath)!, description: getDescription(summary, site, source.lang), date: summary.frontmatter.date });
    feeds.set(source.routePath, [feedLinkFor(source.lang)]);
  }
  return { posts, feeds };
}

/**
 * Every record's head and hash, by route (cheap, no I/O). A dev session keeps every head: while
 * the site-wide facts stay the same (titles, hence sidebars and twins; site config; last-updated
 * times), a page whose content did not change keeps its head. Overview pages list other pages'
 * headings, so they are always derived again.
 */
export function deriveHeads(run: Run, derived: DerivedSite, { pages, narrow }: CompiledSite): DerivedPage[] {
  const { kept } = run;
  // A changed page of a narrow run: its old head with its new toc (the only thing of its head it can change, see outwardDigest).
  if (narrow) return [...pages].map(([route, page]) => {
    const held = narrow.held.get(route)!;
    return { route, ...withoutSummary(page), ...headOf(route, page, { ...held.oldHead, toc: page.summary.toc }, held.known.group, '', derived.hoverLinks.get(route)) };
  });
  const heldHeads = kept?.heads ?? new Map<string, DerivedHead>();
  const heads = [...pages]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, page]) => {
      const held = heldHeads.get(route);
      const hovers = derived.hoverLinks.get(route);
      const same = held?.key === page.key && held.facts === derived.factsHash && !page.summary.frontmatter.overview && (held.hovers === hovers || JSON.stringify(held.hovers) === JSON.stringify(hovers));
      const head = same ? held : deriveHead(route, page, derived.facts, derived.factsHash, hovers);
      if (kept && !same) heldHeads.set(route, head);
      return { route, ...withoutSummary(page), ...head };
    });
  if (kept) {
    for (const route of heldHeads.keys()) if (!pages.has(route)) heldHeads.delete(route);
    kept.heads = heldHeads;
  }
  return heads;
}

const withoutSummary = ({ summary: _summary, ...page }: SitePage): Omit<SitePage, 'summary'> => page;

/** A page's head and the hashes that say whether its files and search records changed. */
function deriveHead(route: string, page: SitePage, facts: SiteFacts, factsHash: string, hovers: ResolvedHovers | undefined): DerivedHead {
  const head = derivePage(page.source, page.summary, facts);
  return headOf(route, page, head, sidebarEntry(facts.sidebars, head.lang, head.sidebarKey, route)?.entry.group ?? null, factsHash, hovers);
}

/**
 * A page's head with its sidebar group, and the hashes and entries that follow from them. Its
 * entry in routes.json starts with its path and ends with its hash: a narrow run splices entries
 * into the file by those (see withEntries in stages/records.ts).
 */
function headOf(route: string, page: SitePage, head: RecordHead, group: string | null, factsHash: string, hovers: ResolvedHovers | undefined): DerivedHead {
  const recordHash = recordHashOf(head, page.key, hovers && hoverDigestOf(hovers));
  const entry: RouteEntry = { path: route, filePath: `${page.source.lang}/${page.source.relPath}`, lang: head.lang, version: '', pageType: head.pageType, title: head.title, data: dataPathForRoute(route), hash: recordHash.slice(0, 12) };
  return { key: page.key, facts: factsHash, head, group, recordHash, searchHash: searchHashOf(recordHash, group), entry, twinPath: `markdown${head.markdownTwin}`, hasH1: Boolean(page.summary.h1), ...(hovers && { hovers }) };
}

/** What links to a page may point at: its heading ids (one set per summary). */
function linkTargetOf(summary: PageSummary, memo: DerivedMemo): { ids: Set<string> } {
  let target = memo.linkTargets.get(summary);
  if (!target) memo.linkTargets.set(summary, (target = { ids: new Set(summary.ids) }));
  return target;
}

/** The site's own files (all but records, twins, search indexes and llms-full.txt; the search synonyms included), as the strings written and compared. */
export function siteFilesOf(derived: DerivedOutputs, heads: RecordHead[], routes: RouteEntry[]): Map<string, string> {
  const { site, sidebars, memo } = derived;
  const files = new Map<string, string>([
    ['site.json', derived.siteJson],
    [SHELL_DATA_PATH, derived.shellJson],
    [SEARCH_SYNONYMS_DATA_PATH, derived.synonymsJson],
    [TRANSLATIONS_DATA_PATH, derived.translationsJson],
    [NAMES_DATA_PATH, derived.namesJson],
    ['routes.json', JSON.stringify({ schemaVersion: 1, routes })],
    ['sitemap.xml', deriveSitemap(site, heads, memo.sitemapEntries)],
    ['llms.txt', deriveLlmsTxt(site, sidebars, new Map(heads.map((h) => [h.routePath, h])), memo.llmsLines)],
  ]);
  for (const [file, content] of deriveFeeds(site, derived.posts)) files.set(file, content);
  for (const [file, content] of derived.sidebarFiles) files.set(file, content);
  return files;
}

/**
 * Whether dist-data/ already is what this run would write: every record's and search records'
 * hash the memo's, and the site's own files equal (no record needs reading to know).
 */
export function bundleIsCurrent(run: Run, memo: { previous: { records: Record<string, string>; searchHashes?: Record<string, string> } | null }, derived: DerivedSite, pages: readonly DerivedPage[]): boolean {
  // A narrow run changes nothing when its stale pages were only touched.
  if (derived.carried) return pages.length === 0;
  const { previous } = memo;
  if (run.options.prime || !previous || run.diagnostics.errors.length > 0) return false;
  if (pages.length !== Object.keys(previous.records).length) return false;
  if (!pages.every((page) => previous.records[page.route] === page.recordHash && previous.searchHashes?.[page.route] === page.searchHash)) return false;
  const siteFiles = siteFilesOf(derived, pages.map((page) => page.head), pages.map((page) => page.entry));
  return [...siteFiles].every(([file, content]) => run.reads.output(file)?.toString() === content);
}
