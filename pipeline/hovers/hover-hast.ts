/**
 * Hovers into a page's tree: each name of a highlighted sample wrapped in a
 * `<span data-hover="n">`, each `// ^?` query's answer as `data-query` on the line it points
 * into (with its column as `--query-column`), and the
 * texts `n` points at, each stored once per page, in one `<code-hovers>` element at the end of
 * the body (docs/data.md, "Hovers"). Pure: the highlighted block given is never changed (it is
 * shared through the highlighter's memo), new elements are made instead.
 */
import type { Element, ElementContent } from 'hast';
import { compactHast } from '../compile/compact.ts';
import { typeScriptKey } from '../compile/highlight.ts';
import { treeTextOf } from '../compile/hast-text.ts';
import type { HoverInfo, SampleHovers } from './quick-info.ts';

/** The tag of the page's hover texts, and of each text in it. */
export const HOVERS_TAG = 'code-hovers';
export const HOVER_TEXT_TAG = 'hover-text';
export const HOVER_TAG_TAG = 'hover-tag';

/** This site's address in the declarations' links: they become links to our own pages. */
const SITE_ORIGIN = /^https:\/\/rslib\.rs(?=\/|$)/;

/**
 * A place of our site a hover text links to, made final when the page's record is written
 * (hover-links.ts): `name:<route>#<name>`, the page that documents a name (hovers/name-pages.ts:
 * an English route, and the name as the page writes it), or `link:<route>[#<anchor>]`, a link of
 * the declaration's documentation to one of our pages. With the place of the sample's name it
 * was first met at, for the messages of a dead one.
 */
export interface HoverTarget {
  target: string;
  line: number;
  column: number;
}

/**
 * A hover text as compiled, the parts its record fills in left open: the JSON of its elements
 * (comma-separated), a link to our site written `\u0001n\u0001` for the href of target n.
 */
export interface HoverTextTemplate {
  /** The declaration, highlighted (a `pre`). */
  head: string;
  /** The documentation's paragraphs: on a Chinese page, our page's sentence on the name replaces them. */
  docs: string;
  /** One `hover-tag` per tag, and the link to the page that documents the name. */
  tail: string;
  /** The target of the name it documents, or -1. */
  name: number;
  /** The declaration's key in the highlighter's memo (highlight.ts: typeScriptKey): the next compile of the page reuses `head` for it. */
  key: string;
}

/** A page's hover texts as compiled (see hoversJson). */
export interface HoverTemplate {
  texts: HoverTextTemplate[];
  /**
   * Its samples' blocks as the highlighter made them, before their hovers, by memo key (JSON):
   * not in the record, but seeded into the next compile of the page, with the texts' declarations
   * (stages/discover.ts: previousHighlights), so that an edit of its prose starts no shiki.
   */
  blocks?: Array<[key: string, pre: string]>;
}

/** The page's hover texts as they are added, each once, and the targets they link to. */
export interface HoverTable {
  index: Map<string, number>;
  texts: HoverTextTemplate[];
  targets: HoverTarget[];
  targetIndex: Map<string, number>;
}

export const newHoverTable = (): HoverTable => ({ index: new Map(), texts: [], targets: [], targetIndex: new Map() });

/** How a hover's text is made: its signature highlighted (a `pre`). */
export interface HoverMaking {
  highlightSignature: (signature: string) => Element | undefined;
  /**
   * The declarations made so far, as JSON, by signature: one making serves every page of a run,
   * on which the same few hundred declarations come back tens of thousands of times.
   */
  declarations?: Map<string, { head: string; key: string }>;
}

/** A signature's hover head (its highlighted `pre`, as JSON) and memo key, made once per making. */
function declarationOf(signature: string, making: HoverMaking): { head: string; key: string } {
  let made = making.declarations?.get(signature);
  if (!made) {
    const element = making.highlightSignature(signature);
    made = element ? { head: json(element), key: typeScriptKey(signature) } : { head: '', key: '' };
    making.declarations?.set(signature, made);
  }
  return made;
}

/** Where a hover text is first met: the page's line and column (1-based) of its name. */
export interface HoverPlace {
  line: number;
  column: number;
}

/** The index of this info in the page's table, added when new (its targets noted at `place`). */
export function hoverIndex(table: HoverTable, info: HoverInfo, making: HoverMaking, place: HoverPlace): number {
  const id = JSON.stringify(info);
  let index = table.index.get(id);
  if (index === undefined) {
    index = table.texts.length;
    table.texts.push(hoverText(info, making, (target) => targetIndex(table, target, place)));
    table.index.set(id, index);
  }
  return index;
}

function targetIndex(table: HoverTable, target: string, place: HoverPlace): number {
  let index = table.targetIndex.get(target);
  if (index === undefined) {
    index = table.targets.length;
    table.targets.push({ target, ...place });
    table.targetIndex.set(target, index);
  }
  return index;
}

/** What a page keeps of its hover texts, or null when it has none. */
export function hoverTemplate(table: HoverTable): { template: HoverTemplate; targets: HoverTarget[] } | null {
  return table.texts.length ? { template: { texts: table.texts }, targets: table.targets } : null;
}

