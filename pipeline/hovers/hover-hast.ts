/**
 * Hovers into a page's tree: each name of a highlighted sample wrapped in a
 * `<span data-hover="n">`, each `// ^?` query's answer as `data-query` on the line it points
 * into (with its column as `--query-column`), and the
 * texts `n` points at, each stored once per page, in one `<code-hovers>` element at the end of
 * the body (docs/data.md, "Hovers"). Pure: the highlighted block given is never changed (it is
 * shared through the highlighter's memo), new elements are made instead.
 */
import type { Element, ElementContent } from 'hast';
import { treeTextOf } from '../compile/hast-text.ts';
import { NAME_PAGES, nameAnchors } from './name-pages.ts';
import type { HoverInfo, SampleHovers } from './quick-info.ts';

/** The tag of the page's hover texts, and of each text in it. */
export const HOVERS_TAG = 'code-hovers';
export const HOVER_TEXT_TAG = 'hover-text';
export const HOVER_TAG_TAG = 'hover-tag';

/** This site's address in the declarations' links: they become links to our own pages. */
const SITE_ORIGIN = /^https:\/\/rslib\.rs(?=\/|$)/;

/** The page's hover texts as they are added, each once. */
export interface HoverTable {
  index: Map<string, number>;
  texts: Element[];
}

export const newHoverTable = (): HoverTable => ({ index: new Map(), texts: [] });

/** How a hover's text is made: its signature highlighted (a `<pre>`), and the page's language prefix for links ('' or '/zh'). */
export interface HoverMaking {
  highlightSignature: (signature: string) => Element | undefined;
  prefix: string;
  /** The site's pages of Rsbuild keys: a key without one links to the Rsbuild overview, where each has a row. */
  rsbuildPages: readonly string[];
  /**
   * The ids of a page of the site, by its route in the page's language, when known: a link to a
   * name goes to the deepest heading the page has for it, or to the page. Unknown, to the name's own.
   */
  idsOf?: (route: string) => ReadonlySet<string> | undefined;
}

/** The index of this info in the page's table, added when new. */
export function hoverIndex(table: HoverTable, info: HoverInfo, making: HoverMaking): number {
  const id = JSON.stringify(info);
  let index = table.index.get(id);
  if (index === undefined) {
    index = table.texts.length;
    table.texts.push(hoverText(info, making));
    table.index.set(id, index);
  }
  return index;
}

/** The `<code-hovers>` element of a page, or null when the page has no hovers. */
export function hoversElement(table: HoverTable): Element | null {
  return table.texts.length ? { type: 'element', tagName: HOVERS_TAG, properties: {}, children: table.texts } : null;
}

/** One hover text: the signature as highlighted code, the JSDoc's paragraphs, then its tags. */
export function hoverText(info: HoverInfo, { highlightSignature, prefix, rsbuildPages, idsOf }: HoverMaking): Element {
  const children: ElementContent[] = [];
  const signature = highlightSignature(info.signature);
  if (signature) children.push(signature);
  for (const paragraph of info.docs.split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, ' ').trim()).filter(Boolean)) {
    children.push({ type: 'element', tagName: 'p', properties: {}, children: inlineDoc(paragraph, prefix) });
  }
  for (const [name, text] of info.tags) {
    children.push({ type: 'element', tagName: HOVER_TAG_TAG, properties: { name }, children: inlineDoc(text.replace(/\s*\n\s*/g, ' ').trim(), prefix) });
  }
  // The page that documents the name, when the declaration's own links do not lead to one of ours.
  const linked = [info.docs, ...info.tags.map(([, text]) => text)].some((text) => /\{@link(?:code|plain)?\s+https:\/\/rslib\.rs[/\s}]/.test(text));
  if (info.page && !linked) {
    const href = `${prefix}${pageLink(info.page, rsbuildPages, idsOf && ((route) => idsOf(`${prefix}${route}`)))}`;
    children.push({ type: 'element', tagName: HOVER_TAG_TAG, properties: { name: 'see' }, children: [{ type: 'element', tagName: 'a', properties: { href }, children: [{ type: 'text', value: href }] }] });
  }
  return { type: 'element', tagName: HOVER_TEXT_TAG, properties: {}, children };
}

/**
 * A name's link as the site has it (`page`: a route, and after `#` the name, hovers/name-pages.ts):
 * an Rsbuild key without a page of its own is a row of the Rsbuild overview; on its page, the
 * deepest heading the page has for the name (nameAnchors), when `idsOf` knows the page's ids.
 */
