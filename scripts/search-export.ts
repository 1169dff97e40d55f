/**
 * `npm run search:export`: the search records of dist-data/ (built by `npm run data`) ready for
 * upload to a hosted index (pipeline/search/export.ts), or with `--query`, the site's own ranking
 * of a query over dist-data/: the engine the search dialog and the MCP server load
 * (renderer/search/engine/local-source.ts: loadEngine), in the dialog's order (grouped by
 * sidebar group, renderer/search/group.ts). One engine for every caller: what this prints is what
 * the dialog lists.
 *
 *   npm run search:export -- [--data dist-data] [--out dist-search] [--index <name>]
 *   npm run search:export -- --query <words> [--lang en|zh] [--data dist-data]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { main as exportRecords } from '../pipeline/search/export.ts';
import { searchDataPath } from '../schemas/paths.ts';
import { hasCjk } from '../schemas/search-format/analyzer.ts';
import { trustedReaders } from '../renderer/search/engine/index-readers.ts';
import { loadEngine } from '../renderer/search/engine/local-source.ts';
import { flatten, groupHits } from '../renderer/search/group.ts';

/** What the dialog asks the engine for (renderer/search/useSearchResults.ts): 20 hits, 10-word snippets. */
const DIALOG_REQUEST = { limit: 20, snippetWords: 10 } as const;

function argument(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** The dialog's hits for a query, in its order, over the dist-data/ at `dataDir`: one line each, `url  title › heading`. */
export async function rankedLines(dataDir: string, query: string, lang: 'en' | 'zh'): Promise<string[]> {
  const readJson = async (dataPath: string) => JSON.parse(await readFile(path.join(dataDir, dataPath), 'utf8')) as unknown;
  const engine = await loadEngine(searchDataPath(lang), readJson, Promise.resolve(trustedReaders));
  const { hits } = await engine.search(query, DIALOG_REQUEST);
  return flatten(groupHits(hits)).map((hit) => {
    const { lvl1, lvl2, lvl3, lvl4, lvl5, lvl6 } = hit.hierarchy;
    const heading = lvl6 ?? lvl5 ?? lvl4 ?? lvl3 ?? lvl2;
    return `${hit.url}  ${lvl1 ?? ''}${heading ? ` › ${heading}` : ''}`;
  });
}

export async function main(argv: string[], cwd: string): Promise<string[]> {
  const query = argument(argv, 'query');
  if (query === undefined) return exportRecords(argv, cwd);
  const lang = argument(argv, 'lang') ?? (hasCjk(query) ? 'zh' : 'en');
  if (lang !== 'en' && lang !== 'zh') throw new Error(`--lang is en or zh, not ${lang}`);
  const dataDir = path.resolve(cwd, argument(argv, 'data') ?? 'dist-data');
  const lines = await rankedLines(dataDir, query, lang).catch((error: unknown) => {
    throw new Error(`Cannot search ${dataDir} (run \`npm run data\` first): ${(error as Error).message}`);
  });
  return lines.length ? lines : [`No section matches "${query}" (${lang})`];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2), process.cwd()).then(
    (lines) => lines.forEach((line) => console.log(line)),
    (error: unknown) => {
      console.error(`✖ ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
