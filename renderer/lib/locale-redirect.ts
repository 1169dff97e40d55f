/**
 * The locale redirect. Loaded on a reader's first visit only (renderer/components/PageEffects),
 * which is the only time it can apply.
 */
import type { Lang } from '../../schemas/lang.ts';

const BOTS = /bot|crawl|spider|slurp|lighthouse|bingpreview|facebookexternalhit|embedly|quora link preview|showyoudocument|outbrain|pinterest|vkshare|w3c_validator/i;

export function isBot(userAgent: string): boolean {
  return BOTS.test(userAgent);
}

/** The site language a browser prefers: zh for any Chinese tag, else en. */
export function preferredLang(languages: readonly string[]): Lang {
  const first = languages[0]?.toLowerCase() ?? 'en';
  return first.startsWith('zh') ? 'zh' : 'en';
}

export interface LocaleRedirectInput {
  setting: 'auto' | 'never';
  visited: boolean;
  userAgent: string;
  languages: readonly string[];
  currentLang: Lang;
  translations: { lang: Lang; routePath: string }[];
}

/** The first visit only, never for bots, disabled by `never`; the twin page of the browser language. */
export function localeRedirectTarget(input: LocaleRedirectInput): string | null {
  if (input.setting === 'never' || input.visited || isBot(input.userAgent)) return null;
  const wanted = preferredLang(input.languages);
  if (wanted === input.currentLang) return null;
  return input.translations.find((t) => t.lang === wanted)?.routePath ?? null;
}