/** The href a target's place holds in a template. */
const placeholder = (target: number) => `\u0001${target}\u0001`;

const json = (element: ElementContent) => JSON.stringify(compactHast({ type: 'root', children: [element] }).children[0]);

/** One hover text: the signature as highlighted code, the JSDoc's paragraphs, then its tags, its links to our site left open. */
function hoverText(info: HoverInfo, making: HoverMaking, targetOf: (target: string) => number): HoverTextTemplate {
  const { head, key } = declarationOf(info.signature, making);
  const hrefOf = (target: string) => (SITE_ORIGIN.test(target) ? placeholder(targetOf(`link:${siteRoute(target)}`)) : null);
  const docs = info.docs
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .map((paragraph): ElementContent => ({ type: 'element', tagName: 'p', properties: {}, children: inlineDoc(paragraph, hrefOf) }));
  const tags = info.tags.map(([name, text]): ElementContent => ({ type: 'element', tagName: HOVER_TAG_TAG, properties: { name }, children: inlineDoc(text.replace(/\s*\n\s*/g, ' ').trim(), hrefOf) }));
  const name = info.page ? targetOf(`name:${info.page}`) : -1;
  // The page that documents the name, when the declaration's own links do not lead to one of ours.
  const linked = [info.docs, ...info.tags.map(([, text]) => text)].some((text) => /\{@link(?:code|plain)?\s+https:\/\/rslib\.rs[/\s}]/.test(text));
  if (name >= 0 && !linked) {
    const href = placeholder(name);
    tags.push({ type: 'element', tagName: HOVER_TAG_TAG, properties: { name: 'see' }, children: [{ type: 'element', tagName: 'a', properties: { href }, children: [{ type: 'text', value: href }] }] });
  }
  return { head, docs: docs.map(json).join(','), tail: tags.map(json).join(','), name, key };
}

/** What the record of a page makes of each target of its hover texts: the href, and for a name, our page's sentence on it (a Chinese page's hovers show it). */
export interface ResolvedHovers {
  hrefs: string[];
  summaries: Array<string | null>;
}

/**
 * The page's `<code-hovers>` element, as JSON, from its template: each target's href in place,
 * and on a Chinese page (`ourSummaries`) the documentation of a name our page has a sentence for
 * replaced with that sentence (the declaration stays as TypeScript prints it).
 */
export function hoversJson(template: HoverTemplate, resolved: ResolvedHovers, ourSummaries: boolean): string {
  const texts = template.texts.map(({ head, docs, tail, name }) => {
    const summary = ourSummaries && name >= 0 ? resolved.summaries[name] : null;
    const shownDocs = summary ? json({ type: 'element', tagName: 'p', properties: {}, children: inlineDoc(summary, () => null) }) : docs;
    return `{"type":"element","tagName":"${HOVER_TEXT_TAG}","properties":{},"children":[${[head, shownDocs, tail].filter(Boolean).join(',')}]}`;
  });
  const filled = texts.join(',').replace(/\\u0001(\d+)\\u0001/g, (_, n: string) => JSON.stringify(resolved.hrefs[Number(n)]).slice(1, -1));
  return `{"type":"element","tagName":"${HOVERS_TAG}","properties":{},"children":[${filled}]}`;
}

/** A body's JSON (text, or the bytes the cache holds) with the hover texts' element added as its last child. */
export function withHoversJson(body: string | Buffer, hovers: string): string | Buffer {
  // A compact body is `{"type":"root","children":[…]}`: the element goes before its last `]}`.
  const end = body.length - 2;
  const empty = (typeof body === 'string' ? body.charCodeAt(end - 1) : body[end - 1]) === 0x5b; // `[`
  const tail = `${empty ? '' : ','}${hovers}]}`;
  return typeof body === 'string' ? `${body.slice(0, end)}${tail}` : Buffer.concat([body.subarray(0, end), Buffer.from(tail)]);
}

/** A route of our site from a link to it, without a language prefix (`https://rslib.rs/zh/config/` → `/config/`). */
export function siteRoute(target: string): string {
  return target.replace(SITE_ORIGIN, '').replace(/^\/zh(?=\/|$)/, '') || '/';
}

/** JSDoc text as inline HAST: `code` spans, and `{@link target text}` as links, `hrefOf` giving ours theirs (others as written, or as text). */
export function inlineDoc(text: string, hrefOf: (target: string) => string | null): ElementContent[] {
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
    const ours = hrefOf(target!);
    const href = ours ?? (/^https?:\/\//.test(target!) ? target! : null);
    const shown = label?.trim() || (ours ?? target!);
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
export function withHovers(pre: Element, hovers: SampleHovers, indexOf: (info: HoverInfo, line: number, column: number) => number): Element {
  const code = pre.children[0];
  if (code?.type !== 'element') return pre;
  const byLine = new Map<number, Array<[number, number, number]>>();
  for (const [line, column, length, info] of hovers.names) {
    if (!byLine.has(line)) byLine.set(line, []);
    byLine.get(line)!.push([column, length, indexOf(hovers.infos[info]!, line, column)]);
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
