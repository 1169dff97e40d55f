/**
 * The heading the reader is at: the last one whose top has passed the offset line; the last
 * heading when the page is scrolled to the bottom; the first one while the reader is still
 * above it (the outline always shows where the reader is).
 */
export function activeHeadingId(headings: { id: string; top: number }[], offset: number, atBottom: boolean): string | null {
  if (headings.length === 0) return null;
  if (atBottom) return headings[headings.length - 1]!.id;
  let active = headings[0]!.id;
  for (const heading of headings) {
    if (heading.top <= offset) active = heading.id;
    else break;
  }
  return active;
}
