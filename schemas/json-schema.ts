import { z } from 'zod';
import { FeedLink } from './feed.ts';
import { NamesFile } from './names.ts';
import { Frontmatter } from './frontmatter.ts';
import { PageRecord } from './page.ts';
import { RouteManifest } from './route.ts';
import { SearchRecord } from './search.ts';
import { SearchSynonyms } from './search-synonyms.ts';
import { SidebarFile } from './sidebar-file.ts';
import { ResolvedSite, SiteConfig, SiteShell } from './site.ts';
import { ToolLink } from './tool-showcase.ts';
import { TocItem } from './toc.ts';
import { TranslationsFile } from './translations.ts';

/** Every file kind that crosses a boundary, by the name of its JSON Schema file. */
export const exportedSchemas = {
  'site-config': SiteConfig,
  site: ResolvedSite,
  shell: SiteShell,
  sidebar: SidebarFile,
  routes: RouteManifest,
  page: PageRecord,
  frontmatter: Frontmatter,
  toc: TocItem,
  'search-record': SearchRecord,
  'search-synonyms': SearchSynonyms,
  feed: FeedLink,
  'tool-link': ToolLink,
  translations: TranslationsFile,
  names: NamesFile,
} as const;

/** JSON Schema documents keyed by file name (`<name>.schema.json`). */
export function toJsonSchemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(exportedSchemas)) {
    // 'input' for the config the authors write (defaults optional), 'output' for emitted data.
    const io = name === 'site-config' || name === 'frontmatter' || name === 'search-synonyms' ? 'input' : 'output';
    out[name] = { $id: `${name}.schema.json`, ...z.toJSONSchema(schema, { io, unrepresentable: 'any' }) };
  }
  return out;
}
