/**
 * The page as plain markdown, for tools and language models (llms-full.txt and the `.md` twin of
 * each page): includes expanded, links final, callouts as blockquotes, tabs as labelled blocks,
 * no directive syntax left. The tree for HTML is untouched: a node whose children change is
 * copied (shallow), the rest is shared, read only.
 *
 * A block no transform changes but its links' URLs (see verbatimBlocks) keeps the text its author
 * wrote, with the final URLs put in: it is already plain markdown, and serializing every block
 * again was a tenth of a cold build.
 */
import type { BlockContent, Blockquote, Heading, InlineCode, Link, Nodes, Paragraph, Parents, Root, RootContent, Text } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { defaultHandlers, toMarkdown, type Handle, type Info, type Options, type State } from 'mdast-util-to-markdown';
import { EXPLICIT_ID } from './headings.ts';

/** Made once: each call of gfmToMarkdown makes new patterns, whose regular expressions are compiled on first use. */
const GFM = [gfmToMarkdown({ tablePipeAlign: false })];

/** A block written out as its author's text. */
interface Verbatim {
  type: 'verbatim';
  value: string;
}
/**
 * Not an mdast node type: the serializer learns it here alone. The root's handler makes the
 * serializer's escaping cheaper before anything is written (see skippingAbsentPatterns).
 */
const HANDLERS = {
  verbatim: ((node) => (node as unknown as Verbatim).value) satisfies Handle,
  text: Object.assign(((node, parent, state, info) => defaultHandlers.text(node as Text, parent, state, info)) satisfies Handle, { peek: peekText }),
  inlineCode: withoutBreakPatterns(GFM.flatMap((extension) => extension.extensions ?? [extension]).findLast((extension) => extension.handlers?.inlineCode)?.handlers?.inlineCode ?? defaultHandlers.inlineCode),
  root: ((node, parent, state, info) => {
    state.safe = skippingAbsentPatterns(state);
    return defaultHandlers.root(node as Root, parent, state, info);
  }) satisfies Handle,
} as Options['handlers'];

/**
 * Inline code's handler (GFM's, which escapes `|` in tables, around the serializer's own), asked
 * about no unsafe pattern when the code has no line break. The serializer's handler looks for the
 * patterns that apply at a line break (a `#` or `>` starting a line) and tries each of the forty
 * on every piece of inline code: they can only match where the code has a line break.
 */
function withoutBreakPatterns(handle: Handle): Handle {
  return Object.assign(
    ((node, parent, state, info) => {
      if (/[\r\n]/.test((node as InlineCode).value)) return handle(node, parent, state, info);
      const patterns = state.unsafe;
      state.unsafe = [];
      try {
        return handle(node, parent, state, info);
      } finally {
        state.unsafe = patterns;
      }
    }) satisfies Handle,
    { peek: (handle as Handle & { peek?: Handle }).peek },
  );
}

/**
 * The first character of a text as the serializer writes it, which is all it asks of the text
 * that follows another inline node (to escape what the two would form together). Without this
 * it wrote out the whole text for that character, and then again in its place: the text's start
 * alone gives the same character. Whether the first character is escaped depends on the
 * characters after it: the one after it (an unsafe pattern's `after`), whether that one is
 * escaped in turn (which depends on the one after it), and a run of underscores with what
 * follows it; sixteen characters past that run cover them all.
 */
function peekText(node: Nodes, parent: Parents | undefined, state: State, info: Info): string {
  const value = (node as Text).value;
  let run = 0;
  while (value[run] === '_') run++;
  const start = value.length <= run + 16 ? node : { ...(node as Text), value: value.slice(0, run + 16) };
  return defaultHandlers.text(start as Text, parent, state, info).charAt(0);
}

/**
 * The serializer's `safe` (which escapes what would read as markdown), asked only about the
 * patterns whose character is in the text. It runs every unsafe pattern's regular expression
 * (about forty with GFM) over every piece of text, most of the serializer's time, and a pattern
 * matches nothing in a text without its character: the same result, with one pass over the text.
 * The patterns of the characters a text has are kept for the next text with the same ones (each
 * pattern's character is one character).
 */
