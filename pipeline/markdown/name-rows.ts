/**
 * Table rows that document a name: on the pages whose tables list the names of @rslib/core
 * (hovers/name-pages.ts: NAME_ROW_PAGES, the types page), a row whose first cell is only that
 * name in code (`RslibConfig`) gets the name's anchor as its id (`#rslibconfig`); on the CLI
 * page, a row whose first cell is only flags in code (`-c, --config <config>`) gets its flag's
 * (`#--config`). A link can then point at the row, and search finds it as a place of its own
 * (search/records.ts: a row with an id is a section), so that a query that is exactly the name
 * finds that row first.
 */
import type { Nodes, Root, TableRow } from 'mdast';
import { walk } from '../compile/walk.ts';
import { flagAnchor, flagsOf, isIdentifier, nameAnchor, NAME_PAGES, NAME_ROW_PAGES } from '../hovers/name-pages.ts';
import { routeOfFile } from '../routes.ts';
import type { PageContext } from './page-context.ts';

/** Gives each name row of the page an id, unless the page uses that id already (`taken`: its heading ids). Returns the ids given. */
export function assignNameRowIds(tree: Root, ctx: Pick<PageContext, 'relPath'>, taken: readonly string[]): string[] {
  const route = routeOfFile(ctx.relPath);
  const flags = route === NAME_PAGES.cli;
  if (!flags && !NAME_ROW_PAGES.includes(route)) return [];
  const used = new Set(taken);
  const given: string[] = [];
  walk<Nodes>(tree, (table) => {
    if (table.type !== 'table') return;
    for (const row of table.children.slice(1) as TableRow[]) {
      const id = flags ? flagRowId(row) : nameRowId(row);
      if (id === null) continue;
      if (used.has(id)) continue;
      used.add(id);
      given.push(id);
      row.data = { ...row.data, hProperties: { ...(row.data?.hProperties ?? {}), id } };
    }
  });
  return given;
}

/** A row's id when its first cell is only a name in code (`RslibConfig`), else null. */
function nameRowId(row: TableRow): string | null {
  const cell = row.children[0];
  const only = cell?.children.length === 1 ? cell.children[0] : undefined;
  return only?.type === 'inlineCode' && isIdentifier(only.value) ? nameAnchor(only.value) : null;
}

/** A row's id when its first cell is only flags in code (`-c, --config <config>`; `--bundle`, `--no-bundle`), else null. */
function flagRowId(row: TableRow): string | null {
  const cell = row.children[0];
  if (!cell || cell.children.some((child) => child.type !== 'inlineCode' && !(child.type === 'text' && /^[\s,]*$/.test(child.value)))) return null;
  const lists = cell.children.flatMap((child) => (child.type === 'inlineCode' ? [flagsOf(child.value)] : []));
  return lists.length && lists.every((flags) => flags.length) ? flagAnchor(lists.flat()) : null;
}
