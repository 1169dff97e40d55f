/** The known strings nearest to what was asked, for "did you mean" in tool errors. */

/** Edit distance: insertions, deletions and substitutions. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
    }
    previous = current;
  }
  return previous[b.length]!;
}

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
    const distance = editDistance(needle, hay);
    const contains = needle.length > 0 && (hay.includes(needle) || needle.includes(hay));
    // The last path segment or word alone: a reader often has the name right and the folder wrong.
    const tail = hay.split(/[/.\s]/).filter(Boolean).at(-1) ?? hay;
    const tailDistance = editDistance(needle.split(/[/.\s]/).filter(Boolean).at(-1) ?? needle, tail);
    scored.push({ candidate, score: Math.min(distance, tailDistance + 1) - (contains ? 0.5 : 0) });
  }
  scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, count).map((s) => s.candidate);
}
