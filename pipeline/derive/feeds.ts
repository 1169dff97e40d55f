/**
 * Derive: one RSS 2.0 feed per language for blog posts (pages under /blog/ with a date), and the
 * feed link each post record announces.
 */
import type { FeedLink } from '../../schemas/feed.ts';
import type { Lang } from '../../schemas/lang.ts';
import type { SiteConfig } from '../../schemas/site.ts';

export interface FeedPost {
  lang: Lang;
  routePath: string;
  title: string;
  description: string;
  date: string;
}

export const feedFile = (lang: Lang) => `feeds/blog-${lang}.xml`;
const FEED_LANGUAGE: Record<Lang, string> = { en: 'en', zh: 'zh-CN' };

export function feedLinkFor(lang: Lang): FeedLink {
  return { url: `/${feedFile(lang)}`, mime: 'application/rss+xml', language: FEED_LANGUAGE[lang] };
}

export function deriveFeeds(site: SiteConfig, posts: readonly FeedPost[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const lang of ['en', 'zh'] as const) {
    const mine = posts.filter((post) => post.lang === lang).sort((a, b) => b.date.localeCompare(a.date));
    if (mine.length === 0) continue;
    const meta = site.feeds[lang] ?? { title: `${site.title} Blog`, description: site.description };
    const origin = site.url.replace(/\/$/, '');
    const items = mine
      .map(
        (post) => `    <item>
      <title>${xml(post.title)}</title>
      <link>${xml(origin + post.routePath)}</link>
      <guid isPermaLink="true">${xml(origin + post.routePath)}</guid>
      <pubDate>${new Date(`${post.date}T00:00:00Z`).toUTCString()}</pubDate>
      <description>${xml(post.description)}</description>
    </item>`,
      )
      .join('\n');
    files.set(
      feedFile(lang),
      `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(meta.title)}</title>
    <link>${xml(`${origin}${lang === site.lang ? '' : `/${lang}`}/blog/`)}</link>
    <description>${xml(meta.description)}</description>
    <language>${FEED_LANGUAGE[lang]}</language>
    <atom:link href="${xml(`${origin}/${feedFile(lang)}`)}" rel="self" type="application/rss+xml"/>
    <lastBuildDate>${new Date(`${mine[0]!.date}T00:00:00Z`).toUTCString()}</lastBuildDate>
${items}
  </channel>
</rss>
`,
    );
  }
  return files;
}

export function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
