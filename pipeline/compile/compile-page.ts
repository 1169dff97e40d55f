/**
 * One page through parse → transform → highlight → compact. The result depends only on the
 * page source, its language's fragments and the markdown options, so it is what the cache
 * stores (keyed by pageCacheKey) and reuses on warm builds.
 */
import { createHash } from 'node:crypto';
import type { Element, Root as HastRootNode } from 'hast';
import { HastElement, HastRoot } from '../../schemas/hast.ts';
import type { Lang } from '../../schemas/lang.ts';
import type { SiteConfig } from '../../schemas/site.ts';
import { compactHast } from './compact.ts';
import { pageSections } from '../search/records.ts';
import { Diagnostics, type Diagnostic } from '../diagnostics.ts';
import { codeBlocksOf, highlight, type BlockSource, type Highlighter, type PageSample } from './highlight.ts';
import { rewriteFrontmatterLinks } from '../markdown/links.ts';
import type { PageContext } from '../markdown/page-context.ts';
import { parse } from './parse.ts';
import { isSharedPath, LANGS, langPrefix, routeOfFile } from '../routes.ts';
import { nameSectionsOf } from '../hovers/name-sections.ts';
import { transform } from './transform.ts';
import { translationSkeleton } from '../translations/skeleton.ts';
import type { ImageSize, PageContent, PageSummary, SourceFile } from '../types.ts';
import { validate } from '../validate.ts';

/** What compiling a page takes: its context for the markdown transforms, less the diagnostics a compile collects itself. */
export type CompileInput = Omit<PageContext, 'diagnostics'>;

/**
 * A compiled page, and its config samples: their hovers go into the body after the compile
 * (hovers/apply.ts), which then drops the list.
 */
export type CompiledPage = PageSummary & PageContent & { samples?: PageSample[] };

export function splitCompiled({ body, markdown, sections, highlights, hovers, samples: _samples, ...summary }: CompiledPage): { summary: PageSummary; content: PageContent } {
  return { summary, content: { body, markdown, sections, highlights, ...(hovers && { hovers }) } };
}

export function compilePage(input: CompileInput, highlighter: BlockSource): CompiledPage {
  const diagnostics = new Diagnostics();
  const { tree, frontmatter } = parse(input.file, input.source, diagnostics);
  // Read before transform: the skeleton is the page as written (an include is one item).
  const skeleton = translationSkeleton(tree, frontmatter, input.source);
  const ctx = { ...input, diagnostics };
  const { hast, headings, links, firstParagraph, markdown } = transform(tree, ctx);
  links.push(...rewriteFrontmatterLinks(frontmatter, ctx));
  const { keys: highlights, samples } = highlight(hast, input.file, highlighter, diagnostics);
  const body = checkedBody(hast, input.file, highlighter.checked, diagnostics);
  const names = body ? nameSectionsOf(routeOfFile(input.relPath), body) : [];
  return {
    frontmatter,
    h1: headings.h1,
    toc: headings.toc,
    ids: headings.ids,
    links,
    firstParagraph,
    skeleton,
    markdown,
    body: body && JSON.stringify(body),
    sections: body ? pageSections(body) : [],
    highlights,
    diagnostics: diagnostics.items,
    ...(names.length > 0 && { names }),
    ...(samples.length > 0 && { samples }),
  };
}

/**
 * The page's body, compacted and checked against its schema. Its highlighted blocks (the `pre`
 * of each code block) are most of it, and shared: the memo hands the same block to a page's twins
 * and to every page with that sample. Each is checked the first time it is met (`checked`) and
 * kept as it is, already compact; the rest of the body is compacted and checked for each page.
 * Checking and copying every block of every page was a twentieth of a cold build's compile.
 * A block that does not pass gets the body checked whole, for the message a page has always had.
 */
function checkedBody(hast: HastRootNode, file: string, checked: WeakSet<Element>, diagnostics: Diagnostics): HastRoot | null {
  const checkedTree = () => validate(HastRoot, compactHast(hast), file, 'Page body', diagnostics);
  const blocks = codeBlocksOf(hast);
  const blockChildren = blocks.map((block) => block.children);
  for (const block of blocks) block.children = [];
  const rest = checkedTree();
  blocks.forEach((block, i) => (block.children = blockChildren[i]!));
  if (!rest) return null;
  const pres = blockChildren.map((children) => children[0] as Element | undefined);
  for (const pre of pres) {
    if (!pre || checked.has(pre)) continue;
    if (!HastElement.safeParse(pre).success) return checkedTree();
    checked.add(pre);
  }
  codeBlocksOf(rest).forEach((block, i) => (block.children = pres[i] ? [pres[i] as HastElement] : []));
  return rest;
}

