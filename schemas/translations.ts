import { z } from 'zod';
import { Lang } from './lang.ts';

/**
 * Where a translation stands against its source page, from git history:
 * - up-to-date: the source page has not changed since the translation last did (a commit whose
 *   message says `[skip translation]` does not count as a change of the source);
 * - outdated: the source page changed in a later commit;
 * - missing: the source page has no translation;
 * - unknown: the history cannot tell (no git checkout, a shallow clone, a file not committed).
 */
export const TranslationState = z.enum(['up-to-date', 'outdated', 'missing', 'unknown']);
export type TranslationState = z.infer<typeof TranslationState>;

/** On a translated page's record: its state (never missing: the page is there) and the page it translates. */
export const TranslationStatus = z
  .object({
    state: TranslationState.exclude(['missing']),
    source: z.string().describe('Route of the source page, e.g. /guide/start/'),
  })
  .strict();
export type TranslationStatus = z.infer<typeof TranslationStatus>;

/** dist-data/translations.json: every translation of every source page, and its state. */
export const TranslationsFile = z
  .object({
    schemaVersion: z.literal(1),
    sourceLang: Lang,
    history: z.enum(['git', 'unavailable']).describe('Whether the states come from git history; unavailable: every state is unknown'),
    reason: z.string().nullable().describe('Why the history is unavailable, or null'),
    pages: z.array(
      z
        .object({
          lang: Lang,
          source: z.string().describe('The source page\'s file, e.g. content/en/guide/start/index.md'),
          file: z.string().describe('The translation\'s file, present or expected'),
          route: z.string().describe('The translation\'s route, e.g. /zh/guide/start/'),
          state: TranslationState,
        })
        .strict(),
    ),
  })
  .strict();
export type TranslationsFile = z.infer<typeof TranslationsFile>;
