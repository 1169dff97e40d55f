/**
 * list_pages: the site's sidebars (site.json), as an indented list of titles and URLs, so that a
 * model can see what the docs cover and pick pages by title. `section` narrows it to one sidebar
 * (guide, config, api, blog) or one group of a sidebar (Getting Started).
 */
import { z } from 'zod';
import { Lang } from '../../../schemas/lang.ts';
import type { ResolvedSidebarItem } from '../../../schemas/sidebar.ts';
import { closest } from '../closest.ts';
import { ToolError } from '../errors.ts';
import { docsTool } from './tool.ts';

interface Entry {
  title: string;
  url: string | null;
  depth: number;
}

/** A sidebar's items in reading order, each at its depth; dividers left out. */
function entriesOf(items: readonly ResolvedSidebarItem[], siteUrl: string, depth = 0): Entry[] {
  return items.flatMap((item): Entry[] => {
    if ('sectionHeaderText' in item) return [{ title: item.sectionHeaderText, url: null, depth }];
    if ('items' in item) return [{ title: item.text, url: item.link ? siteUrl + item.link : null, depth }, ...entriesOf(item.items, siteUrl, depth + 1)];
    if ('link' in item) return [{ title: item.text, url: siteUrl + item.link, depth }];
    return [];
  });
}

/** Every group of a sidebar, nested ones included. */
function groupsOf(items: readonly ResolvedSidebarItem[]): Array<Extract<ResolvedSidebarItem, { items: unknown }>> {
  return items.flatMap((item) => ('items' in item ? [item, ...groupsOf(item.items)] : []));
}

const keyName = (key: string) => key.replace(/^\/+|\/+$/g, '').toLowerCase();

export const listPages = docsTool({
  name: 'list_pages',
  title: 'List the pages of the Rslib docs',
  description:
    'List the pages of the Rslib documentation as its sidebars show them: titles and URLs, indented by group. Give `section` to list one sidebar (guide, config, api, blog) or one group (Getting Started, Basic). Read a page with get_page.',
  input: {
    lang: Lang.optional().describe('Language: en (default) or zh'),
    section: z.string().trim().min(1).max(200).optional().describe('A sidebar (guide, config, api, blog) or a group title; default: every sidebar'),
  },
  output: {
    lang: Lang,
    sidebars: z.array(
      z.object({
        key: z.string().describe('The sidebar: the path its pages are under, /guide/'),
        group: z.string().nullable().describe('The group listed, when `section` named one'),
        pages: z.array(z.object({ title: z.string(), url: z.string().nullable().describe('null for a group or header without a page'), depth: z.number().int() })),
      }),
    ),
  },
  async run({ lang = 'en', section }, bundle) {
    const [site, siteUrl] = await Promise.all([bundle.site(), bundle.siteUrl()]);
    const locale = site.locales.find((l) => l.lang === lang);
    if (!locale) throw new ToolError(`The site has no ${lang} pages.`);
    const sidebars = Object.entries(locale.sidebar);
    let listed: Array<{ key: string; group: string | null; pages: Entry[] }>;
    if (!section) listed = sidebars.map(([key, items]) => ({ key, group: null, pages: entriesOf(items, siteUrl) }));
    else {
      const wanted = section.toLowerCase();
      const bySidebar = sidebars.find(([key]) => keyName(key) === keyName(wanted));
      const byGroup = sidebars.flatMap(([key, items]) => groupsOf(items).map((group) => ({ key, group }))).find(({ group }) => group.text.toLowerCase() === wanted);
      if (bySidebar) listed = [{ key: bySidebar[0], group: null, pages: entriesOf(bySidebar[1], siteUrl) }];
      else if (byGroup) listed = [{ key: byGroup.key, group: byGroup.group.text, pages: entriesOf([byGroup.group], siteUrl) }];
      else {
        const names = [...sidebars.map(([key]) => keyName(key)), ...sidebars.flatMap(([, items]) => groupsOf(items).map((group) => group.text))];
        throw new ToolError(`No sidebar or group "${section}" in the ${lang} docs. The closest: ${closest(wanted, names).join(', ')}. Sidebars: ${sidebars.map(([key]) => keyName(key)).join(', ')}.`);
      }
    }
    const text = listed.map(({ key, group, pages }) => [`# ${key}${group ? ` › ${group}` : ''}`, ...pages.map((p) => `${'  '.repeat(p.depth)}- ${p.url ? `[${p.title}](${p.url})` : p.title}`)].join('\n')).join('\n\n');
    return { structured: { lang, sidebars: listed }, text };
  },
});