/** Cache key: everything compilePage's output depends on. */
export function pageCacheKey(input: CompileInput, fragmentsHash: string, codeVersion: string): string {
  const hash = createHash('sha256');
  hash.update(`v${codeVersion}\0${input.file}\0${input.prefix}\0${input.cleanUrls}\0${input.defaultWrapCode}\0${fragmentsHash}\0`);
  hash.update(input.source);
  return hash.digest('hex').slice(0, 32);
}

/**
 * Each language's shared fragments (read when discovered) by path, and one hash per language of
 * what any page of it may read besides its own source: those fragments and the public images'
 * sizes (a page's images carry them).
 */
export function sharedFragments(sources: readonly SourceFile[], images: ReadonlyMap<string, ImageSize> = new Map()): { byLang: Map<Lang, Map<string, string>>; hash: Map<Lang, string> } {
  const byLang = new Map<Lang, Map<string, string>>(LANGS.map((lang) => [lang, new Map()]));
  for (const file of sources) if (isSharedPath(file.relPath)) byLang.get(file.lang)!.set(file.relPath, file.source!);
  const sizes = images.size ? JSON.stringify([...images].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : '';
  return { byLang, hash: new Map([...byLang].map(([lang, map]) => [lang, sizes ? createHash('sha256').update(`${hashFragments(map)}\0${sizes}`).digest('hex') : hashFragments(map)])) };
}

/** What compiling a page source takes (its source read), with the site's settings. */
export function compileInputOf(file: SourceFile, site: Pick<SiteConfig, 'lang' | 'route' | 'markdown'>, fragments: ReadonlyMap<string, string>, images?: ReadonlyMap<string, ImageSize>): CompileInput {
  return {
    file: file.file,
    relPath: file.relPath,
    lang: file.lang,
    source: file.source!,
    fragments,
    images,
    prefix: langPrefix(file.lang, site.lang),
    cleanUrls: site.route.cleanUrls,
    defaultWrapCode: site.markdown.defaultWrapCode,
  };
}

/** One hash for a language's shared fragments: any page may include any of them. */
export function hashFragments(fragments: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [rel, source] of [...fragments].sort(([a], [b]) => a.localeCompare(b))) hash.update(`${rel}\0${source}\0`);
  return hash.digest('hex');
}

/**
 * A page of the constructs pages are made of, for warmUp: headings, prose with links and inline
 * code, lists, a table, a callout and highlighted code.
 */
const WARM_UP_PAGE = `---
title: Warm-up
---

# Warm-up page

Some prose with a [link](/guide/start/), \`inline code\`, **strong** and _emphasis_ words.

## A list {#a-list}

- First item with \`code\`
- Second item, with a [second link](./other.md#anchor)
  1. nested
  2. ordered

| Option | Default |
| --- | --- |
| \`format\` | \`'esm'\` |

:::tip
A callout with a sentence in it.
:::

\`\`\`ts title="rslib.config.ts" {2}
import { defineConfig } from '@rslib/core';
export default defineConfig({ lib: [{ format: 'esm' }] });
\`\`\`

\`\`\`bash
npm run build
\`\`\`
`;

/**
 * Compiles a sample page a few times, results dropped. A long-running process that compiles a
 * page now and then (the dev server) would otherwise run the parser unoptimized for a writer's
 * first saves, several times slower than once the JIT has seen it run.
 */
export function warmUp(highlighter: Highlighter, times = 30): void {
  const input: CompileInput = { file: 'warm-up.md', relPath: 'warm-up.md', lang: 'en', source: WARM_UP_PAGE, fragments: new Map(), prefix: '', cleanUrls: true, defaultWrapCode: false };
  for (let i = 0; i < times; i++) compilePage({ ...input, source: `${WARM_UP_PAGE}\nRun ${i}.\n` }, highlighter);
}
