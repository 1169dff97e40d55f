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
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolvePaths } from '../pipeline/build.ts';
import { Diagnostics, formatDiagnostic, sortDiagnostics } from '../pipeline/diagnostics.ts';
import { isSharedPath, LANGS } from '../pipeline/routes.ts';
import type { SourceFile } from '../pipeline/types.ts';
import { discover, readSources } from '../pipeline/stages/discover.ts';
import { checkTranslations, writtenSkeletonFile } from '../pipeline/translations/drift.ts';
import { translationPairs, translationState, type TranslationPair } from '../pipeline/translations/status.ts';
import type { TranslationState } from '../schemas/translations.ts';

const SOURCE_LANG = LANGS[0]!;

/** What the build's discover stage finds in the project at `root`: every page and fragment, their texts read, and the git history. */
function discoverWithSources(root: string) {
  const paths = resolvePaths({ root });
  const found = discover(paths);
  readSources(paths, found.sources);
  return found;
}

/** Every drift between the twins of these pages and fragments, as errors. */
function driftOf(sources: readonly SourceFile[]): Diagnostics {
  const diagnostics = new Diagnostics();
  checkTranslations(sources.map(writtenSkeletonFile), SOURCE_LANG, diagnostics, 'error', () => true);
  return diagnostics;
}

/** Every drift between the twins of the project at `root`, as errors. */
export function translationDrift(root: string): Diagnostics {
  return driftOf(discoverWithSources(root).sources);
}

/** Each page's translation state, and why the history cannot tell when it cannot. */
export function translationStates(root: string): { unavailable: string | null; rows: Array<TranslationPair & { state: TranslationState }> } {
  const { sources, history } = discoverWithSources(root);
  const pairs = translationPairs(sources.filter((file) => !isSharedPath(file.relPath)), SOURCE_LANG, LANGS);
  return { unavailable: history.unavailable, rows: pairs.map((pair) => ({ ...pair, state: translationState(pair, history) })) };
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
    const { sources } = discoverWithSources(root);
    const { items } = driftOf(sources);
    for (const item of sortDiagnostics(items)) console.log(formatDiagnostic(item));
    const translated = sources.filter((file) => file.lang !== SOURCE_LANG).length;
    console.log(items.length ? `✖ ${items.length} translation difference(s)` : `✔ ${translated} translated files match their English twins`);
    process.exitCode = items.length ? 1 : 0;
  }
}
