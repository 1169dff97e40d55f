/**
 * get_page: a page as its markdown twin (docs/data.md: includes written out, links final, tabs
 * labelled), whole or one section, with the page's title, URL, outline, translations and
 * translation status. A long page comes a section at a time, so an answer never floods a
 * model's context: the outline says what there is, `next` how to ask for what follows.
 */
import { z } from 'zod';
import { Lang } from '../../../schemas/lang.ts';
import { TranslationState } from '../../../schemas/translations.ts';
import type { PageHead } from '../bundle/bundle.ts';
import { closest } from '../closest.ts';
import { ToolError } from '../errors.ts';
import { resolvePage } from '../pages/resolve.ts';
import { cutAtLine, sectionsOf, type Section } from '../pages/sections.ts';
import { docsTool } from './tool.ts';

/** Past this many characters a page is given a section at a time (about 5,000 tokens). */
export const PAGE_CHARACTER_LIMIT = 20_000;

/** The section asked for, by heading id or heading text, any case. */
function findSection(sections: Section[], asked: string, page: PageHead): Section {
  const wanted = asked.replace(/^#/, '').trim().toLowerCase();
  const found = sections.find((s) => s.id?.toLowerCase() === wanted) ?? sections.find((s) => s.id !== null && s.title.toLowerCase() === wanted);
  if (found) return found;
  const ids = sections.flatMap((s) => (s.id ? [s.id] : []));
  if (ids.length === 0) throw new ToolError(`${page.routePath} has no sections: ask for the page without \`section\`.`);
  throw new ToolError(`${page.routePath} has no section "${asked}". The closest: ${closest(wanted, ids).join(', ')}. Its outline: ${ids.join(', ')}.`);
}

export const getPage = docsTool({
  name: 'get_page',
  title: 'Read a page of the Rslib docs',
  description: `Read one page of the Rslib documentation as markdown, by its URL (https://rslib.rs/config/lib/dts, with or without #heading) or its route (/config/lib/dts, /zh/guide/start/). Give \`section\` (a heading id from the outline) to read one section. A page longer than ${PAGE_CHARACTER_LIMIT.toLocaleString('en')} characters comes in parts: the answer holds its outline and first part, and \`next\` names the section to ask for after it. Code samples are the ones the site checks against @rslib/core.`,
  input: {
    page: z.string().trim().min(1).max(2048).describe('URL or route of the page: https://rslib.rs/guide/start/quick-start, /zh/config/lib/format, config/lib/dts#dtsbundle'),
    section: z.string().trim().min(1).max(200).optional().describe('A heading id of the page\'s outline (dtsbundle), or a heading\'s text; default: the whole page, or its first part when long'),
  },
  output: {
    title: z.string(),
    url: z.string().describe('URL of the page (of the section, when one was asked for)'),
    route: z.string(),
    lang: Lang,
    description: z.string(),
    outline: z.array(z.object({ id: z.string(), text: z.string(), depth: z.number().int() })).describe('Every heading of the page, depth 2 to 4'),
    translations: z.array(z.object({ lang: Lang, url: z.string() })).describe('The page in every language, this one included'),
    translationStatus: z.object({ state: TranslationState, source: z.string() }).nullable().describe('On a translated page: whether it is up to date with its source page'),
    section: z.string().nullable().describe('The heading id of the part returned, or null for the page from its start'),
    markdown: z.string(),
    length: z.number().int().describe('Characters of the whole page'),
    truncated: z.boolean().describe('Whether the page (or section) goes on past what is returned'),
    next: z.object({ section: z.string(), title: z.string() }).nullable().describe('The section to ask for next, when the page goes on'),
  },
  async run(args, bundle) {
    const { route, anchor } = await resolvePage(args.page, bundle);
    const [page, siteUrl] = await Promise.all([bundle.page(route), bundle.siteUrl()]);
    const markdown = await bundle.markdown(page);
    const sections = sectionsOf(markdown, page.toc);
    const asked = args.section ?? anchor;
    const part: Section | null = asked ? findSection(sections, asked, page) : null;
    const from = part?.start ?? 0;
    // What was asked for: the section, the whole page, or for a long page its first part (the
    // introduction and the first section: up to the second `##` heading).
    const askedEnd = part ? part.end : markdown.length <= PAGE_CHARACTER_LIMIT ? markdown.length : (sections.filter((s) => s.depth === 2)[1]?.start ?? markdown.length);
    const cut = cutAtLine(markdown.slice(from, askedEnd), PAGE_CHARACTER_LIMIT);
    const to = from + cut.text.length;
    // The next heading after what is returned: a subsection of a section cut short, else what follows.
    const next = to < markdown.length ? (sections.find((s) => s.id !== null && s.start >= to) ?? null) : null;
    const sectionId = part?.id ?? null;
    const structured = {
      title: page.title,
      url: `${siteUrl}${page.routePath}${sectionId ? `#${sectionId}` : ''}`,
      route: page.routePath,
      lang: page.lang,
      description: page.description,
      outline: page.toc.map(({ id, text: heading, depth }) => ({ id, text: heading, depth })),
      translations: page.translations.map((t) => ({ lang: t.lang, url: siteUrl + t.routePath })),
      translationStatus: page.translationStatus,
      section: sectionId,
      markdown: cut.text,
      length: markdown.length,
      truncated: to < (part ? part.end : markdown.length),
      next: next?.id ? { section: next.id, title: next.title } : null,
    };
    const goesOn = structured.next ? `\n\n---\n(${structured.truncated ? 'The page goes on' : 'Next'}: call get_page with page "${page.routePath}" and section "${structured.next.section}" (${structured.next.title}).)` : '';
    const outline = structured.truncated ? `Outline of ${page.routePath}:\n${structured.outline.map((h) => `${'  '.repeat(h.depth - 2)}- ${h.text} (#${h.id})`).join('\n')}\n\n---\n\n` : '';
    return { structured, text: `${outline}${cut.text}${goesOn}` };
  },
});
