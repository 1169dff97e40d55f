/**
 * Stage 2, parse: markdown source → mdast, and the YAML frontmatter → validated Frontmatter.
 * The unified chain is written out here, in order:
 *   remark-parse        CommonMark
 *   remark-gfm          tables, strikethrough, task lists, autolink literals, footnotes
 *   remark-frontmatter  the leading --- YAML --- block as a `yaml` node
 *   remark-directive    :::container, ::leaf and :text directives (docs/writing.md)
 */
import type { Nodes, Root, Yaml } from 'mdast';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { isMap, LineCounter, parseDocument, type Document } from 'yaml';
import { Frontmatter } from '../../schemas/frontmatter.ts';
import type { Diagnostics, Place } from '../diagnostics.ts';

type Transform = (tree: Root) => Root | undefined | void;

/** GFM's one tree transform: literal autolinks (`www.x.org`, `https://…`, `a@b.org`) in text nodes. */
const LITERAL_AUTOLINKS = (() => {
  const transforms = gfmFromMarkdown().flatMap((extension) => (extension.transforms ?? []) as Transform[]);
  if (transforms.length !== 1) throw new Error(`mdast-util-gfm: expected one transform (literal autolinks), found ${transforms.length}`);
  return transforms[0]!;
})();

/**
 * GFM's literal-autolink transform, run only on a page with a text node it could change. It
 * tries four regular expressions (with look-behinds) on every text node, and each needs `@` or
 * `http(s)://` / `www.` in it: about a fifteenth of compiling a page, on pages where it finds
 * nothing. The test here is a superset of theirs, so a page where it is false has nothing to find.
 */
function literalAutolinksWhereTheyCanBe(this: ReturnType<typeof unified>): void {
  const guarded: Transform = (tree) => (hasCandidateText(tree) ? LITERAL_AUTOLINKS(tree) : undefined);
  let replaced = 0;
  eachExtension(this.data('fromMarkdownExtensions'), (extension) => {
    if (!('transforms' in extension)) return;
    const transforms = extension.transforms as Transform[];
    for (const [index, transform] of transforms.entries()) {
      if (transform !== LITERAL_AUTOLINKS) continue;
      transforms[index] = guarded;
      replaced++;
    }
  });
  if (replaced === 0) throw new Error('remark-gfm: the literal autolink transform was not found among its extensions');
}

/** Each extension of a processor's list of micromark or mdast extensions, which may nest in arrays. */
function eachExtension(extensions: unknown, visit: (extension: object) => void): void {
  if (Array.isArray(extensions)) for (const extension of extensions) eachExtension(extension, visit);
  else if (extensions && typeof extensions === 'object') visit(extensions);
}

const CANDIDATE = /@|https?:\/\/|www\./i;

function hasCandidateText(node: Nodes): boolean {
  if (node.type === 'text') return CANDIDATE.test(node.value);
  return 'children' in node && node.children.some(hasCandidateText);
}

/**
 * What each of GFM's literal autolinks needs to find from its first character on: an email
 * address's local part and its `@`, `www.`, or `http(s)://`. None of them holds a tab or a line
 * ending, where micromark's chunks of text end.
 */
