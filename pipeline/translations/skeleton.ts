/**
 * A page's translation skeleton: what must be the same on its English and Chinese twins, read
 * from the page's own markdown tree before anything is expanded (an include is one item here, the
 * fragment is compared as a file of its own). Prose is left out, since it is translated:
 *   - headings (level and id), code blocks (language, title, metas but a skip's reason, and code
 *     less its comments), tables (columns and rows), callouts by kind, tabs and their labels in
 *     order, directives (package manager tabs, overview, include) with their attributes, images;
 *   - the link targets, in the section they stand in;
 *   - the frontmatter values that are not prose.
 * Each item keeps its place, so a difference is reported where it is. A block after a
 * `::translation-differs{reason="…"}` marker differs on purpose: its items match anything of their
 * kind, and may have no counterpart at all.
 */
import { hash } from 'node:crypto';
import GithubSlugger from 'github-slugger';
import type { Nodes, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { parse } from '../compile/parse.ts';
import { Diagnostics } from '../diagnostics.ts';
import { CALLOUT_TYPES, DIFFERS_MARKER } from '../markdown/directives.ts';
import { EXPLICIT_ID } from '../markdown/headings.ts';
import { codeLinesWithoutComments } from './comments.ts';


export type BlockKind = 'heading' | 'code' | 'table' | 'callout' | 'tabs' | 'directive' | 'image';

export interface SkeletonBlock {
  kind: BlockKind;
  /** Equal on both twins when they match. */
  key: string;
  /** How a message names it: `## Install {#install}`, `code block (ts, rslib.config.ts)`. */
  label: string;
  line: number;
  column: number;
  /** After a translation-differs marker. */
  marked?: true;
  /**
   * A code block's lines less comments, by their line in the block (0-based); each line's hash is
   * in the key, LINE_HASH characters each, in the same order (codeLineHash). Not a pair per line:
   * a page's skeleton lives as long as the run (its twin is compared in derive), and those pairs
   * were the largest part of the skeletons (10.3 of 26.5 MB at the end of the 1,000+1,000
   * corpus's compile; 1.4 MB as line numbers).
   */
  code?: number[];
  /** A tabs block's labels in order, or a code block's title (see labelsAgree). */
  labels?: string[];
}

/**
 * Tab labels agree where both twins write them in Latin script (a file name, a package manager,
 * `Bundle` or `bundle`): those are not translated, so they must be the same, case aside. A label
 * written in Chinese is a translation, and may say anything.
 */
export function labelsAgree(ours: readonly string[], theirs: readonly string[]): boolean {
  const latin = (label: string) => /^[\x20-\x7e]*$/.test(label);
  return ours.length === theirs.length && ours.every((label, index) => !latin(label) || !latin(theirs[index]!) || label.toLowerCase() === theirs[index]!.toLowerCase());
}

export interface SkeletonLink {
  /** The target, with a `/zh` language prefix taken off. */
  target: string;
  /** Id of the heading the link stands under ('' before the first heading). */
  section: string;
  line: number;
  column: number;
  marked?: true;
}

export interface TranslationSkeleton {
  blocks: SkeletonBlock[];
  links: SkeletonLink[];
  /** Frontmatter values that are not prose, as [path, value as JSON, line of its top-level key]. */
  frontmatter: Array<[string, string, number]>;
}

/** Frontmatter keys whose values are prose (translated), at any depth. */
const PROSE_KEYS = new Set(['title', 'description', 'titleSuffix', 'name', 'text', 'tagline', 'details', 'alt']);

/** `source`: the page as written (its frontmatter gives the keys' lines; parse took its node out of the tree). */
export function translationSkeleton(tree: Root, frontmatter: unknown, source: string): TranslationSkeleton {
  const skeleton: TranslationSkeleton = { blocks: [], links: [], frontmatter: frontmatterFacts(frontmatter, source) };
  const slugger = new GithubSlugger();
  let section = '';
  const walk = (nodes: readonly (RootContent | Nodes)[], marked: boolean): void => {
    let markNext = false;
    for (const node of nodes) {
      if (node.type === 'leafDirective' && node.name === DIFFERS_MARKER) {
        markNext = true;
        continue;
      }
      const inMarked = marked || markNext;
      markNext = false;
      const place = { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1, ...(inMarked ? { marked: true as const } : {}) };
      const block = (kind: BlockKind, key: string, label: string, extra: Partial<SkeletonBlock> = {}) => skeleton.blocks.push({ kind, key, label, ...place, ...extra });
      switch (node.type) {
        case 'heading': {
          const text = toString(node).trim();
          const explicit = EXPLICIT_ID.exec(text)?.[1];
          const id = explicit ?? slugger.slug(text);
          if (explicit) slugger.slug(explicit);
          // The title (#) is prose: only its presence must match; sections must share their ids.
          block('heading', node.depth === 1 ? '1' : `${node.depth}#${id}`, node.depth === 1 ? '# title' : `${'#'.repeat(node.depth)} heading #${id}`);
          // The title's id is made from its (translated) text: links under it are in the page's opening.
          section = node.depth === 1 ? '' : id;
          break;
        }
        case 'code': {
          const { key, label, ...facts } = codeFacts(node.lang ?? '', node.meta ?? '', node.value);
          block('code', key, label, facts);
          continue;
        }
        case 'table': {
          const columns = node.children[0]?.children.length ?? 0;
          block('table', `${columns}x${node.children.length}`, `table of ${columns} columns and ${node.children.length - 1} rows`);
          break;
        }
        case 'image':
          block('image', sameLanguageImage(node.url), `image ${node.url}`);
          break;
        case 'link':
          skeleton.links.push({ target: sameLanguageTarget(node.url), section, ...place });
          break;
        case 'containerDirective':
        case 'leafDirective':
          directiveBlock(node, block);
          break;
        default:
          break;
      }
      if ('children' in node) walk(node.children as RootContent[], inMarked);
    }
  };
  walk(tree.children, false);
  return skeleton;
}

/** The skeleton of a markdown file as written (a fragment, or a page read outside a build); its parse problems are the build's to report. */
export function skeletonOfSource(file: string, source: string): TranslationSkeleton {
  const { tree, frontmatter } = parse(file, source, new Diagnostics());
  return translationSkeleton(tree, frontmatter, source);
}

type AddBlock = (kind: BlockKind, key: string, label: string, extra?: Partial<SkeletonBlock>) => void;

function directiveBlock(node: ContainerDirective | LeafDirective, block: AddBlock): void {
  if (node.type === 'containerDirective' && (CALLOUT_TYPES as readonly string[]).includes(node.name)) {
    block('callout', node.name, `:::${node.name} callout`);
  } else if (node.type === 'containerDirective' && node.name === 'tabs') {
    const labels = node.children.filter((child): child is ContainerDirective => child.type === 'containerDirective' && child.name === 'tab').map(tabLabel);
    const group = node.attributes?.groupId ? `{groupId="${node.attributes.groupId}"}` : '';
    block('tabs', `${group}${labels.length}`, `tabs${group} [${labels.join(', ')}]`, { labels });
  } else if (node.type === 'leafDirective') {
    const attributes = Object.entries(node.attributes ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const written = attributes.map(([name, value]) => `${name}="${value ?? ''}"`).join(' ');
    block('directive', `${node.name}${JSON.stringify(attributes)}`, `::${node.name}${written ? `{${written}}` : ''}`);
  }
}

/** A tab's `[label]`: the paragraph remark-directive puts first. */
function tabLabel(tab: ContainerDirective): string {
  const first = tab.children[0];
  return first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel ? toString(first).trim() : '';
}

/** A code block's key (language, title, metas, code less comments) and its lines' hashes. */
function codeFacts(lang: string, meta: string, value: string): Pick<SkeletonBlock, 'key' | 'label' | 'code' | 'labels'> {
  // A skip's reason is prose; a title is compared as a tab label is (a file name must match, a
  // title in Chinese is a translation); every other meta must be the same.
  const metas = meta.replace(/\b(?:reason|title)=(?:"[^"]*"|'[^']*'|\S+)/g, '').trim().split(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/).filter(Boolean).sort();
  const lines = codeLinesWithoutComments(value, lang);
  const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const name = title ? (title[1] ?? title[2] ?? title[3]) : undefined;
  return {
    key: `${lang}\0${metas.join(' ')}\0${lines.map(({ text }) => hash('sha1', text, 'hex').slice(0, LINE_HASH)).join('')}`,
    label: `code block (${[lang || 'no language', name].filter(Boolean).join(', ')})`,
    code: lines.map(({ index }) => index),
    labels: [name ?? ''],
  };
}

/** Characters of a code line's hash in a code block's key. */
const LINE_HASH = 10;

/** The hash of a code block's `k`-th line less comments (SkeletonBlock.code), undefined past its last. */
export function codeLineHash(block: Pick<SkeletonBlock, 'key'>, k: number): string | undefined {
  const hashes = block.key.slice(block.key.lastIndexOf('\0') + 1);
  return k * LINE_HASH < hashes.length ? hashes.slice(k * LINE_HASH, (k + 1) * LINE_HASH) : undefined;
}

/**
 * A link target with its language taken off, so that twins linking to the same page in their own
 * languages compare equal: `/zh/a` (ours), and a first path segment naming a language on another
 * site (`https://rsbuild.rs/zh/config/`, MDN's `/zh-CN/docs/…` and `/en-US/docs/…`).
 */
export function sameLanguageTarget(url: string): string {
  const local = /^\/zh(?=\/|$|#)/.exec(url) ? url.slice(3) || '/' : url;
  const external = /^(https?:\/\/[^/?#]+)(\/(?:zh|zh-cn|zh-hans|cn|en|en-us)(?=[/?#]|$))?(.*)$/i.exec(local);
  if (!external) return local;
  const [, origin, , rest] = external;
  return `${origin}${rest || '/'}`;
}

/** An image without its language: `diagram-zh.svg` is the Chinese version of `diagram.svg`. */
function sameLanguageImage(url: string): string {
  return url.replace(/[-_.]zh(?=\.[a-z0-9]+$)/i, '');
}

/** Every frontmatter value but prose, flattened to [path, JSON, line of its top-level key]. */
function frontmatterFacts(frontmatter: unknown, source: string): Array<[string, string, number]> {
  const facts: Array<[string, string, number]> = [];
  const lines = source.startsWith('---') ? source.split('\n') : [];
  const end = lines.indexOf('---', 1);
  const lineOf = (at: string) => {
    const top = /^[^.[]+/.exec(at)?.[0] ?? at;
    const index = lines.slice(0, end === -1 ? 0 : end).findIndex((line) => line.startsWith(`${top}:`));
    return index === -1 ? 1 : index + 1;
  };
  const visit = (value: unknown, at: string): void => {
    if (Array.isArray(value)) {
      facts.push([at, `array of ${value.length}`, lineOf(at)]);
      value.forEach((item, index) => visit(item, `${at}[${index}]`));
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) if (!PROSE_KEYS.has(key)) visit(inner, at ? `${at}.${key}` : key);
    } else if (at) {
      facts.push([at, JSON.stringify(value), lineOf(at)]);
    }
  };
  visit(frontmatter ?? {}, '');
  return facts;
}
