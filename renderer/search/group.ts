/**
 * Results grouped by their top-level heading (hierarchy.lvl0, the sidebar group), in the order
 * the best hit of each group ranks, at most `perGroup` hits each (20).
 */
import type { ModalHit } from './engine/types.ts';

export interface HitGroup {
  title: string;
  hits: ModalHit[];
}

export function groupHits(hits: ModalHit[], perGroup = 20): HitGroup[] {
  const groups: HitGroup[] = [];
  const byTitle = new Map<string, HitGroup>();
  for (const hit of hits) {
    const title = hit.hierarchy.lvl0 ?? hit.hierarchy.lvl1 ?? '';
    let group = byTitle.get(title);
    if (!group) {
      group = { title, hits: [] };
      byTitle.set(title, group);
      groups.push(group);
    }
    if (group.hits.length < perGroup) group.hits.push(hit);
  }
  return groups;
}

/** Hits in display order (group by group), which is the order arrows walk. */
export function flatten(groups: HitGroup[]): ModalHit[] {
  return groups.flatMap((g) => g.hits);
}

/**
 * Up to 3 queries to suggest on the no-results screen: the top-level headings of the last
 * query that had results (as DocSearch does), then of the whole index.
 */
export function suggestions(previous: string[], fallback: string[], query: string, count = 3): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const title of [...previous, ...fallback]) {
    const key = title.toLowerCase();
    if (!title || seen.has(key) || key === query.trim().toLowerCase()) continue;
    seen.add(key);
    out.push(title);
    if (out.length === count) break;
  }
  return out;
}
