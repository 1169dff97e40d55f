/** Derive: llms.txt, a markdown index of the docs for language models (llmstxt.org format). */
import type { PageRecord } from '../schemas/page.ts';
import type { SiteConfig } from '../schemas/site.ts';
import type { ResolvedSidebars } from './derive-sidebar.ts';

export function deriveLlmsTxt(site: SiteConfig, sidebars: ResolvedSidebars, pages: ReadonlyMap<string, PageRecord>): string {
  const origin = site.url.replace(/\/$/, '');
  const lines = [`# ${site.title}`, '', `> ${site.description}`, ''];
  for (const locale of site.locales) {
    if (locale.lang !== site.lang) lines.push(`## ${locale.label}`, '');
    for (const [key, order] of Object.entries(sidebars.order[locale.lang])) {
      let group = '';
      for (const entry of order) {
        if (entry.group !== group) {
          group = entry.group;
          lines.push(`${locale.lang === site.lang ? '##' : '###'} ${group || key}`, '');
        }
        const page = pages.get(entry.link);
        lines.push(`- [${entry.text}](${origin}${entry.link})${page?.description ? `: ${page.description}` : ''}`);
      }
      lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Where the plain-markdown twin of a route lives, relative to the site root: beside its HTML. */
export function markdownTwinPath(routePath: string): string {
  return `${routePath.endsWith('/') ? `${routePath}index` : routePath}.md`.slice(1);
}

/** llms-full.txt: every page's plain markdown, default language first, in sidebar order. */
export function deriveLlmsFullTxt(site: SiteConfig, sidebars: ResolvedSidebars, markdown: ReadonlyMap<string, string>): string {
  const parts: string[] = [`# ${site.title}\n\n> ${site.description}\n`];
  const done = new Set<string>();
  for (const locale of site.locales) {
    for (const order of Object.values(sidebars.order[locale.lang])) {
      for (const entry of order) {
        const text = markdown.get(entry.link);
        if (text === undefined || done.has(entry.link)) continue;
        done.add(entry.link);
        parts.push(`<!-- ${site.url.replace(/\/$/, '')}${entry.link} -->\n\n${text}`);
      }
    }
  }
  return parts.join('\n---\n\n');
}
