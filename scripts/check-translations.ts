/**
 * `npm run check:translations`: every Chinese page and fragment against its English twin
 * (pipeline/translations/), each difference an error line at the Chinese file:
 *   content/zh/guide/start/index.md:12:1  error  Missing the English page's table …  [translation-drift]
 * The build reports the same lines as warnings, so writing in one language never blocks it.
 *
 * `npm run translation-status`: a table of each translation's state from git history (up to
 * date, outdated, missing or unknown), as dist-data/translations.json has it. Prints; never fails.
 *
 * Options: --root DIR (the project; default this one), --status.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Diagnostics, formatDiagnostic, sortDiagnostics } from '../pipeline/diagnostics.ts';
import { isSharedPath, LANGS, localizeRoute, routeOfFile } from '../pipeline/routes.ts';
import { gitHistory } from '../pipeline/stages/discover.ts';
import { checkTranslations, type SkeletonFile } from '../pipeline/translations/drift.ts';
import { skeletonOfSource } from '../pipeline/translations/skeleton.ts';
import { translationState, type TranslationPair } from '../pipeline/translations/status.ts';
import type { TranslationState } from '../schemas/translations.ts';

const SOURCE_LANG = LANGS[0]!;

/** The markdown files of each language's folder, relative to the root, with their text. */
export function contentFiles(root: string): Array<{ file: string; lang: (typeof LANGS)[number]; relPath: string; source: string }> {
  return LANGS.flatMap((lang) => {
    const folder = path.join(root, 'content', lang);
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort()
      .map((relPath) => ({ file: `content/${lang}/${relPath}`, lang, relPath, source: readFileSync(path.join(folder, relPath), 'utf8') }));
  });
}

/** Every drift between the twins, as errors (sorted like the build's lines). */
export function translationDrift(root: string): Diagnostics {
  const diagnostics = new Diagnostics();
  const files: SkeletonFile[] = contentFiles(root).map(({ source, ...file }) => ({ ...file, skeleton: skeletonOfSource(file.file, source) }));
  checkTranslations(files, SOURCE_LANG, diagnostics, 'error', () => true);
  return diagnostics;
}

/** Each page's translation state, and why the history cannot tell when it cannot. */
export function translationStates(root: string): { unavailable: string | null; rows: Array<TranslationPair & { state: TranslationState }> } {
  const { history } = gitHistory({ root, content: path.join(root, 'content') });
  const files = contentFiles(root).filter((file) => !isSharedPath(file.relPath));
  const present = new Set(files.map((file) => file.file));
  const rows = files
    .filter((file) => file.lang === SOURCE_LANG)
    .flatMap((source) =>
      LANGS.filter((lang) => lang !== SOURCE_LANG).map((lang) => {
        const file = `content/${lang}/${source.relPath}`;
        const pair: TranslationPair = { lang, source: source.file, file, route: localizeRoute(routeOfFile(source.relPath), lang, SOURCE_LANG), present: present.has(file) };
        return { ...pair, state: translationState(pair, history) };
      }),
    );
  return { unavailable: history.unavailable, rows };
}

/** The states as an aligned table, outdated and missing first, and a count of each. */
export function formatStates({ unavailable, rows }: ReturnType<typeof translationStates>): string {
  const order: TranslationState[] = ['outdated', 'missing', 'unknown', 'up-to-date'];
  const sorted = [...rows].sort((a, b) => order.indexOf(a.state) - order.indexOf(b.state) || (a.route < b.route ? -1 : 1));
  const width = Math.max(...sorted.map((row) => row.route.length), 'route'.length);
  const lines = [`${'state'.padEnd(10)}  ${'route'.padEnd(width)}  source`, ...sorted.map((row) => `${row.state.padEnd(10)}  ${row.route.padEnd(width)}  ${row.source}`)];
  const counts = order.map((state) => `${rows.filter((row) => row.state === state).length} ${state}`).join(', ');
  // Said once, not per page.
  const note = unavailable ? `\nGit history is unavailable (${unavailable}): every state is unknown. A full clone tells them.` : '';
  return `${lines.join('\n')}\n\n${counts}${note}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { root: { type: 'string' }, status: { type: 'boolean' } } });
  const root = path.resolve(values.root ?? path.join(import.meta.dirname, '..'));
  if (values.status) {
    console.log(formatStates(translationStates(root)));
  } else {
    const { items } = translationDrift(root);
    for (const item of sortDiagnostics(items)) console.log(formatDiagnostic(item));
    const pairs = contentFiles(root).filter((file) => file.lang !== SOURCE_LANG).length;
    console.log(items.length ? `✖ ${items.length} translation difference(s)` : `✔ ${pairs} translated files match their English twins`);
    process.exitCode = items.length ? 1 : 0;
  }
}
