/**
 * Stage 4, highlight: every <code-block> of the body gets shiki tokens for the light and dark
 * themes as CSS variables (--s-l / --s-d), line highlights from `{1,3-4}`, and the `[!code]`
 * notation comments. The highlighter is created once per run (createHighlighter) and passed in.
 */
import type { Element, ElementContent, Nodes as HastNodes, Properties, Root as HastRoot } from 'hast';
import type { Node } from 'unist';
import type { CodeToHastOptions, HighlighterCore, LanguageRegistration, ShikiTransformer } from 'shiki';
// The list of languages alone: shiki's main entry loads much more (a twentieth of a second).
import { bundledLanguagesInfo } from 'shiki/langs';
import { createHighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { transformerNotationDiff, transformerNotationHighlight } from '@shikijs/transformers';
import type { Diagnostics } from '../diagnostics.ts';
import { treeTextOf } from './hast-text.ts';
import { sharingScanners } from './shared-scanners.ts';
import { SKIP, walk } from './walk.ts';
import { twoThemeCodeToHast, type TwoThemeCodeToHast } from './two-themes.ts';
import { sampleKey, sampleOfPageBlock, splitQueries, type PageBlock, type SampleBlock } from '../hovers/sample.ts';

/** The languages pages may use (shiki ids); anything else is a warning and renders as plain text. */
export const CODE_LANGS = [
  'typescript', 'tsx', 'javascript', 'jsx', 'json', 'jsonc', 'shellscript', 'vue', 'svelte', 'css', 'scss', 'less',
  'html', 'yaml', 'diff', 'markdown', 'mdx', 'toml', 'xml', 'ini', 'dotenv',
] as const;
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'log']);
const THEMES = { l: 'github-light', d: 'github-dark' } as const;

/** Fence name or alias → shiki id, for the languages above (`ts` → typescript, `sh` → shellscript). */
const LANG_IDS = new Map<string, string>(
  bundledLanguagesInfo
    .filter((info) => (CODE_LANGS as readonly string[]).includes(info.id))
    .flatMap((info) => [info.id, ...(info.aliases ?? [])].map((name): [string, string] => [name, info.id])),
);

/**
 * The shiki instance of a run plus a memo of highlighted blocks: the English and Chinese twins
 * of a page mostly share their code samples, and tokenizing is most of a cold build's time.
 * The memo keeps the blocks used last (see rememberBlock).
 */
export interface Highlighter {
  shiki: HighlighterCore;
  /** shiki's codeToHast for both themes, tokenizing each block once (two-themes.ts). */
  codeToHast: TwoThemeCodeToHast;
  memo: Map<string, Element>;
  /** Blocks found to match the body's schema: each is checked once, in the first page that has it (compile-page.ts: checkedBody). */
  checked: WeakSet<Element>;
}

/** A highlighter, or a memo alone (shiki null) that answers for the blocks it holds (see MissingBlock). */
export type BlockSource = Highlighter | { shiki: null; memo: Map<string, Element>; checked: WeakSet<Element> };

/**
 * Thrown when a memo alone (a BlockSource without shiki) is asked for a block it does not hold.
 * A memo costs nothing to make, where shiki takes a tenth of a second to start: a new process
 * that compiles one edited page whose blocks it knows from last time (compileAll) tries it first.
 */
export class MissingBlock extends Error {
  constructor() {
    super('a code block the memo does not hold, and no shiki to highlight it');
  }
}

/**
 * Highlighted blocks a memo keeps at most. Twins are compiled one after the other, and samples
 * shared across a site (an install command) come back often enough to stay; an unbounded memo
 * made a compile worker grow with the site (by about 80 KB a page, 800 MB at 10,000 pages).
 */
export const MEMO_BLOCKS = 2000;

/** Keeps `pre` as the block used last, dropping the one used longest ago when the memo is full. */
export function rememberBlock(memo: Map<string, Element>, key: string, pre: Element): void {
  memo.delete(key);
  memo.set(key, pre);
  if (memo.size > MEMO_BLOCKS) memo.delete(memo.keys().next().value!);
}

/**
 * A highlighter for the given languages (all known ones by default), on Oniguruma (WebAssembly),
 * the regex engine TextMate grammars are written for. Shiki's JavaScript engine, with grammars
 * precompiled for it, left the arguments of shell commands uncoloured (`rslib build --watch`:
 * only `rslib`); a cold build takes as long with either. Grammars whose rules have the same
 * regexes share their compiled scanners (shared-scanners.ts).
 */