function skippingAbsentPatterns(state: State): State['safe'] {
  const safe = state.safe;
  const patterns = state.unsafe;
  // Each pattern's character (ASCII, as markdown's syntax is: 57 of them with GFM, control
  // characters included) as a bit of two masks: one pass over the text finds which are in it,
  // where a search for each of them was a pass each. A pattern without a character applies to every text.
  const bitOf = new Int32Array(128);
  const maskOf = new Uint8Array(128);
  const characters = [...new Set(patterns.map((pattern) => pattern.character).filter(Boolean))];
  characters.forEach((character, n) => {
    if (character.length !== 1 || character.charCodeAt(0) >= 128 || n >= 64) throw new Error(`plain-markdown: an unsafe pattern's character it cannot look for: ${JSON.stringify(character)}`);
    bitOf[character.charCodeAt(0)] = 1 << n % 32;
    maskOf[character.charCodeAt(0)] = n < 32 ? 0 : 1;
  });
  const present = new Int32Array(2);
  const scan = (text: string | null | undefined) => {
    if (!text) return;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 128) present[maskOf[code]!]! |= bitOf[code]!;
    }
  };
  const applies = (character: string) => !character || (present[maskOf[character.charCodeAt(0)]!]! & bitOf[character.charCodeAt(0)]!) !== 0;
  const byCharacters = new Map<string, State['unsafe']>();
  return (input, config) => {
    present.fill(0);
    scan(config.before);
    scan(input);
    scan(config.after);
    const key = `${present[0]} ${present[1]}`;
    let subset = byCharacters.get(key);
    if (!subset) byCharacters.set(key, (subset = patterns.filter((pattern) => applies(pattern.character))));
    state.unsafe = subset;
    try {
      return safe.call(state, input, config);
    } finally {
      state.unsafe = patterns;
    }
  };
}

/**
 * A block as its author wrote it, for the twin: its text (its line endings as in the source), and
 * where each link's destination is in that text with the URL written there. The transforms make
 * a link's URL final (links.ts: `./other.md#x` → `/guide/other#x`); the twin puts the final URL in
 * the author's text, as the serializer would write it, rather than serializing the whole block
 * (paragraphs and lists with links were most of the twin's time).
 */
export interface VerbatimBlock {
  readonly text: string;
  readonly links: ReadonlyArray<{ readonly node: Link; readonly from: number; readonly to: number; readonly written: string }>;
  /** Whether the source has Windows line endings, which the twin writes as `\n`, as the serializer does. */
  readonly crlf: boolean;
}

/** Blocks as their author wrote them, by node. */
export type VerbatimBlocks = ReadonlyMap<Nodes, VerbatimBlock>;

/**
 * Node types no transform changes but a link's URL: a block made of these alone reads the same in
 * the source as in the twin, once its links' destinations are final (VerbatimBlock). Images and
 * definitions get their final URLs in other forms, headings lose their `{#id}` (headingEnd),
 * directives and raw HTML are replaced; those blocks are serialized from the tree.
 */
