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