export async function createHighlighter(langs: Iterable<string> = CODE_LANGS): Promise<Highlighter> {
  const shiki = await createHighlighterCore({
    themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
    langs: [],
    engine: sharingScanners(await createOnigurumaEngine(import('shiki/wasm'))),
  });
  const highlighter = { shiki, codeToHast: twoThemeCodeToHast(shiki, [THEMES.l, THEMES.d]), memo: new Map<string, Element>(), checked: new WeakSet<Element>() };
  await ensureLanguages(highlighter, langs);
  return highlighter;
}

/** Load the grammars of these fence languages that the highlighter does not have yet. */
export async function ensureLanguages(highlighter: Highlighter, langs: Iterable<string>): Promise<void> {
  const loaded = new Set(highlighter.shiki.getLoadedLanguages());
  const wanted = new Set([...langs].map((lang) => LANG_IDS.get(lang.toLowerCase())).filter((id): id is string => !!id && !loaded.has(id)));
  // @vite-ignore: Vite (which runs the tests) cannot match a template import against the package's
  // exports map and warned on every test run; Node resolves each name when it is imported.
  const grammars = await Promise.all(
    [...wanted].map(async (id) => ((await import(/* @vite-ignore */ `@shikijs/langs/${id}`)) as { default: LanguageRegistration[] }).default),
  );
  for (const grammar of embeddedFirst(grammars.flat(), loaded)) highlighter.shiki.loadLanguageSync(grammar);
}

/**
 * The grammars in an order where each comes after those it embeds, eagerly or lazily, each once
 * (`loaded`: names already in the highlighter). Given all at once, shiki loads a grammar that
 * embeds others lazily (Markdown, MDX and Svelte embed dozens) again each time one of those
 * loads, whether or not it was loaded itself: for content/'s languages, MDX 24 times, Markdown
 * 12 and Svelte 14, 0.2 s of a cold build's main thread and of each compile worker's start.
 * Each loaded after the grammars it embeds, a grammar is loaded once and sees them all, as it
 * does after shiki's last reload. A cycle is cut where it is met (the grammar loads again, as before).
 */
export function embeddedFirst(grammars: readonly LanguageRegistration[], loaded: ReadonlySet<string> = new Set()): LanguageRegistration[] {
  const byName = new Map(grammars.map((grammar) => [grammar.name, grammar]));
  const ordered: LanguageRegistration[] = [];
  const seen = new Set(loaded);
  const visit = (grammar: LanguageRegistration) => {
    if (seen.has(grammar.name)) return;
    seen.add(grammar.name);
    for (const name of [...(grammar.embeddedLangs ?? []), ...(grammar.embeddedLangsLazy ?? [])]) {
      const embedded = byName.get(name);
      if (embedded) visit(embedded);
    }
    ordered.push(grammar);
  };
  for (const grammar of byName.values()) visit(grammar);
  return ordered;
}

