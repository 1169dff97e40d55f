/** Derive: sitemap.xml with every route, its last change and its language alternates. */
import type { RecordHead } from './page.ts';
import type { SiteConfig } from '../../schemas/site.ts';
import { xml } from './feeds.ts';

const HREFLANG = { en: 'en', zh: 'zh-CN' } as const;

/**
 * Each page's <url> entry, by its head, for a caller that derives the sitemap again and again:
 * a head never changes once derived, and a dev session keeps the heads of unchanged pages.
 */
export type SitemapMemo = WeakMap<RecordHead, { origin: string; xml: string }>;

function urlEntry(origin: string, page: RecordHead, memo: SitemapMemo | undefined): string {
  const held = memo?.get(page);
  if (held?.origin === origin) return held.xml;
  const lastmod = page.lastUpdatedTime ? `\n    <lastmod>${new Date(page.lastUpdatedTime).toISOString().slice(0, 10)}</lastmod>` : '';
  const alternates = page.translations.map((t) => `\n    <xhtml:link rel="alternate" hreflang="${HREFLANG[t.lang]}" href="${xml(origin + t.routePath)}"/>`).join('');
  const entry = `  <url>\n    <loc>${xml(origin + page.routePath)}</loc>${lastmod}${alternates}\n  </url>`;
  memo?.set(page, { origin, xml: entry });
  return entry;
}

export function deriveSitemap(site: SiteConfig, pages: readonly RecordHead[], memo?: SitemapMemo): string {
  const origin = site.url.replace(/\/$/, '');
  const urls = pages
    .filter((page) => page.pageType !== '404')
    .sort((a, b) => a.routePath.localeCompare(b.routePath))
    .map((page) => urlEntry(origin, page, memo));
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}