const AUTOLINK_AHEAD: Record<string, RegExp> = { emailAutolink: /^[\w+.-]+@/, wwwAutolink: /^www\./i, protocolAutolink: /^https?:\/\//i };

/**
 * GFM's literal-autolink syntax, tried only where the source can hold one. Its email construct is
 * registered on every letter and digit, and micromark's text tokenizer tries it at the start of
 * every word (wherever the character before it allows one, `previous`): it reads the word, finds
 * no `@` and gives it back, and the word's text becomes a token of its own, merged with its
 * neighbours afterwards. Each construct here is the same, with a `previous` that also reads on in
 * the tokenizer's text for what the construct would need next (AUTOLINK_AHEAD): where that is not there, the
 * construct could only fail, so not trying it leaves the same tree.
 */
function autolinkStartsWhereTheyCanBe(this: ReturnType<typeof unified>): void {
  // micromark's types, as far as they are used here: a construct's check of the character before
  // it, called with the tokenizer, whose current place is in one of its chunks of text (a string,
  // up to the next tab or line ending, `_index`, from `_bufferIndex`; sliceStream reads it).
  type Point = { _index: number; _bufferIndex: number };
  type Previous = (this: { now(): Point; sliceStream(token: { start: Point; end: Point }): Array<string | number> }, code: number | null) => boolean;
  const guarded = new Map<object, object>();
  const guard = (construct: { name?: string; previous?: Previous }) => {
    const ahead = construct.name && AUTOLINK_AHEAD[construct.name];
    if (!ahead || !construct.previous) return construct;
    let copy = guarded.get(construct);
    if (!copy) {
      const previous = construct.previous;
      copy = {
        ...construct,
        previous(this: ThisParameterType<Previous>, code: number | null) {
          if (!previous.call(this, code)) return false;
          const here = this.now();
          // The rest of the current chunk: the construct starts at a letter or digit, in a string.
          const [rest] = this.sliceStream({ start: here, end: { _index: here._index, _bufferIndex: Infinity } });
          return typeof rest === 'string' && ahead.test(rest);
        },
      };
      guarded.set(construct, copy);
    }
    return copy;
  };
  eachExtension(this.data('micromarkExtensions'), (extension) => {
    if (!('text' in extension)) return;
    const text = extension.text as Record<string, unknown>;
    for (const [code, constructs] of Object.entries(text)) text[code] = Array.isArray(constructs) ? constructs.map(guard) : guard(constructs as never);
  });
  if (guarded.size !== 3) throw new Error(`micromark-extension-gfm-autolink-literal: expected its three constructs, found ${guarded.size}`);
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(literalAutolinksWhereTheyCanBe)
  .use(autolinkStartsWhereTheyCanBe)
  .use(remarkFrontmatter, ['yaml'])
  .use(remarkDirective)
  .freeze();

export function parseMarkdown(source: string): Root {
  return processor.parse(source);
}

export interface Parsed {
  tree: Root;
  frontmatter: Frontmatter;
}

/** Parse a page. Frontmatter problems are reported and the defaults used, so later stages still run. */
export function parse(file: string, source: string, diagnostics: Diagnostics): Parsed {
  const tree = parseMarkdown(source);
  const yamlNode = tree.children.find((node): node is Yaml => node.type === 'yaml');
  const frontmatter = yamlNode ? readFrontmatter(file, yamlNode, diagnostics) : Frontmatter.parse({});
  if (yamlNode) tree.children = tree.children.filter((node) => node !== yamlNode);
  return { tree, frontmatter };
}

function readFrontmatter(file: string, node: Yaml, diagnostics: Diagnostics): Frontmatter {
  const lineCounter = new LineCounter();
  const doc = parseDocument(node.value, { lineCounter, prettyErrors: false });
  // The YAML text starts on the line after the opening ---.
  const firstLine = (node.position?.start.line ?? 1) + 1;
  const at = (offset: number): Place => {
    const pos = lineCounter.linePos(offset);
    return { line: firstLine + pos.line - 1, column: pos.col };
  };
  if (doc.errors.length > 0) {
    for (const error of doc.errors) diagnostics.error(file, at(error.pos[0]), `Invalid YAML in frontmatter: ${error.message.split('\n')[0]}`, 'frontmatter-yaml');
    return Frontmatter.parse({});
  }
  const data: unknown = doc.toJS() ?? {};
  const result = Frontmatter.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const keyPath = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
    const offset = offsetOfPath(doc, keyPath);
    const where = keyPath.length ? `\`${keyPath.join('.')}\`` : 'frontmatter';
    const message =
      issue.code === 'unrecognized_keys'
        ? `Unknown frontmatter key ${issue.keys.map((k) => `\`${k}\``).join(', ')}`
        : `Invalid frontmatter ${where}: ${issue.message}`;
    diagnostics.error(file, at(offset), message, 'frontmatter-schema');
  }
  // Keep what is valid so later stages see the author's intent where possible.
  const valid = Frontmatter.safeParse(stripInvalid(data, result.error.issues.map((i) => String(i.path[0] ?? ''))));
  return valid.success ? valid.data : Frontmatter.parse({});
}

function stripInvalid(data: unknown, badKeys: string[]): unknown {
  if (!data || typeof data !== 'object') return {};
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const key of badKeys) delete copy[key];
  const known = Object.keys(Frontmatter.shape);
  for (const key of Object.keys(copy)) if (!known.includes(key)) delete copy[key];
  return copy;
}

/** Offset of the deepest YAML node along a key path (the key itself when it exists). */
function offsetOfPath(doc: Document, keyPath: readonly PropertyKey[]): number {
  let node: unknown = doc.contents;
  let offset = (doc.contents as { range?: [number] } | null)?.range?.[0] ?? 0;
  for (const key of keyPath) {
    if (!isMap(node) && !(node && typeof node === 'object' && 'items' in node)) break;
    const items = (node as { items: Array<{ key?: { value?: unknown; range?: [number] }; value?: { range?: [number] } } | { range?: [number] }> }).items;
    const pair = isMap(node)
      ? (items as Array<{ key?: { value?: unknown; range?: [number] }; value?: unknown }>).find((p) => p.key?.value === key)
      : undefined;
    if (pair) {
      offset = pair.key?.range?.[0] ?? offset;
      node = pair.value;
      continue;
    }
    const item = typeof key === 'number' ? (items[key] as { range?: [number] } | undefined) : undefined;
    if (item?.range) {
      offset = item.range[0];
      node = item;
      continue;
    }
    break;
  }
  return offset;
}

export type { Yaml };
