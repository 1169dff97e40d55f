import type { Lang } from '../../schemas/lang.ts';

/**
 * Dates are formatted by hand, in UTC, from the strings table: the server (Node ICU) and the
 * browser (Chromium ICU) must produce the very same text or hydration would warn.
 */
export function formatDate(input: number | string, lang: Lang, months: readonly string[]): string {
  const date = typeof input === 'number' ? new Date(input) : new Date(`${input}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return String(input);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  return lang === 'zh' ? `${y}年${m + 1}月${d}日` : `${months[m]} ${d}, ${y}`;
}

/** Machine-readable form for `<time dateTime>`. */
export function isoDate(input: number | string): string {
  const date = typeof input === 'number' ? new Date(input) : new Date(`${input}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}
