/**
 * Stage 4, highlight: every <code-block> of the body gets shiki tokens for the light and dark
 * themes as CSS variables (--s-l / --s-d), line highlights from `{1,3-4}`, and the `[!code]`
 * notation comments. The highlighter is created once per run (createHighlighter) and passed in.
 */
import type { Element, ElementContent, Properties, Root as HastRoot } from 'hast';
import { createHighlighter as createShiki, type BundledLanguage, type HighlighterGeneric } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { transformerNotationDiff, transformerNotationHighlight } from '@shikijs/transformers';
import type { ShikiTransformer } from 'shiki';
import { visit } from 'unist-util-visit';
import type { Diagnostics } from './diagnostics.ts';

/** The languages pages may use; anything else is a warning and renders as plain text. */
export const CODE_LANGS = [
  'ts', 'tsx', 'js', 'jsx', 'json', 'jsonc', 'bash', 'shellscript', 'vue', 'css', 'scss', 'less',
  'html', 'yaml', 'diff', 'markdown', 'mdx', 'toml', 'xml', 'ini', 'dotenv',
] as const satisfies readonly BundledLanguage[];
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'log']);
const THEMES = { l: 'github-light', d: 'github-dark' } as const;

type Shiki = HighlighterGeneric<BundledLanguage, 'github-light' | 'github-dark'>;

/**
 * The shiki instance of a run plus a memo of highlighted blocks: the English and Chinese twins
 * of a page mostly share their code samples, and tokenizing is most of a cold build's time.
 */
export interface Highlighter {
  shiki: Shiki;
  memo: Map<string, Element>;
}

export async function createHighlighter(): Promise<Highlighter> {
  const shiki = (await createShiki({
    themes: [THEMES.l, THEMES.d],
    langs: [...CODE_LANGS],
    // The JS engine avoids loading oniguruma's WASM; it covers every grammar listed above.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  })) as Shiki;
  return { shiki, memo: new Map() };
}

/** Resolve a fence language (aliases included), or null when the highlighter does not know it. */
export function resolveLang(highlighter: Highlighter, lang: string): string | null {
  if (PLAIN.has(lang)) return 'text';
  const loaded = highlighter.shiki.getLoadedLanguages() as string[];
  return loaded.includes(lang) ? lang : null;
}

export function highlight(tree: HastRoot, file: string, highlighter: Highlighter, diagnostics: Diagnostics): void {
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'code-block') return;
    const code = textOf(node).replace(/\n$/, '');
    const written = String(node.properties.lang ?? '');
    let lang = resolveLang(highlighter, written);
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
    const pre = highlightBlock(highlighter, code, lang, lines);
    // `wrap` is our boolean, not HTML's textarea attribute that hast's typings know it as.
    const properties: Record<string, Properties[string]> = { lang: lang === 'text' ? written || 'text' : lang, wrap: Boolean(node.properties.wrap) };
    if (node.properties.title) properties.title = node.properties.title;
    node.properties = properties;
    node.children = pre ? [structuredClone(pre)] : [];
  });
}

function highlightBlock(highlighter: Highlighter, code: string, lang: string, lines: number[]): Element | undefined {
  const key = `${lang}\0${lines.join(',')}\0${code}`;
  const known = highlighter.memo.get(key);
  if (known) return known;
  const root = highlighter.shiki.codeToHast(code, {
    lang,
    themes: THEMES,
    defaultColor: false,
    cssVariablePrefix: '--s-',
    transformers: [transformerNotationHighlight(), transformerNotationDiff(), highlightLines(lines)],
  });
  const pre = root.children.find((child): child is Element => child.type === 'element' && child.tagName === 'pre');
  if (!pre) return undefined;
  const compact = compactPre(pre);
  highlighter.memo.set(key, compact);
  return compact;
}

function highlightLines(lines: number[]): ShikiTransformer {
  const wanted = new Set(lines);
  return {
    name: 'rslib-docs:meta-highlight',
    line(node, line) {
      if (wanted.has(line)) this.addClassToHast(node, 'highlighted');
    },
  };
}

function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/**
 * Shrink shiki's output, which is most of a record's bytes: keep only the foreground colour
 * variables on <pre>, drop token styles equal to them (they inherit), merge neighbouring tokens
 * of the same colour, and use className arrays as HAST expects.
 */
export function compactPre(pre: Element): Element {
  const preStyle = String(pre.properties.style ?? '');
  const fg = preStyle
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
    const text = textOf(token);
    if (!style || style === fg) {
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
