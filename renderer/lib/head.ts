import type { Lang } from '../../schemas/lang.ts';
import type { PageRecord } from '../../schemas/page.ts';
import type { SiteShell } from '../../schemas/site.ts';

/** `lang` attribute and hreflang value of each site language. */
export const HTML_LANG: Record<Lang, string> = { en: 'en', zh: 'zh-CN' };

export interface HeadTag {
  tag: 'meta' | 'link' | 'script' | 'style' | 'base' | 'noscript';
  attrs: Record<string, string>;
}

export interface PageHead {
  lang: string;
  title: string;
  description: string;
  tags: HeadTag[];
}

function localeOf(site: SiteShell, lang: Lang) {
  return site.locales.find((l) => l.lang === lang) ?? site.locales[0]!;
}

/** Page title plus the site title; home uses the site title; 404 uses "404" plus it. */
export function pageTitle(site: SiteShell, record: PageRecord | null, lang: Lang): string {
  const siteTitle = localeOf(site, lang).title ?? site.title;
  if (!record || record.pageType === '404') return `404 - ${siteTitle}`;
  const suffix = record.frontmatter.titleSuffix;
  if (record.pageType === 'home') return `${siteTitle}${suffix ?? ''}`;
  return `${record.title}${suffix ?? ` - ${siteTitle}`}`;
}

/** Everything that goes into <head> for one page (prerender) and is updated on client navigation. */
export function pageHead(site: SiteShell, record: PageRecord | null, lang: Lang): PageHead {
  const locale = localeOf(site, lang);
  const title = pageTitle(site, record, lang);
  const description = record?.description || locale.description || site.description;
  const origin = site.url.replace(/\/$/, '');
  const tags: HeadTag[] = [
    { tag: 'meta', attrs: { name: 'description', content: description } },
    { tag: 'meta', attrs: { property: 'og:title', content: title } },
    { tag: 'meta', attrs: { property: 'og:description', content: description } },
    { tag: 'meta', attrs: { property: 'og:type', content: record?.frontmatter.date ? 'article' : 'website' } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: locale.title ?? site.title } },
    { tag: 'meta', attrs: { property: 'og:locale', content: lang === 'zh' ? 'zh_CN' : 'en_US' } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary' } },
    { tag: 'link', attrs: { rel: 'icon', href: site.icon, ...(site.icon.endsWith('.svg') ? { type: 'image/svg+xml' } : {}) } },
  ];
  // A hosted search's host, connected to while the page loads, before the reader reaches for search.
  const search = site.themeConfig.search;
  if (search.provider === 'algolia') tags.push({ tag: 'link', attrs: { rel: 'preconnect', href: `https://${search.appId}-dsn.algolia.net`, crossorigin: 'anonymous' } });
  if (record && record.pageType !== '404') {
    const url = `${origin}${record.routePath}`;
    tags.push({ tag: 'meta', attrs: { property: 'og:url', content: url } });
    tags.push({ tag: 'link', attrs: { rel: 'canonical', href: url } });
    for (const t of record.translations) {
      tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: HTML_LANG[t.lang], href: `${origin}${t.routePath}` } });
    }
    const fallback = record.translations.find((t) => t.lang === site.lang);
    if (fallback) tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: `${origin}${fallback.routePath}` } });
    if (record.frontmatter.globalUIComponents) {
      for (const feed of record.feeds) {
        // A full URL, as every alternate with an hreflang must be (crawlers ignore relative ones;
        // Lighthouse's SEO audit failed the blog post on it); `url` is the feed's path.
        tags.push({ tag: 'link', attrs: { rel: 'alternate', type: feed.mime, href: `${origin}${feed.url}`, title: `${locale.title ?? site.title} (${feed.language})`, hreflang: feed.language } });
      }
    }
    for (const [tag, attrs] of record.frontmatter.head) tags.push({ tag, attrs });
  } else {
    tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  }
  return { lang: HTML_LANG[lang], title, description, tags };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Serialises head tags for the prerendered HTML (attributes escaped; no children are emitted).
 * Each carries `data-page-head` so a client navigation can swap them for the next page's.
 */
export function headTagsToHtml(tags: HeadTag[]): string {
  return tags
    .map(({ tag, attrs }) => {
      const attributes = Object.entries({ ...attrs, 'data-page-head': '' })
        .map(([name, value]) => ` ${name.replace(/[^a-zA-Z0-9:_-]/g, '')}="${escapeHtml(value)}"`)
        .join('');
      return tag === 'meta' || tag === 'link' || tag === 'base' ? `<${tag}${attributes}>` : `<${tag}${attributes}></${tag}>`;
    })
    .join('');
}