const UNTOUCHED = new Set(['paragraph', 'text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'code', 'list', 'listItem', 'table', 'tableRow', 'tableCell', 'blockquote', 'thematicBreak', 'link']);

/**
 * The blocks of a freshly parsed page (run before the transforms) that the twin can take from
 * the source: made of untouched nodes only (an ATX heading too, without its `{#id}`), and
 * starting a line at column 1, at the top level or directly inside a container directive, where
 * no container prefix (`> `, a list's indent) runs through their lines. Indented code is left
 * out: a list serialized before it could make it the list's.
 */
export function verbatimBlocks(tree: Root, source: string): VerbatimBlocks {
  const found = new Map<Nodes, VerbatimBlock>();
  const crlf = source.includes('\r');
  const inFlow = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type === 'containerDirective') {
        inFlow(node.children);
        continue;
      }
      const { start, end } = node.position ?? {};
      if (start?.column !== 1 || start.offset === undefined || end?.offset === undefined) continue;
      const links = linksAsWritten(node.type === 'heading' ? node.children : [node], source, start.offset);
      const to = links && (node.type === 'heading' ? headingEnd(node, source) : end.offset);
      if (to === null) continue;
      const text = source.slice(start.offset, to);
      if (node.type === 'code' && !/^(```|~~~)/.test(text)) continue;
      found.set(node, { text, links: links!, crlf });
    }
  };
  inFlow(tree.children);
  return found;
}

/**
 * Where an ATX heading's text ends once its `{#id}` is taken off (headings.ts: takeExplicitId
 * takes it from the last text), or null for a heading the twin serializes: a setext one, one whose
 * id is in a text whose source is not its value (escapes), or one that would end with a `#` once
 * the id is off.
 */
function headingEnd(node: Heading, source: string): number | null {
  const start = node.position!.start.offset!;
  if (!/^#{1,6}(?:[ \t]|\r?$|\n)/.test(source.slice(start, start + 8))) return null;
  const last = node.children.at(-1);
  const match = last?.type === 'text' ? EXPLICIT_ID.exec(last.value) : null;
  if (!last || !match) return node.position!.end.offset!;
  const { start: from, end: to } = last.position ?? {};
  if (from?.offset === undefined || to?.offset === undefined || source.slice(from.offset, to.offset) !== (last as Text).value) return null;
  // A `#` left at the end could read as the heading's closing sequence (`# # {#id}` is a heading of `#`).
  return /#[ \t]*$/.test(source.slice(start, from.offset + match.index)) ? null : from.offset + match.index;
}

/**
 * Each link of these nodes (a block, or a heading's content), where its destination is in the
 * block's text (which starts at `offset` of the source) and the URL written there; null when a
 * node is of a type a transform changes (UNTOUCHED), or a link is written in a form whose
 * destination is not spliced here (an autolink, `<…>`, escapes or entities in it): the block is
 * then serialized.
 */
function linksAsWritten(nodes: readonly Nodes[], source: string, offset: number): VerbatimBlock['links'] | null {
  const links: Array<VerbatimBlock['links'][number]> = [];
  const visit = (node: Nodes): boolean => {
    if (!UNTOUCHED.has(node.type)) return false;
    if (node.type === 'link') {
      const destination = destinationOf(node, source);
      if (!destination) return false;
      links.push({ node, from: destination.from - offset, to: destination.to - offset, written: node.url });
    }
    return !('children' in node) || (node.children as Nodes[]).every(visit);
  };
  return nodes.every(visit) ? links : null;
}

/** Where a link's destination is in the source (`[label](destination "title")`), when written there exactly as its URL. */
function destinationOf(link: Link, source: string): { from: number; to: number } | null {
  const start = link.position?.start.offset;
  const end = link.position?.end.offset;
  if (start === undefined || end === undefined || source[start] !== '[' || source[end - 1] !== ')') return null;
  const labelEnd = link.children.length ? link.children.at(-1)!.position?.end.offset : start + 1;
  if (labelEnd === undefined || source[labelEnd] !== ']' || source[labelEnd + 1] !== '(') return null;
  let from = labelEnd + 2;
  while (from < end - 1 && /\s/.test(source[from]!)) from++;
  let to = from;
  while (to < end - 1 && !/\s/.test(source[to]!)) to++;
  return source.slice(from, to) === link.url ? { from, to } : null;
}

/**
 * A URL that reads back as itself as a link's destination, written as is: no whitespace or
 * control character, no brackets, parentheses, backslash (an escape) or `&` (an entity).
 */
const PLAIN_DESTINATION = /^[^\s\x00-\x1f\x7f<>()\\&]+$/;

/** A verbatim block with its links' final URLs, or null when one must be serialized (its URL needs escaping or `<…>`). */
function writtenOut(block: VerbatimBlock): string | null {
  let text = block.text;
  // From the last link back: a splice moves only what comes after it.
  for (let k = block.links.length - 1; k >= 0; k--) {
    const { node, from, to, written } = block.links[k]!;
    if (node.url === written) continue;
    if (!PLAIN_DESTINATION.test(node.url)) return null;
    text = text.slice(0, from) + node.url + text.slice(to);
  }
  // The serializer writes \n; so does the twin's every block, whatever the source's line endings.
  return block.crlf ? text.replace(/\r\n?/g, '\n') : text;
}

export function toPlainMarkdown(tree: Root, verbatim: VerbatimBlocks = new Map()): string {
  const plain: Root = { type: 'root', children: flatten(tree.children, verbatim) as Root['children'] };
  return toMarkdown(plain, { extensions: GFM, handlers: HANDLERS, bullet: '-', fences: true, rule: '-' }).trim() + '\n';
}

function flatten(nodes: RootContent[], verbatim: VerbatimBlocks): RootContent[] {
  return nodes.flatMap((node, index): RootContent[] => {
    const block = verbatim.get(node);
    // Two lists in a row stay two only if their bullets differ: the serializer sees to that for its own.
    const besideList = node.type === 'list' && (nodes[index - 1]?.type === 'list' || nodes[index + 1]?.type === 'list');
    const text = block && !besideList ? writtenOut(block) : null;
    if (text !== null) return [{ type: 'verbatim', value: text } satisfies Verbatim as unknown as RootContent];
    if (node.type === 'containerDirective') return directive(node, verbatim);
    if ('children' in node && Array.isArray(node.children)) return [{ ...node, children: flatten(node.children as RootContent[], verbatim) } as RootContent];
    return [node];
  });
}

function directive(node: ContainerDirective, verbatim: VerbatimBlocks): RootContent[] {
  const hName = (node.data as { hName?: string } | undefined)?.hName;
  const props = ((node.data as { hProperties?: Record<string, string> } | undefined)?.hProperties ?? {}) as Record<string, string>;
  const children = flatten(node.children as RootContent[], verbatim);
  if (hName === 'callout') {
    const label = props.title || props.type!.charAt(0).toUpperCase() + props.type!.slice(1);
    const heading: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: `${label}:` }] }] };
    const quote: Blockquote = { type: 'blockquote', children: [heading, ...(children as BlockContent[])] };
    return [quote];
  }
  if (hName === 'tab') {
    const label: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: props.label ?? '' }] }] };
    return [label, ...children];
  }
  return children; // tabs: their tabs, one after the other
}
