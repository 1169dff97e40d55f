/**
 * The page as plain markdown, for tools and language models (llms-full.txt and the `.md` twin of
 * each page): includes expanded, links final, callouts as blockquotes, tabs as labelled blocks,
 * no directive syntax left. The tree for HTML is untouched: a node whose children change is
 * copied (shallow), the rest is shared, read only.
 *
 * A block no transform can change (see verbatimBlocks) keeps the text its author wrote: it is
 * already plain markdown, and serializing every block again was a tenth of a cold build.
 */
import type { BlockContent, Blockquote, InlineCode, Nodes, Paragraph, Parents, Root, RootContent, Text } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { defaultHandlers, toMarkdown, type Handle, type Info, type Options, type State } from 'mdast-util-to-markdown';

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

/** Blocks as their author wrote them, by node. */
export type VerbatimBlocks = ReadonlyMap<Nodes, string>;

/**
 * Node types no transform touches: a block made of these alone reads the same in the source as
 * in the twin. Links, images and definitions get their final URLs, headings lose their `{#id}`,
 * directives and raw HTML are replaced; those blocks are serialized from the tree.
 */
const UNTOUCHED = new Set(['paragraph', 'text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'code', 'list', 'listItem', 'table', 'tableRow', 'tableCell', 'blockquote', 'thematicBreak']);

/**
 * The blocks of a freshly parsed page (run before the transforms) that the twin can take from
 * the source as they are: made of untouched nodes only, and starting a line at column 1, at the
 * top level or directly inside a container directive, where no container prefix (`> `, a list's
 * indent) runs through their lines. Indented code is left out: a list serialized before it
 * could make it the list's.
 */
export function verbatimBlocks(tree: Root, source: string): VerbatimBlocks {
  const found = new Map<Nodes, string>();
  // The serializer writes \n; so does the twin's every block, whatever the source's line endings.
  const lines = source.includes('\r') ? (text: string) => text.replace(/\r\n?/g, '\n') : (text: string) => text;
  const inFlow = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type === 'containerDirective') {
        inFlow(node.children);
        continue;
      }
      const { start, end } = node.position ?? {};
      if (start?.column !== 1 || start.offset === undefined || end?.offset === undefined || !untouched(node)) continue;
      const text = lines(source.slice(start.offset, end.offset));
      if (node.type === 'code' && !/^(```|~~~)/.test(text)) continue;
      found.set(node, text);
    }
  };
  inFlow(tree.children);
  return found;
}

function untouched(node: Nodes): boolean {
  if (!UNTOUCHED.has(node.type)) return false;
  return !('children' in node) || (node.children as Nodes[]).every(untouched);
}

export function toPlainMarkdown(tree: Root, verbatim: VerbatimBlocks = new Map()): string {
  const plain: Root = { type: 'root', children: flatten(tree.children, verbatim) as Root['children'] };
  return toMarkdown(plain, { extensions: GFM, handlers: HANDLERS, bullet: '-', fences: true, rule: '-' }).trim() + '\n';
}

function flatten(nodes: RootContent[], verbatim: VerbatimBlocks): RootContent[] {
  return nodes.flatMap((node, index): RootContent[] => {
    const text = verbatim.get(node);
    // Two lists in a row stay two only if their bullets differ: the serializer sees to that for its own.
    const besideList = node.type === 'list' && (nodes[index - 1]?.type === 'list' || nodes[index + 1]?.type === 'list');
    if (text !== undefined && !besideList) return [{ type: 'verbatim', value: text } satisfies Verbatim as unknown as RootContent];
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
