/**
 * The heading the reader is at: the last one whose top has passed the offset line; the last
 * heading when the page is scrolled to the bottom; none before the first heading.
 */
export function activeHeadingId(headings: { id: string; top: number }[], offset: number, atBottom: boolean): string | null {
  if (headings.length === 0) return null;
  if (atBottom) return headings[headings.length - 1]!.id;
  let active: string | null = null;
  for (const heading of headings) {
    if (heading.top <= offset) active = heading.id;
    else break;
  }
  return active;
}
