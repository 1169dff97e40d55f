/**
 * Highlights and snippets as text segments (pure). The local engine computes match ranges from
 * term spans; the hosted engine's tagged strings are split on the tags. Either way the result is
 * plain text plus a `match` flag, which components render as text nodes and `<mark>` elements.
 */
import type { Segment } from './types.ts';

export interface Range {
  start: number;
  end: number;
}

/**
 * Sorts and merges overlapping or touching ranges (touching: CJK pairs `模块`+`块联`). Ranges
 * already so (the local engine merges its own before highlighting) come back as they are.
 */
export function mergeRanges(ranges: Range[]): Range[] {
  if (disjoint(ranges)) return ranges;
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Range[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/** Text with merged ranges → alternating segments. Adjacent equal-flag segments are joined. */
export function toSegments(text: string, ranges: Range[]): Segment[] {
  return new SegmentList().addText(text, 0, text.length, mergeRanges(ranges)).segments;
}

/** Whether ranges are already as mergeRanges leaves them: sorted, apart, none empty. */
function disjoint(ranges: Range[]): boolean {
  for (let i = 0; i < ranges.length; i++) if (ranges[i]!.end <= ranges[i]!.start || (i > 0 && ranges[i]!.start <= ranges[i - 1]!.end)) return false;
  return true;
}

/** Segments built left to right, a segment joined to the one before it when both match or neither does. */
class SegmentList {
  readonly segments: Segment[] = [];

  add(text: string, match: boolean): this {
    if (!text) return this;
    const last = this.segments[this.segments.length - 1];
    if (last && last.match === match) last.text += text;
    else this.segments.push({ text, match });
    return this;
  }

  /** `text` from `start` to `end`, marked where the merged `ranges` (offsets in `text`) fall inside. */
  addText(text: string, start: number, end: number, ranges: Range[]): this {
    let at = start;
    for (const r of ranges) {
      const from = Math.max(r.start, at);
      const to = Math.min(r.end, end);
      if (to <= from) continue;
      this.add(text.slice(at, from), false).add(text.slice(from, to), true);
      at = to;
    }
    return this.add(text.slice(at, end), false);
  }
}

export const ELLIPSIS = '…';

/**
 * Snippet units: a Latin word (anything between spaces) or two CJK characters, which is about
 * what a Chinese reader takes in as one word.
 */
const UNIT_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{1,2}|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

/**
 * A window of `words` units of `text` around its first match, with an ellipsis where text was
 * cut. The match sits about a third into the window, like the hosted service's snippets.
 */
export function snippet(text: string, ranges: Range[], words: number): Segment[] {
  const merged = mergeRanges(ranges);
  const first = merged[0];
  const lead = Math.floor((words - 1) / 3);
  // Units are read up to one past the window (is there more after it?), not to the end of the
  // text: a long record's snippet is computed at every keystroke that shows it.
  const units: Range[] = [];
  let hitUnit = first ? -1 : 0;
  for (const match of text.matchAll(UNIT_RE)) {
    const unit = { start: match.index, end: match.index + match[0].length };
    units.push(unit);
    if (hitUnit < 0 && unit.end > first!.start) hitUnit = units.length - 1;
    if (hitUnit >= 0 && units.length > Math.max(0, hitUnit - lead) + words) break;
  }
  if (units.length === 0) return [];
  // Past every unit (a match in trailing space): the window starts at the beginning.
  hitUnit = Math.max(0, hitUnit);
  // A text that ends within the window: the window ends at its last unit and starts earlier.
  const from = Math.max(0, Math.min(hitUnit - lead, units.length - words));
  const to = Math.min(units.length, from + words);
  const list = new SegmentList();
  if (from > 0) list.add(ELLIPSIS, false);
  list.addText(text, units[from]!.start, units[to - 1]!.end, merged);
  if (to < units.length) list.add(ELLIPSIS, false);
  return list.segments;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", '#34': '"' };

/** Decodes the few entities a hosted service escapes in highlighted values. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39|#x27|#34);/g, (_, name: string) => ENTITIES[name] ?? _);
}

/**
 * A hosted highlight value (`a <mark>b</mark> c`) → segments. The tags are the ones this site
 * asked for; everything else, markup included, stays text.
 */
export function parseTagged(value: string, preTag: string, postTag: string): Segment[] {
  const list = new SegmentList();
  let rest = value;
  while (rest.length) {
    const open = rest.indexOf(preTag);
    if (open < 0) {
      list.add(decodeEntities(rest), false);
      break;
    }
    list.add(decodeEntities(rest.slice(0, open)), false);
    rest = rest.slice(open + preTag.length);
    const close = rest.indexOf(postTag);
    list.add(decodeEntities(close < 0 ? rest : rest.slice(0, close)), true);
    rest = close < 0 ? '' : rest.slice(close + postTag.length);
  }
  return list.segments;
}

/** Plain text of segments (for labels and comparisons). */
export function segmentsText(segments: Segment[]): string {
  return segments.map((s) => s.text).join('');
}
