/**
 * Heading ids (GitHub-style slugs, or an explicit trailing `{#id}`) and the facts derived from
 * headings: the page title (the one `#` heading) and the outline (depth 2..4 with charIndex).
 */
import GithubSlugger from 'github-slugger';
import type { Heading, Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { TocItem } from '../../schemas/toc.ts';
import { walk } from '../compile/walk.ts';
import type { PageContext } from './page-context.ts';

export const EXPLICIT_ID = /\s*\{#([A-Za-z0-9_][\w-]*)\}\s*$/;

export interface HeadingFacts {
  /** Text of the first `#` heading, if any. */
  h1: string | null;
  toc: TocItem[];
  /** Every id on the page (headings of all depths), for anchor checks. */
  ids: string[];
}

export function assignHeadingIds(tree: Root, ctx: Pick<PageContext, 'file' | 'diagnostics'>): HeadingFacts {
  const slugger = new GithubSlugger();
  const explicit = new Map<string, Heading>();
  const facts: HeadingFacts = { h1: null, toc: [], ids: [] };
  let h1Count = 0;
  walk<Nodes>(tree, (node) => {
    if (node.type !== 'heading') return;
    const id = takeExplicitId(node);
    const text = toString(node).trim();
    let finalId: string;
    if (id) {
      if (explicit.has(id) || facts.ids.includes(id)) ctx.diagnostics.error(ctx.file, node, `Duplicate heading id #${id}`, 'duplicate-id');
      explicit.set(id, node);
      finalId = id;
      slugger.slug(id); // reserve it, so a later generated slug cannot take the same id
    } else {
      finalId = slugger.slug(text);
      if (explicit.has(finalId)) ctx.diagnostics.error(ctx.file, node, `Heading id #${finalId} collides with an explicit {#${finalId}}`, 'duplicate-id');
    }
    node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id: finalId } };
    facts.ids.push(finalId);
    if (node.depth === 1) {
      h1Count++;
      if (h1Count === 2) ctx.diagnostics.error(ctx.file, node, 'A page has one # heading; use ## for sections', 'single-h1');
      facts.h1 ??= text;
    } else if (node.depth <= 4) {
      facts.toc.push({ text, id: finalId, depth: node.depth, charIndex: node.position?.start.offset ?? 0 });
    }
  });
  return facts;
}

/** Strip a trailing `{#id}` from the heading's last text node and return the id. */
function takeExplicitId(node: Heading): string | null {
  const last = node.children.at(-1);
  if (last?.type !== 'text') return null;
  const match = EXPLICIT_ID.exec(last.value);
  if (!match) return null;
  last.value = last.value.slice(0, match.index);
  if (last.value === '') node.children.pop();
  return match[1] ?? null;
}