export function pageLink(page: string, rsbuildPages: readonly string[], idsOf?: (route: string) => ReadonlySet<string> | undefined): string {
  const [route = page, name] = page.split('#');
  if (route.startsWith(NAME_PAGES.rsbuildOverview) && route !== NAME_PAGES.rsbuildOverview && !rsbuildPages.includes(route)) return NAME_PAGES.rsbuildOverview;
  if (!name) return route;
  const ids = idsOf?.(route);
  const anchors = nameAnchors(name);
  const anchor = ids ? anchors.find((id) => ids.has(id)) : anchors[0];
  return anchor ? `${route}#${anchor}` : route;
}

/** A site URL of ours for a declaration's link, in the page's language; null for any other address. */
export function localHref(target: string, prefix: string): string | null {
  if (!SITE_ORIGIN.test(target)) return null;
  const local = target.replace(SITE_ORIGIN, '').replace(/^\/zh(?=\/|$)/, '') || '/';
  return `${prefix}${local}`;
}

/** JSDoc text as inline HAST: `code` spans, and `{@link target text}` as links (ours localised; others as text). */
export function inlineDoc(text: string, prefix: string): ElementContent[] {
  const out: ElementContent[] = [];
  const pushText = (value: string) => {
    for (const [i, piece] of value.split('`').entries()) {
      if (!piece) continue;
      // Odd pieces were between backticks.
      out.push(i % 2 ? { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: piece }] } : { type: 'text', value: piece });
    }
  };
  let at = 0;
  for (const match of text.matchAll(/\{@link(?:code|plain)?\s+([^\s}]+)(?:\s+([^}]*))?\}/g)) {
    pushText(text.slice(at, match.index));
    const [, target, label] = match;
    const href = localHref(target!, prefix) ?? (/^https?:\/\//.test(target!) ? target! : null);
    const shown = label?.trim() || (href && localHref(target!, prefix) ? href : target!);
    if (href) out.push({ type: 'element', tagName: 'a', properties: { href }, children: [{ type: 'text', value: shown }] });
    else pushText(shown);
    at = match.index + match[0].length;
  }
  pushText(text.slice(at));
  return out;
}

/**
 * A highlighted sample with its hovers: the names wrapped, the queries marked on their lines.
 * `pre` is the highlighter's compact block (pre > code > line spans separated by newlines).
 */
export function withHovers(pre: Element, hovers: SampleHovers, indexOf: (info: HoverInfo) => number): Element {
  const code = pre.children[0];
  if (code?.type !== 'element') return pre;
  const byLine = new Map<number, Array<[number, number, number]>>();
  for (const [line, column, length, info] of hovers.names) {
    if (!byLine.has(line)) byLine.set(line, []);
    byLine.get(line)!.push([column, length, indexOf(hovers.infos[info]!)]);
  }
  // A query's answer is the declaration alone, as text on its line: shown by CSS (attr()), so a
  // page without JavaScript shows it too and copying the sample leaves it out.
  const queries = new Map<number, { column: number; answers: string[] }>();
  for (const [line, column, info] of hovers.queries) {
    if (!queries.has(line)) queries.set(line, { column, answers: [] });
    queries.get(line)!.answers.push(hovers.infos[info]!.signature);
  }
  let line = -1;
  const lines = code.children.map((child): ElementContent => {
    if (child.type !== 'element') return child;
    line++;
    const names = byLine.get(line);
    const query = queries.get(line);
    if (!names && !query) return child;
    return {
      ...child,
      properties: query ? { ...child.properties, dataQuery: query.answers.join('\n'), style: `--query-column:${query.column}` } : child.properties,
      children: names ? wrapNames(child.children, names.sort((a, b) => a[0] - b[0])) : child.children,
    };
  });
  return { ...pre, children: [{ ...code, children: lines }, ...pre.children.slice(1)] };
}

/** A line's tokens with each name (column, length, hover index) wrapped; a name across two tokens is left as it is. */
function wrapNames(tokens: readonly ElementContent[], names: ReadonlyArray<[number, number, number]>): ElementContent[] {
  const out: ElementContent[] = [];
  let start = 0;
  let next = 0;
  for (const token of tokens) {
    const text = treeTextOf(token);
    const end = start + text.length;
    let at = start;
    const piece = (from: number, to: number): ElementContent => {
      const value: ElementContent = { type: 'text', value: text.slice(from - start, to - start) };
      return token.type === 'element' ? { ...token, children: [value] } : value;
    };
    while (next < names.length && names[next]![0] < start) next++;
    while (next < names.length && names[next]![0] + names[next]![1] <= end) {
      const [column, length, index] = names[next++]!;
      if (column > at) out.push(piece(at, column));
      out.push({ type: 'element', tagName: 'span', properties: { dataHover: index }, children: [piece(column, column + length)] });
      at = column + length;
    }
    if (at === start) out.push(token);
    else if (at < end) out.push(piece(at, end));
    start = end;
  }
  return out;
}
