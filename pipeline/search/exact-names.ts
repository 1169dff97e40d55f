/**
 * The name a search record's heading documents, by the rules the coverage check and the hovers
 * use (hovers/name-pages.ts): on the pages where readers look for a name of @rslib/core, a
 * heading that is only that name (`loadEnv`, `build`, `output.target`, `rslib build`) documents
 * it, and so does a table row that names it on a page whose rows do (the types page's
 * `RslibConfig`). Search indexes the name in the record's `name` field, whose matches weigh most,
 * and its kind beside the record, so that a query that is exactly the name finds the record
 * that documents it first. A heading elsewhere that repeats a name (a guide's `output.externals`)
 * documents nothing: its page is not where readers look it up. Pure.
 */
import type { NameKind } from '../../schemas/names.ts';
import { flagAnchor, flagsOf, isIdentifier, NAME_PAGES, NAME_ROW_PAGES, nameAnchor } from '../hovers/name-pages.ts';

/** The kind of name the headings of a page document, by its route (English, without a language prefix); null on other pages. */
function kindOfPage(route: string): NameKind | null {
  if (route === NAME_PAGES.core) return 'export';
  if (route === NAME_PAGES.instance) return 'method';
  if (route === NAME_PAGES.types) return 'type';
  if (route === NAME_PAGES.cli) return 'command';
  // `lib` itself, a row of the config overview's top-level keys.
  if (route === NAME_PAGES.configOverview) return 'lib-option';
  if (route.startsWith('/config/lib/')) return 'lib-option';
  if (route.startsWith('/config/rsbuild/')) return 'rsbuild-option';
  return null;
}

const routeOf = (url: string) => url.replace(/#.*$/, '').replace(/^\/zh(?=\/)/, '');

/**
 * The term a heading of the page at `url` is found by as a name, or null when it documents none:
 * a command's subcommand (`rslib build` → `build`, as readers type `rslib` anyway), a name's
 * last dotted part (`output.target` → `target`) or the name itself.
 */
export function documentedName(url: string, heading: string): string | null {
  const route = routeOf(url);
  if (kindOfPage(route) === null) return null;
  const text = heading.trim();
  const command = /^rslib ([a-z][\w-]*)$/.exec(text);
  if (command) return route === NAME_PAGES.cli ? command[1]! : null;
  if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(text)) return null;
  // A plain word under a config page's title is prose (`Svelte` on the plugins page): its
  // options are written dotted or in camelCase (`output.target`); a page's title (`output`) names its key.
  if (route.startsWith('/config/') && !/[.]|[a-z][A-Z]/.test(text) && url.includes('#')) return null;
  return text.split('.').at(-1)!;
}

/**
 * Whether a record is a table row that documents a name (markdown/name-rows.ts): on a page whose
 * rows do, a place whose anchor is its name's. Search finds such a record by its name alone: its
 * words are its section's already, and as a heading of its own each row outranked the pages a
 * query of several words means (`inspect config`, `InspectConfigOptions`).
 */
export function isNameRow(url: string, heading: string): boolean {
  const hash = url.indexOf('#');
  if (hash < 0 || !isIdentifier(heading)) return false;
  return NAME_ROW_PAGES.includes(routeOf(url)) && url.slice(hash + 1) === nameAnchor(heading);
}

/** The flags a record of the CLI page documents as a row (`-c, --config <config>`: its anchor is `--config`), or none. */
function flagsOfRow(url: string, heading: string): string[] {
  const hash = url.indexOf('#');
  if (hash < 0 || routeOf(url) !== NAME_PAGES.cli) return [];
  const flags = flagsOf(heading.replace(/`/g, ''));
  return flags.length && url.slice(hash + 1) === flagAnchor(flags) ? flags : [];
}

/**
 * The name a record documents (its heading, or its row: a name row, or the row of a flag) and of
 * what kind, or null; `row`: the record is a row, found by its name alone. A flag's row documents
 * each name of the flag, one per line (`-c` and `--config`).
 */
export function nameOfRecord(url: string, heading: string): { name: string; kind: NameKind; row: boolean } | null {
  const kind = kindOfPage(routeOf(url));
  if (kind === null) return null;
  if (isNameRow(url, heading)) return { name: heading.trim(), kind, row: true };
  const flags = flagsOfRow(url, heading);
  if (flags.length) return { name: flags.join('\n'), kind: 'flag', row: true };
  const name = documentedName(url, heading);
  return name === null ? null : { name, kind, row: false };
}
