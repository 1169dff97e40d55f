/** The known strings nearest to what was asked, for "did you mean" in tool errors. */
import { editDistance } from '../../renderer/search/engine/ranking.ts';

/** The whole edit distance (the engine's, which stops once past a limit: here none). */
const distance = (a: string, b: string) => editDistance(a, b, Infinity);

/**
 * The `count` candidates closest to `asked`, case-insensitively: a candidate that contains what
 * was asked (or is contained in it) counts as closer than its edit distance alone says, so
 * `/guide/quick-start` finds `/guide/start/quick-start`.
 */
export function closest(asked: string, candidates: Iterable<string>, count = 3): string[] {
  const needle = asked.toLowerCase();
  const scored: Array<{ candidate: string; score: number }> = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    const whole = distance(needle, hay);
    const contains = needle.length > 0 && (hay.includes(needle) || needle.includes(hay));
    // The last path segment or word alone: a reader often has the name right and the folder wrong.
    const tail = hay.split(/[/.\s]/).filter(Boolean).at(-1) ?? hay;
    const tailDistance = distance(needle.split(/[/.\s]/).filter(Boolean).at(-1) ?? needle, tail);
    scored.push({ candidate, score: Math.min(whole, tailDistance + 1) - (contains ? 0.5 : 0) });
  }
  scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, count).map((s) => s.candidate);
}
