/**
 * A markdown twin cut at its headings. The twin's headings carry no ids, so they are matched to
 * the record's outline (toc) in order: the same headings, depth 2 to 4, as the page shows them.
 */
import type { TocItem } from '../../../schemas/toc.ts';

export interface Section {
  /** The heading's anchor id, or null for what comes before the first `##` heading. */
  id: string | null;
  title: string;
  depth: number;
  /** Offsets in the twin: the heading line, and where the next heading of the same or a higher level starts. */
  start: number;
  end: number;
}

/** Offsets of the `##`–`####` heading lines of a markdown text, outside fenced code. */
function headingLines(markdown: string): Array<{ offset: number; depth: number; text: string }> {
  const found: Array<{ offset: number; depth: number; text: string }> = [];
  let fence: string | null = null;
  let offset = 0;
  for (const line of markdown.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence === null ? marker : null;
    else if (fence === null) {
      const heading = /^(#{2,4}) +(.*?)\s*#*\s*$/.exec(line);
      if (heading) found.push({ offset, depth: heading[1]!.length, text: heading[2]! });
    }
    offset += line.length + 1;
  }
  return found;
}

/** The page's sections: its introduction, then one per outline heading, each running to the next heading of its level or above. */
export function sectionsOf(markdown: string, toc: readonly TocItem[]): Section[] {
  // Paired in order; a heading line of another depth than the next outline entry is one the
  // outline leaves out, and stays inside the section above it.
  const headings: Array<{ offset: number; depth: number; id: string; title: string }> = [];
  for (const line of headingLines(markdown)) {
    const item = toc[headings.length];
    if (item && item.depth === line.depth) headings.push({ offset: line.offset, depth: line.depth, id: item.id, title: item.text });
  }
  const sections: Section[] = [];
  const introEnd = headings[0]?.offset ?? markdown.length;
  sections.push({ id: null, title: '', depth: 1, start: 0, end: introEnd });
  headings.forEach((heading, i) => {
    const next = headings.slice(i + 1).find((h) => h.depth <= heading.depth);
    sections.push({ id: heading.id, title: heading.title, depth: heading.depth, start: heading.offset, end: next?.offset ?? markdown.length });
  });
  return sections;
}

/** `text` cut to at most `limit` characters at a line end (or at `limit` when one line is longer). */
export function cutAtLine(text: string, limit: number): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  const lineEnd = text.lastIndexOf('\n', limit);
  return { text: text.slice(0, lineEnd > limit / 2 ? lineEnd + 1 : limit), cut: true };
}
