/**
 * Each translation's state from git history (schemas/translations.ts): a translation is outdated
 * when its source page changed in a later commit than the translation's last one, unless that
 * commit's message says TRANSLATION_SKIP_MARKER. The history is read by discover; this is pure.
 */
import type { Lang } from '../../schemas/lang.ts';
import type { TranslationsFile, TranslationState } from '../../schemas/translations.ts';
import { localizeRoute, routeOfFile } from '../routes.ts';

/** In a commit message: the commit changes nothing a translation must follow (a typo, a fixed link). */
export const TRANSLATION_SKIP_MARKER = '[skip translation]';

/** What git history says of content/, for the translation states. */
export interface ContentHistory {
  /** Why the history cannot tell (not a git checkout, a shallow clone), or null. */
  unavailable: string | null;
  /**
   * By file (relative to the root): how many content commits are newer than its last change
   * (0: it changed in the newest), and than its last change that needs translating (null: none).
   */
  files: Map<string, { changed: number; translatable: number | null }>;
}

export interface TranslationPair {
  lang: Lang;
  /** The source page's file and the translation's (present or expected). */
  source: string;
  file: string;
  route: string;
  present: boolean;
}

/**
 * Each source-language page's translation into each other language, present or not. `pages`:
 * the pages of every language (fragments left out), their files relative to the root.
 */
export function translationPairs(pages: ReadonlyArray<{ file: string; lang: Lang; relPath: string }>, sourceLang: Lang, langs: readonly Lang[]): TranslationPair[] {
  const byPath = new Map(pages.map((page) => [`${page.lang}/${page.relPath}`, page]));
  const sources = pages.filter((page) => page.lang === sourceLang).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return sources.flatMap((source) => {
    // A missing translation's file: the source's, in the other language's folder.
    const folder = source.file.slice(0, -`${source.lang}/${source.relPath}`.length);
    return langs
      .filter((lang) => lang !== sourceLang)
      .map((lang) => {
        const translation = byPath.get(`${lang}/${source.relPath}`);
        return { lang, source: source.file, file: translation?.file ?? `${folder}${lang}/${source.relPath}`, route: localizeRoute(routeOfFile(source.relPath), lang, sourceLang), present: translation !== undefined };
      });
  });
}

export function translationState(pair: TranslationPair, history: ContentHistory): TranslationState {
  if (!pair.present) return 'missing';
  const source = history.files.get(pair.source);
  const translation = history.files.get(pair.file);
  if (history.unavailable || !source || !translation) return 'unknown';
  // Ages count commits back from the newest: a smaller age is a later change.
  return source.translatable !== null && source.translatable < translation.changed ? 'outdated' : 'up-to-date';
}

export function translationsFile(pairs: readonly TranslationPair[], sourceLang: Lang, history: ContentHistory): TranslationsFile {
  return {
    schemaVersion: 1,
    sourceLang,
    history: history.unavailable ? 'unavailable' : 'git',
    reason: history.unavailable,
    pages: pairs.map((pair) => ({ lang: pair.lang, source: pair.source, file: pair.file, route: pair.route, state: translationState(pair, history) })),
  };
}

/**
 * The history from `git log --format='@%ct %H' --name-only` of content/ (newest first) and the hashes of
 * the commits marked TRANSLATION_SKIP_MARKER. `prefix`: the project's folder in the repository.
 */
export function contentHistoryOf(log: string, marked: ReadonlySet<string>, prefix: string): ContentHistory['files'] {
  const files: ContentHistory['files'] = new Map();
  let age = -1;
  let skip = false;
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) {
      age++;
      skip = marked.has(line.slice(1).trim().split(' ').at(-1)!);
      continue;
    }
    if (!line) continue;
    const file = prefix && line.startsWith(prefix) ? line.slice(prefix.length) : line;
    const entry = files.get(file) ?? { changed: age, translatable: null };
    if (!skip && entry.translatable === null) entry.translatable = age;
    files.set(file, entry);
  }
  return files;
}
