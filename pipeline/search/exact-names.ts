/**
 * The name a search record's heading documents, by the rules the coverage check and the hovers
 * use (hovers/name-pages.ts): on the pages where readers look for a name of @rslib/core, a
 * heading that is only that name (`loadEnv`, `build`, `output.target`, `rslib build`) documents
 * it. Search indexes it in the record's `name` field, whose matches weigh most, so that a query
 * that is exactly the name finds the record first. Pure.
 */
import { isIdentifier, isNamePage, NAME_PAGES, NAME_ROW_PAGES, nameAnchor } from '../hovers/name-pages.ts';

/**
 * The term a heading of the page at `url` is found by as a name, or null when it documents none:
 * a command's subcommand (`rslib build` → `build`, as readers type `rslib` anyway), a name's
 * last dotted part (`output.target` → `target`) or the name itself.
 */
export function documentedName(url: string, heading: string): string | null {
  const route = url.replace(/#.*$/, '').replace(/^\/zh(?=\/)/, '');
  if (!isNamePage(route)) return null;
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
  const route = url.slice(0, hash).replace(/^\/zh(?=\/)/, '');
  return NAME_ROW_PAGES.includes(route) && url.slice(hash + 1) === nameAnchor(heading);
}
