/**
 * The places where a page documents names of Rslib, read from its compiled body: its title when
 * the title is a name (`lib.dts`, `output`), each heading that is only a name (`dts.bundle`,
 * `loadConfig`, `rslib build`), each row of a names table that has an id (the types page), and
 * each flag a command's table lists (the CLI page). Each with the id its heading really has and
 * the first sentence the page gives for it there. The hovers link a name to its place, a
 * Chinese page's hovers show its sentence (hovers/hover-links.ts), and dist-data/names.json lists
 * them (names/names-file.ts). Pure.
 */
import type { HastChild, HastElement, HastRoot } from '../../schemas/hast.ts';
import { isElement, textOf } from '../compile/hast-text.ts';
import { isIdentifier, isNamePage, NAME_PAGES, NAME_ROW_PAGES } from './name-pages.ts';

/** A name a page documents, and where. */
export interface NameSection {
  /** As the page writes it: `lib.dts`, `dts.bundle`, `RslibConfig`, `rslib build`, `rslib build --watch`. */
  name: string;
  /** The id of its heading or row; null for the page itself (its title names it). */
  id: string | null;
  /** The heading's (or row's first cell's) text. */
  heading: string;
  /** The first sentence the page gives for it there, inline code in backticks; '' when none. */
  summary: string;
  /** A flag's row: its type and default cells, as text. */
  flag?: { type: string; default: string };
}

/** A dotted name as code writes it (`output.target`, `loadConfig`), or a command (`rslib build`). */
const DOTTED = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
const COMMAND = /^rslib [a-z][\w-]*$/;

/**
 * The names the page at `route` (English, without a language prefix) documents; empty for a page
 * where readers do not look for names (name-pages.ts).
 */
export function nameSectionsOf(route: string, body: HastRoot): NameSection[] {
  if (!isNamePage(route)) return [];
  const found: NameSection[] = [];
  const blocks = body.children;
  let command: { name: string; id: string } | null = null;

  blocks.forEach((node, i) => {
    if (!isElement(node)) return;
    const depth = /^h([1-4])$/.exec(node.tagName)?.[1];
    if (depth) {
      const text = textOf(node).trim();
      const id = depth === '1' ? null : String(node.properties.id ?? '');
      // On the CLI page, a command's section lists its flags; another section's flags are every command's (`rslib --lib`).
      if (route === NAME_PAGES.cli && depth === '2') command = { name: COMMAND.test(text) ? text : 'rslib', id: id! };
      if (isDocumentedName(route, text, depth === '1')) found.push({ name: text, id, heading: text, summary: summaryOf(paragraphAfter(blocks, i)) });
      return;
    }
    if (node.tagName !== 'table') return;
    for (const row of rowsOf(node)) {
      const [first, ...rest] = row.children.filter((cell): cell is HastElement => isElement(cell));
      if (!first) continue;
      const heading = textOf(first).trim();
      const summary = summaryOf(rest.at(-1) ? inlineText(rest.at(-1)!.children) : '');
      if (row.properties.id !== undefined && NAME_ROW_PAGES.includes(route) && isIdentifier(heading)) found.push({ name: heading, id: String(row.properties.id), heading, summary });
      // A flag of the command whose section the table is in: `-w, --watch` is `rslib build --watch`.
      const flag = /^(?:-\w, )?(--[\w-]+)/.exec(heading)?.[1];
      // At its row's anchor (markdown/name-rows.ts gives each flag's row one), else its command's heading.
      if (command && flag) found.push({ name: `${command.name} ${flag}`, id: row.properties.id === undefined ? command.id : String(row.properties.id), heading, summary, flag: { type: rest.length > 2 ? inlineText(rest[0]!.children) : '', default: rest.length > 2 ? inlineText(rest[1]!.children) : '' } });
    }
  });
  return found;
}

/**
 * Whether a heading documents a name on this page: only that name, and on a config page a plain
 * word is prose (`Svelte` on the plugins page) unless it is the page's title (`output`); its
 * options are written dotted or in camelCase (`output.target`). The same rule as search's
 * (search/exact-names.ts).
 */
function isDocumentedName(route: string, text: string, title: boolean): boolean {
  if (COMMAND.test(text)) return route === NAME_PAGES.cli;
  if (!DOTTED.test(text)) return false;
  // Only a config page is titled with its name; the API pages have titles of prose (`Types`).
  if (title) return route.startsWith('/config/');
  return !(route.startsWith('/config/') && !/[.]|[a-z][A-Z]/.test(text));
}

/** The rows of a table (under its thead, tbody and tfoot). */
function rowsOf(table: HastElement): HastElement[] {
  return table.children.flatMap((child) => (!isElement(child) ? [] : child.tagName === 'tr' ? [child] : child.children.filter((row): row is HastElement => isElement(row, 'tr'))));
}

/** The text of the first paragraph after block `i`, before the next heading; '' when there is none. */
function paragraphAfter(blocks: readonly HastChild[], i: number): string {
  for (const node of blocks.slice(i + 1)) {
    if (!isElement(node)) continue;
    if (/^h[1-6]$/.test(node.tagName)) return '';
    if (node.tagName === 'p') return inlineText(node.children);
  }
  return '';
}

/** A sentence that only says which release added the option: what it is comes after it. */
const VERSION_NOTE = /^(?:New|Added) in Rslib [\d.]+\b[^.]*\.$|^Rslib [\d.]+ 新增[^。]*。$/;

/** The first sentence of a paragraph that says what a name is (a version note before it left out). */
function summaryOf(text: string): string {
  const first = firstSentence(text);
  return (VERSION_NOTE.test(first) && firstSentence(text.slice(first.length).trim())) || first;
}

/** Inline content as text, its code spans in backticks. */
function inlineText(nodes: readonly HastChild[]): string {
  return nodes
    .map((node) => (node.type === 'text' ? node.value : node.tagName === 'code' ? `\`${textOf(node)}\`` : inlineText(node.children)))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first sentence of a text: up to a full stop, `!` or `?` followed by a space outside code
 * spans, or a Chinese full stop. An abbreviation's stop (`e.g.`, `i.e.`) ends none.
 */
export function firstSentence(text: string): string {
  let code = false;
  for (let at = 0; at < text.length; at++) {
    const c = text[at]!;
    if (c === '`') code = !code;
    else if (!code && (c === '。' || c === '！' || c === '？')) return text.slice(0, at + 1);
    else if (!code && (c === '.' || c === '!' || c === '?') && (at + 1 === text.length || text[at + 1] === ' ') && !/(?:^|[\s(])[a-z](?:\.[a-z])+$/i.test(text.slice(0, at))) return text.slice(0, at + 1);
  }
  return text;
}
