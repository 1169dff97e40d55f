/**
 * Derive: search records, one per heading section of a page, in the DocSearch hit shape.
 * Prose and code text are kept apart so the index can weigh code lower.
 */
import { HOVERS_TAG } from '../hovers/hover-hast.ts';
import type { HastChild, HastElement, HastRoot } from '../../schemas/hast.ts';
import type { PageRecord } from '../../schemas/page.ts';
import type { SearchRecord } from '../../schemas/search.ts';
import { isElement, proseOf, textOf } from '../compile/hast-text.ts';

const HEADING = /^h([1-6])$/;

interface Section {
  depth: number;
  id: string | null;
  heading: string;
  prose: HastChild[];
  code: string[];
  /** The rows of its tables that have an id (markdown/name-rows.ts): places of their own, under it. */
  rows: Section[];
}

/**
 * A page's searchable sections: what its search records hold but the page's title, route and
 * group, which depend on the rest of the site. Computed where the page is compiled (in parallel)
 * and kept with its content; the first section stands for the page itself (depth 1, no heading).
 */
export interface PageSection {
  depth: number;
  id: string | null;
  heading: string | null;
  content: string;
  code: string;
  /** A table row with an id (a name the page documents in a table), under the section before it: it does not start a section of its own. */
  row?: true;
}

export function pageSections(body: HastRoot): PageSection[] {
  const sections: Section[] = [{ depth: 1, id: null, heading: '', prose: [], code: [], rows: [] }];
  const visitBlock = (node: HastChild) => {
    if (isElement(node)) {
      const match = HEADING.exec(node.tagName);
      if (match) {
        const depth = Number(match[1]);
        if (depth === 1) return; // the page title is lvl1 already
        sections.push({ depth, id: String(node.properties.id ?? ''), heading: textOf(node).trim(), prose: [], code: [], rows: [] });
        return;
      }
      if (node.tagName === 'table') rowsWithIds(node, sections.at(-1)!);
      if (node.tagName === 'code-block') {
        sections.at(-1)!.code.push(textOf(node));
        return;
      }
      // The page's hover texts explain its samples' names; search finds the pages that explain them.
      if (node.tagName === HOVERS_TAG) return;
      if (node.tagName === 'callout' || node.tagName === 'tabs' || node.tagName === 'tab') {
        node.children.forEach(visitBlock);
        return;
      }
    }
    sections.at(-1)!.prose.push(node);
  };
  body.children.forEach(visitBlock);
  return sections.flatMap((section, i) => [
    {
      depth: section.depth,
      id: section.id,
      heading: i === 0 ? null : section.heading,
      content: proseOf(section.prose),
      code: section.code.join('\n').trim(),
    },
    ...section.rows.map((row) => ({ depth: row.depth, id: row.id, heading: row.heading, content: proseOf(row.prose), code: '', row: true as const })),
  ]);
}

/**
 * The rows of a table that have an id, each a place of its own under `section` (its first cell
 * the heading, nothing else: the table's text stays the section's, where the words of several
 * rows are found together).
 */
function rowsWithIds(table: HastElement, section: Section): void {
  const visitRows = (node: HastElement) => {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') visitRows(child);
      else if (child.tagName === 'tr' && child.properties.id !== undefined) {
        const first = child.children.find((cell): cell is HastElement => isElement(cell));
        section.rows.push({ depth: Math.min(section.depth + 1, 6), id: String(child.properties.id), heading: first ? textOf(first).trim() : '', prose: [], code: [], rows: [] });
      }
    }
  };
  visitRows(table);
}

export function deriveSearchRecords(page: PageRecord, lvl0: string | null): SearchRecord[] {
  return searchRecordsOf(page, pageSections(page.body), lvl0);
}

/** The search records of a page's sections, under its title, route and sidebar group (lvl0). */
export function searchRecordsOf(page: Pick<PageRecord, 'pageType' | 'title' | 'routePath' | 'lang' | 'frontmatter'>, sections: readonly PageSection[], lvl0: string | null): SearchRecord[] {
  if (page.pageType === '404') return [];
  const records: SearchRecord[] = [];
  const trail: Array<string | null> = [lvl0, page.title, null, null, null, null, null];
  for (const section of sections) {
    // A row is under the section before it: its heading is its own level for its record only.
    const saved = section.row ? [...trail] : null;
    if (section.depth > 1) {
      trail[section.depth] = section.heading;
      for (let d = section.depth + 1; d <= 6; d++) trail[d] = null;
    }
    const { content, code } = section;
    if (section.depth === 1 && !content && !code && records.length > 0) continue;
    const url = section.id ? `${page.routePath}#${section.id}` : page.routePath;
    records.push({
      objectID: url,
      url,
      type: `lvl${section.depth}` as SearchRecord['type'],
      content: content || null,
      code,
      ...(records.length === 0 && page.frontmatter.description && { description: page.frontmatter.description }),
      lang: page.lang,
      hierarchy: { lvl0: trail[0] ?? null, lvl1: trail[1] ?? null, lvl2: trail[2] ?? null, lvl3: trail[3] ?? null, lvl4: trail[4] ?? null, lvl5: trail[5] ?? null, lvl6: trail[6] ?? null },
    });
    if (saved) trail.splice(0, trail.length, ...saved);
  }
  return records;
}
