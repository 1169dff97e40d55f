/**
 * Derive: the site files every page and tool reads: dist-data/site.json (the config resolved:
 * language prefixes on links, sidebar texts filled) and shell.json (the same without sidebars).
 */
import type { NavItem } from '../../schemas/nav.ts';
import type { ResolvedSite, SiteConfig, SiteShell } from '../../schemas/site.ts';
import type { ResolvedSidebars } from './sidebar.ts';
import { langPrefix } from '../routes.ts';

/** dist-data/shell.json: what every page of the renderer loads (sidebars come per page). */
export function shellOf(site: ResolvedSite): SiteShell {
  return { ...site, locales: site.locales.map(({ sidebar: _sidebar, ...locale }) => locale) };
}

/** dist-data/site.json: nav links and sidebars carry the language prefix; texts are filled. */
export function resolveSite(site: SiteConfig, sidebars: ResolvedSidebars): ResolvedSite {
  const { $schema: _schema, locales, ...rest } = site;
  return {
    ...rest,
    schemaVersion: 1,
    locales: locales.map((locale) => {
      const prefix = langPrefix(locale.lang, site.lang);
      const prefixNav = (item: NavItem): NavItem => ({
        ...item,
        ...(item.link && item.link.startsWith('/') ? { link: `${prefix}${item.link}` } : {}),
        ...(item.items ? { items: item.items.map(prefixNav) } : {}),
      });
      return { ...locale, prefix, nav: locale.nav.map(prefixNav), sidebar: sidebars.items[locale.lang] };
    }),
  };
}
