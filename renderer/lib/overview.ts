import type { OverviewGroup } from '../../schemas/overview.ts';

/** Case-insensitive, hyphens count as spaces. */
export function normalizeQuery(text: string): string {
  return text.toLowerCase().replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The overview filter: a group whose name matches stays whole; otherwise an item whose title
 * matches stays with all its headers; otherwise an item stays with only the headers that match.
 */
export function filterOverview(groups: OverviewGroup[], query: string): OverviewGroup[] {
  const q = normalizeQuery(query);
  if (!q) return groups;
  const hit = (text: string) => normalizeQuery(text).includes(q);
  const out: OverviewGroup[] = [];
  for (const group of groups) {
    if (hit(group.name)) {
      out.push(group);
      continue;
    }
    const items = group.items.flatMap((item) => {
      if (hit(item.title)) return [item];
      const headers = item.headers.filter((header) => hit(header.text));
      return headers.length ? [{ ...item, headers }] : [];
    });
    if (items.length) out.push({ ...group, items });
  }
  return out;
}
