/**
 * Derive: sidebars with every text filled in from page titles and every link given its
 * language prefix; the reading order (prev/next) of each sidebar; the sidebar that applies to a
 * route. Sidebar entries that point nowhere are errors located in content/site.json.
 */
import type { Lang } from '../../schemas/lang.ts';
import { sidebarDataPath, sidebarPartPath } from '../../schemas/paths.ts';
import type { PageRecord } from '../../schemas/page.ts';
import type { ResolvedSidebarItem, SidebarItemInput } from '../../schemas/sidebar.ts';
import type { SidebarFile } from '../../schemas/sidebar-file.ts';
import type { SiteConfig } from '../../schemas/site.ts';
import { placeAtOffset, type Diagnostics } from '../diagnostics.ts';
import { langPrefix } from '../routes.ts';

export interface SidebarLinkEntry {
  text: string;
  /** Full route, language prefix included. */
  link: string;
  /** Top-level group the link sits in (search lvl0, overview grouping). */
  group: string;
  /** Index of the top-level item the link sits in (the part of a large sidebar that holds it). */
  top: number;
}

export interface ResolvedSidebars {
  /** lang → sidebar key → items */
  items: Record<Lang, Record<string, ResolvedSidebarItem[]>>;
  /** lang → sidebar key → links in reading order */
  order: Record<Lang, Record<string, SidebarLinkEntry[]>>;
  /** lang → sidebar key → link → its index in `order` (lookups stay O(1) on large sites) */
  position: Record<Lang, Record<string, Map<string, number>>>;
}

export interface SidebarInput {
  site: SiteConfig;
  siteFile: string;
  siteSource: string;
  /** Title of every page by full route. */
  titles: ReadonlyMap<string, string>;
}

const isExternal = (link: string) => /^https?:/.test(link);

export function resolveSidebars(input: SidebarInput, diagnostics: Diagnostics): ResolvedSidebars {
  const result: ResolvedSidebars = { items: { en: {}, zh: {} }, order: { en: {}, zh: {} }, position: { en: {}, zh: {} } };
  for (const locale of input.site.locales) {
    const prefix = langPrefix(locale.lang, input.site.lang);
    for (const [key, items] of Object.entries(locale.sidebar)) {
      const order: SidebarLinkEntry[] = [];
      let top = 0;
      const resolveItem = (item: SidebarItemInput, group: string): ResolvedSidebarItem | null => {
        if (typeof item === 'string') return resolveItem({ link: item }, group);
        if ('items' in item) {
          const children = item.items.map((child) => resolveItem(child, group || item.text)).filter((x): x is ResolvedSidebarItem => x !== null);
          const link = item.link ? linkOf(item.link) : undefined;
          return { text: item.text, ...(link ? { link } : {}), ...(item.tag ? { tag: item.tag } : {}), collapsible: item.collapsible, collapsed: item.collapsed, items: children };
        }
        if ('link' in item) {
          const link = linkOf(item.link);
          if (link === null) return null;
          const text = item.text ?? input.titles.get(link) ?? link;
          if (!isExternal(link)) order.push({ text, link, group, top });
          return { ...item, text, link };
        }
        return item;
      };
      const linkOf = (written: string): string | null => {
        if (isExternal(written)) return written;
        const link = `${prefix}${written}`;
        if (input.titles.has(link)) return link;
        const offset = input.siteSource.indexOf(`"${written}"`);
        diagnostics.error(input.siteFile, placeAtOffset(input.siteSource, Math.max(offset, 0)), `Sidebar "${key}" (${locale.lang}) links to ${written}, which is not a page`, 'sidebar-dead-link');
        return null;
      };
      const resolved: ResolvedSidebarItem[] = [];
      for (const item of items) {
        top = resolved.length;
        const entry = resolveItem(item, '');
        if (entry) resolved.push(entry);
      }
      result.items[locale.lang][key] = resolved;
      result.order[locale.lang][key] = order;
      const position = new Map<string, number>();
      order.forEach((entry, index) => {
        if (!position.has(entry.link)) position.set(entry.link, index);
      });
      result.position[locale.lang][key] = position;
    }
  }
  return result;
}

/** The sidebar key that applies to a language-less route: the longest matching prefix. */
export function sidebarKeyFor(route: string, keys: readonly string[]): string | null {
  let best: string | null = null;
  for (const key of keys) if (route.startsWith(key) && (best === null || key.length > best.length)) best = key;
  return best;
}

/** A page's entry in a sidebar's reading order, found through the position index. */
export function sidebarEntry(sidebars: ResolvedSidebars, lang: Lang, key: string | null, link: string): { entry: SidebarLinkEntry; index: number } | null {
  if (!key) return null;
  const index = sidebars.position[lang][key]?.get(link);
  const entry = index === undefined ? undefined : sidebars.order[lang][key]?.[index];
  return entry && index !== undefined ? { entry, index } : null;
}

/**
 * A sidebar with more links than this is split: its file keeps the top-level groups' titles and
 * each group's items go to a part, loaded with the pages of that group or when the reader opens
 * it. Below it (every sidebar of the Rslib site) a sidebar is one file.
 */
export const SPLIT_SIDEBAR_ABOVE = 300;

function isSplit(sidebars: ResolvedSidebars, lang: Lang, key: string): boolean {
  return (sidebars.order[lang][key]?.length ?? 0) > SPLIT_SIDEBAR_ABOVE;
}

/** A top-level item whose items go to a part when its sidebar is split. */
function hasPart(item: ResolvedSidebarItem | undefined): item is Extract<ResolvedSidebarItem, { items: unknown }> {
  return item !== undefined && 'items' in item && item.items.length > 0;
}

/** Every sidebar file and part: data path → file (dist-data/sidebars/). */
export function deriveSidebarFiles(sidebars: ResolvedSidebars): Map<string, SidebarFile> {
  const files = new Map<string, SidebarFile>();
  for (const lang of Object.keys(sidebars.items) as Lang[]) {
    for (const [key, items] of Object.entries(sidebars.items[lang])) {
      const file = (part: number | null, fileItems: ResolvedSidebarItem[]): SidebarFile => ({ schemaVersion: 1, lang, key, part, items: fileItems });
      if (!isSplit(sidebars, lang, key)) {
        files.set(sidebarDataPath(lang, key), file(null, items));
        continue;
      }
      const outline = items.map((item, index) => {
        if (!hasPart(item)) return item;
        const part = sidebarPartPath(lang, key, index);
        files.set(part, file(index, item.items));
        return { ...item, items: [], part };
      });
      files.set(sidebarDataPath(lang, key), file(null, outline));
    }
  }
  return files;
}

/** Where a page's sidebar is: its sidebar file and, when split, the part of the page's group. */
export function sidebarFilesFor(sidebars: ResolvedSidebars, lang: Lang, key: string | null, entry: SidebarLinkEntry | null): PageRecord['sidebarFiles'] {
  if (!key || !sidebars.items[lang][key]) return null;
  const data = sidebarDataPath(lang, key);
  if (!isSplit(sidebars, lang, key) || !entry) return { data, part: null };
  return { data, part: hasPart(sidebars.items[lang][key][entry.top]) ? sidebarPartPath(lang, key, entry.top) : null };
}
