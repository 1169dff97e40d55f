/** Derive: llms.txt, a markdown index of the docs for language models (llmstxt.org format). */
import type { RecordHead } from './page.ts';
import type { SiteConfig } from '../../schemas/site.ts';
import type { ResolvedSidebars, SidebarLinkEntry } from './sidebar.ts';

export function deriveLlmsTxt(site: SiteConfig, sidebars: ResolvedSidebars, pages: ReadonlyMap<string, RecordHead>, memo?: LlmsLineMemo): string {
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
        lines.push(linkLine(origin, entry, pages.get(entry.link), memo));
      }
      lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * Each sidebar link's line, by its entry, for a caller that derives llms.txt again and again: a
 * dev session keeps the sidebars and the heads of unchanged pages (neither is ever changed), so
 * most lines are the same strings.
 */
export type LlmsLineMemo = WeakMap<SidebarLinkEntry, { origin: string; page: RecordHead | undefined; line: string }>;

function linkLine(origin: string, entry: SidebarLinkEntry, page: RecordHead | undefined, memo: LlmsLineMemo | undefined): string {
  const held = memo?.get(entry);
  if (held?.origin === origin && held.page === page) return held.line;
  const line = `- [${entry.text}](${origin}${entry.link})${page?.description ? `: ${page.description}` : ''}`;
  memo?.set(entry, { origin, page, line });
  return line;
}

/** A page's markdown twin. Home pages have no # heading: their twin gets a title and what the hero says. */
export function markdownTwin(head: { title: string; description: string }, hasH1: boolean, markdown: string): string {
  return hasH1 ? markdown : `${`# ${head.title}\n\n${head.description}\n\n${markdown}`.trimEnd()}\n`;
}

/** One page's section of llms-full.txt: its URL as a comment, then its markdown. */
export function llmsFullSection(site: Pick<SiteConfig, 'url'>, route: string, markdown: string): string {
  return `<!-- ${site.url.replace(/\/$/, '')}${route} -->\n\n${markdown}`;
}

const SEPARATOR = '\n---\n\n';

/** A page's section of llms-full.txt, and the hash of the record it was made from. */
export interface LlmsChunk {
  chunk: Buffer;
  hash: string;
}

/**
 * llms-full.txt: every page's section, default language first, in sidebar order, as the parts
 * the file is written from one after another (tens of megabytes on a large site: never joined
 * in memory). Sections are bytes, so an unchanged one is a slice of the previous file; where each
 * one lands is recorded in the state for the next run.
 */
export function assembleLlmsFull(
  site: SiteConfig,
  sidebars: ResolvedSidebars,
  sections: ReadonlyMap<string, LlmsChunk>,
  state: { llmsFull: Record<string, [number, number, string]> },
): Buffer[] {
  const parts: Buffer[] = [Buffer.from(`# ${site.title}\n\n> ${site.description}\n`)];
  let offset = parts[0]!.length;
  const separator = Buffer.from(SEPARATOR);
  const done = new Set<string>();
  for (const locale of site.locales) {
    for (const order of Object.values(sidebars.order[locale.lang])) {
      for (const entry of order) {
        const section = sections.get(entry.link);
        if (!section || done.has(entry.link)) continue;
        done.add(entry.link);
        parts.push(separator, section.chunk);
        offset += separator.length;
        state.llmsFull[entry.link] = [offset, offset + section.chunk.length, section.hash];
        offset += section.chunk.length;
      }
    }
  }
  return parts;
}
