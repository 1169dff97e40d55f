/**
 * The records part of `npm run search:export` (scripts/search-export.ts, which also ranks a query
 * with the site's own engine): writes the section records of dist-data/ (built by `npm run data`)
 * ready for upload to a hosted index, with the index settings that make the hosted ranking
 * match the embedded one (heading attributes above prose, code last, typo thresholds 5 and 8).
 *
 *   npm run search:export -- [--data dist-data] [--out dist-search] [--index <name>]
 *
 * Both languages go into one index, told apart by the `lang` facet the modal filters on.
 * The helpers are pure; `main` reads dist-data/ through discover (readDistData) and writes
 * through emit (writeSearchExport), the pipeline's one reader and one writer.
 */
import path from 'node:path';
import type { Lang } from '../../schemas/lang.ts';
import type { SearchRecord } from '../../schemas/search.ts';
import type { ResolvedSidebarItem } from '../../schemas/sidebar.ts';
import type { ResolvedSite } from '../../schemas/site.ts';
import { readDistData, type DistData } from '../stages/discover.ts';
import { writeSearchExport } from '../stages/emit.ts';
import { deriveSearchRecords } from './records.ts';

export { readDistData, type DistData };

/** Top-level sidebar group whose subtree links to the route: the record's lvl0. */
export function groupForRoute(site: ResolvedSite, lang: Lang, sidebarKey: string | null, routePath: string): string | null {
  if (!sidebarKey) return null;
  const locale = site.locales.find((l) => l.lang === lang);
  const items = (locale?.sidebar as Record<string, ResolvedSidebarItem[]> | undefined)?.[sidebarKey] ?? [];
  const contains = (item: ResolvedSidebarItem): boolean => {
    if (typeof item === 'string') return item === routePath;
    if ('link' in item && item.link === routePath) return true;
    return 'items' in item && Array.isArray(item.items) && (item.items as ResolvedSidebarItem[]).some(contains);
  };
  for (const item of items) {
    if (typeof item === 'object' && 'items' in item && 'text' in item && contains(item)) return item.text as string;
  }
  return null;
}

/** Section records per language, derived exactly as the pipeline derives them for the index. */
export function searchRecordsOf({ site, pages }: DistData): Record<Lang, SearchRecord[]> {
  const out: Record<Lang, SearchRecord[]> = { en: [], zh: [] };
  for (const page of pages) {
    out[page.lang].push(...deriveSearchRecords(page, groupForRoute(site, page.lang, page.sidebarKey, page.routePath)));
  }
  return out;
}

/** A hosted record: the DocSearch hit shape with an absolute URL, as crawlers produce them. */
export type HostedRecord = SearchRecord & { url_without_anchor: string };

export function hostedRecords(site: ResolvedSite, records: SearchRecord[]): HostedRecord[] {
  const origin = site.url.replace(/\/$/, '');
  return records.map((record) => ({
    ...record,
    url: origin + record.url,
    url_without_anchor: origin + record.url.split('#')[0],
  }));
}

/** Index settings mirroring the embedded engine's ranking (renderer/search/engine/engine.ts). */
export function hostedSettings() {
  return {
    searchableAttributes: [
      'unordered(hierarchy.lvl1)',
      'unordered(hierarchy.lvl2)',
      'unordered(hierarchy.lvl3)',
      'unordered(hierarchy.lvl4)',
      'unordered(hierarchy.lvl5)',
      'unordered(hierarchy.lvl6)',
      'unordered(hierarchy.lvl0)',
      'content',
      'code',
    ],
    attributesForFaceting: ['lang', 'type'],
    attributesToRetrieve: ['hierarchy', 'content', 'type', 'url', 'lang'],
    attributesToHighlight: ['hierarchy', 'content'],
    minWordSizefor1Typo: 5,
    minWordSizefor2Typos: 8,
    queryLanguages: ['en', 'zh'],
    indexLanguages: ['en', 'zh'],
    separatorsToIndex: '',
    camelCaseAttributes: ['hierarchy', 'content', 'code'],
    removeWordsIfNoResults: 'allOptional',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    snippetEllipsisText: '…',
    hitsPerPage: 20,
  };
}

function argument(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

export async function main(argv: string[], cwd: string): Promise<string[]> {
  const dataDir = path.resolve(cwd, argument(argv, 'data') ?? 'dist-data');
  const outDir = path.resolve(cwd, argument(argv, 'out') ?? 'dist-search');
  const data = await readDistData(dataDir).catch((error: unknown) => {
    throw new Error(`Cannot read ${dataDir} (run \`npm run data\` first): ${(error as Error).message}`);
  });
  const search = data.site.themeConfig.search;
  const indexName = argument(argv, 'index') ?? (search.provider === 'algolia' ? search.indexName : undefined);
  if (!indexName) throw new Error('No index name: set themeConfig.search.indexName in content/site.json or pass --index <name>');
  const perLang = searchRecordsOf(data);
  const records = hostedRecords(data.site, [...perLang.en, ...perLang.zh]);
  const { recordsFile, settingsFile } = writeSearchExport(outDir, indexName, records, hostedSettings());
  return [
    `✔ ${records.length} records (${perLang.en.length} en, ${perLang.zh.length} zh) → ${path.relative(cwd, recordsFile)}`,
    `✔ index settings → ${path.relative(cwd, settingsFile)}`,
  ];
}