/** Fence languages used in some markdown sources (package-manager tabs always use bash). */
export function languagesIn(sources: Iterable<string>): Set<string> {
  const langs = new Set(['bash']);
  for (const source of sources) for (const match of source.matchAll(/^[ \t>]*(?:`{3,}|~{3,})[ \t]*([\w+#-]+)/gm)) langs.add(match[1]!.toLowerCase());
  return langs;
}

/** Resolve a fence language (aliases included) to a shiki id, 'text', or null when unknown. */
export function resolveLang(lang: string): string | null {
  if (PLAIN.has(lang)) return 'text';
  return LANG_IDS.get(lang) ?? null;
}

/** TypeScript outside a code block (a hover text's declaration), highlighted as a block is, through the memo. */
export function highlightTypeScript(highlighter: BlockSource, code: string): Element | undefined {
  return highlightBlock(highlighter, typeScriptKey(code), code, 'typescript', []);
}

/** The memo key of TypeScript highlighted outside a code block (highlightTypeScript). */
export const typeScriptKey = (code: string) => blockKey(code, 'typescript', []);

/**
 * What highlights these pieces of TypeScript (hover texts' declarations): `known` when it has
 * shiki, or when its memo holds them all (an edited page's, seeded from last time: shiki takes a
 * second to start with the TypeScript grammar); else a highlighter sharing its memo.
 */
export async function typeScriptSource(known: BlockSource | null, codes: Iterable<string>): Promise<BlockSource> {
  if (known?.shiki) {
    await ensureLanguages(known, ['typescript']);
    return known;
  }
  const memo = known?.memo ?? new Map<string, Element>();
  if (known && [...codes].every((code) => memo.has(typeScriptKey(code)))) return known;
  const highlighter = { ...(await createHighlighter(['typescript'])), memo };
  return highlighter;
}

/**
 * A config sample of a page (hovers/sample.ts), as highlight found it: the hovers stage's answers
 * for it are put into the compiled body afterwards (hovers/apply.ts).
 */
export interface PageSample {
  /** Which of the body's code blocks it is, in document order. */
  block: number;
  /** Its key among the hovers (hovers/sample.ts: sampleKey). */
  key: string;
  /** Its first line in the page. */
  line: number;
  title?: string;
  /** The sample itself: asked about after the compile when the hovers stage did not find it first (pipeline/hovers/page-samples.ts). */
  sample: SampleBlock;
  /** Its highlighted block's memo key, '' when shiki gave nothing: the block before its hovers is kept for the next compile (hovers/apply.ts). */
  highlighted: string;
  /**
   * Its block's `pre` as JSON, left out of the page's body JSON (whose code block has no children
   * until then) for hovers/apply.ts to put in with its hovers: the body is not parsed again for
   * them. Set by compile-page.ts.
   */
  pre?: string;
  /** The id of the heading it stands under, on a page that documents names (compile-page.ts). */
  section?: string | null;
}

/**
 * Highlights every code block of the tree in place. Returns each block's memo key in document
 * order ('' for a block shiki gave nothing for, and for a sample, which gets its hovers later):
 * stored with the page, they let the next compile of the page reuse its highlighted blocks
 * (harvestHighlights). And the page's config samples, whose `// ^?` lines are taken out: their
 * answers are shown instead.
 */
export function highlight(tree: HastRoot, file: string, highlighter: BlockSource, diagnostics: Diagnostics): { keys: string[]; samples: PageSample[] } {
  const keys: string[] = [];
  const samples: PageSample[] = [];
  // The page's blocks first: a script file it shows is read among its other files (hovers/sample.ts).
  const blocks: PageBlock[] = [];
  walk<HastNodes>(tree, (node) => {
    if (node.type !== 'element' || node.tagName !== 'code-block') return;
    const attribute = (name: string) => (node.properties[name] === undefined ? undefined : String(node.properties[name]));
    blocks.push({ lang: String(node.properties.lang ?? ''), title: attribute('title'), check: attribute('check'), example: attribute('example'), code: treeTextOf(node).replace(/\n$/, '') });
    return SKIP;
  });
  walk<HastNodes>(tree, (node) => {
    if (node.type !== 'element' || node.tagName !== 'code-block') return;
    const block = blocks[keys.length]!;
    const { lang: written, title } = block;
    let code = block.code;
    const sample = sampleOfPageBlock(blocks, keys.length);
    if (sample) code = splitQueries(code).shown;
    let lang = resolveLang(written);
    if (lang === null) {
      diagnostics.warn(file, { line: Number(node.properties.line ?? 1), column: Number(node.properties.column ?? 1) }, `Unknown code language "${written}"; rendered as plain text`, 'unknown-code-lang');
      lang = 'text';
    }
    if (!written) {
      diagnostics.warn(file, { line: Number(node.properties.line ?? 1), column: Number(node.properties.column ?? 1) }, 'Code block without a language; name one (or text)', 'unknown-code-lang');
    }
    const lines = String(node.properties.highlightLines ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number);
    const key = blockKey(code, lang, lines);
    const pre = highlightBlock(highlighter, key, code, lang, lines);
    // A sample's block gets its hovers: what the body has is not the highlighter's block (hovers/apply.ts keeps that).
    if (sample) samples.push({ block: keys.length, key: sampleKey(sample), line: Number(node.properties.line ?? 1) + 1, ...(title !== undefined && { title }), sample, highlighted: pre ? key : '' });
    keys.push(pre && !sample ? key : '');
    // `wrap` is our boolean, not HTML's textarea attribute that hast's typings know it as.
    const properties: Record<string, Properties[string]> = { lang: written || 'text', wrap: Boolean(node.properties.wrap) };
    if (node.properties.title) properties.title = node.properties.title;
    node.properties = properties;
    // The memo's block itself, shared with other pages: nothing changes a tree after this stage
    // (compactHast builds the body anew), and a copy of each block took a twentieth of a cold build.
    node.children = pre ? [pre] : [];
    // Nothing to look for inside the block: its tokens are hundreds of elements.
    return SKIP;
  });
  return { keys, samples };
}

/**
 * The highlighted blocks of a compiled body, by memo key (`keys` as highlight returned them):
 * seeded into a highlighter, an edit to a page's prose does not tokenize its code again, which
 * is most of a one-page rebuild in a new process. The body's blocks went through compactHast,
 * which leaves an already compact block as it is.
 */
export function harvestHighlights(body: HastRoot, keys: readonly string[]): Array<[string, Element]> {
  const blocks = codeBlocksOf(body);
  if (blocks.length !== keys.length) return []; // not the body these keys came from
  const found: Array<[string, Element]> = [];
  blocks.forEach((block, i) => {
    const pre = block.children[0];
    if (keys[i] && pre?.type === 'element' && pre.tagName === 'pre') found.push([keys[i]!, pre]);
  });
  return found;
}

/** A compiled body's code blocks (`code-block` elements), in document order: the order of highlight's keys and of a page's samples (PageSample.block). */
export function codeBlocksOf(body: Node): Element[] {
  const blocks: Element[] = [];
  walk<HastNodes>(body, (node) => {
    if (node.type !== 'element' || node.tagName !== 'code-block') return;
    blocks.push(node);
    return SKIP;
  });
  return blocks;
}

const blockKey = (code: string, lang: string, lines: readonly number[]) => `${lang}\0${lines.join(',')}\0${code}`;

function highlightBlock(highlighter: BlockSource, key: string, code: string, lang: string, lines: number[]): Element | undefined {
  const known = highlighter.memo.get(key);
  if (known) {
    rememberBlock(highlighter.memo, key, known);
    return known;
  }
  if (!highlighter.shiki) throw new MissingBlock();
  const root = highlighter.codeToHast(code, blockOptions(code, lang, lines));
  const pre = root.children.find((child): child is Element => child.type === 'element' && child.tagName === 'pre');
  if (!pre) return undefined;
  const compact = compactPre(pre);
  rememberBlock(highlighter.memo, key, compact);
  return compact;
}

/** What shiki is asked for a block: both themes as CSS variables, line and notation highlights. */
export function blockOptions(code: string, lang: string, lines: readonly number[]): CodeToHastOptions {
  return {
    lang,
    themes: THEMES,
    defaultColor: false,
    cssVariablePrefix: '--s-',
    // No time limit per line (shiki's default is 500 ms, after which the rest of the line keeps
    // the scope it had): on a loaded machine a grammar's first lines can take that long, and two
    // builds of the same page then coloured a line differently (issue 21, reproducible builds).
    tokenizeTimeLimit: 0,
    // The notation transformers look for `[!code …]` comments in every token of every line.
    transformers: code.includes('[!code') ? [transformerNotationHighlight(), transformerNotationDiff(), highlightLines(lines)] : [highlightLines(lines)],
  };
}

function highlightLines(lines: readonly number[]): ShikiTransformer {
  const wanted = new Set(lines);
  return {
    name: 'rslib-docs:meta-highlight',
    line(node, line) {
      if (wanted.has(line)) this.addClassToHast(node, 'highlighted');
    },
  };
}

/**
 * Shrink shiki's output, which is most of a record's bytes: keep only the foreground colour
 * variables on <pre>, drop token styles equal to them (they inherit), merge neighbouring tokens
 * of the same colour, and use className arrays as HAST expects.
 */
export function compactPre(pre: Element): Element {
  const preStyle = String(pre.properties.style ?? '');
  // Lower case, as on <pre>: the tokens write the same colours in upper case (#24292E).
  const fg = preStyle
    .toLowerCase()
    .split(';')
    .filter((decl) => /^--s-[ld]:/.test(decl))
    .join(';');
  const preClasses = classList(pre).filter((c) => c === 'shiki' || c.startsWith('has-'));
  const code = pre.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const lines = (code?.children ?? []).map((line) => (line.type === 'element' ? compactLine(line, fg) : line));
  return {
    type: 'element',
    tagName: 'pre',
    properties: { className: preClasses, ...(fg ? { style: fg } : {}) },
    children: [{ type: 'element', tagName: 'code', properties: {}, children: lines }],
  };
}

function compactLine(line: Element, fg: string): Element {
  const merged: ElementContent[] = [];
  for (const token of line.children) {
    const style = token.type === 'element' ? String(token.properties.style ?? '') : '';
    const text = treeTextOf(token);
    if (!style || style.toLowerCase() === fg) {
      appendText(merged, text);
      continue;
    }
    const previous = merged.at(-1);
    if (previous?.type === 'element' && previous.properties.style === style) appendText(previous.children, text);
    else merged.push({ type: 'element', tagName: 'span', properties: { style }, children: [{ type: 'text', value: text }] });
  }
  return { type: 'element', tagName: 'span', properties: { className: classList(line) }, children: merged };
}

function appendText(children: ElementContent[], text: string): void {
  if (!text) return;
  const last = children.at(-1);
  if (last?.type === 'text') last.value += text;
  else children.push({ type: 'text', value: text });
}

function classList(node: Element): string[] {
  const raw = node.properties.className ?? (node.properties as Record<string, unknown>).class;
  if (Array.isArray(raw)) return raw.map(String);
  return typeof raw === 'string' ? raw.split(/\s+/).filter(Boolean) : [];
}
