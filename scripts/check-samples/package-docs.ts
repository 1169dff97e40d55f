/**
 * What @rslib/core's own type declarations say about its options, held against the pages. Each
 * option's doc comment has a `@defaultValue` and a `@see` link to its place in these docs
 * (`https://rslib.rs/config/lib/dts#dtsbundle`, or a page alone for a page's option):
 * - the link must land here, in both languages: the page exists and has the anchor
 *   (an editor's hover on an option opens it) [package-link];
 * - the option's **Default:** line there must name every value the declaration's default names
 *   (its `code` spans, quotes aside) [package-default]. A page may say more (a condition, the
 *   default of each member), never something else.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Heading } from 'mdast';
import { visit } from 'unist-util-visit';
import { parseMarkdown } from '../../pipeline/compile/parse.ts';
import { Diagnostics } from '../../pipeline/diagnostics.ts';
import { assignHeadingIds } from '../../pipeline/markdown/headings.ts';
import { LANGS } from '../../pipeline/routes.ts';
import type { Problem } from './collect.ts';

const DOCS_LINK = /\{@link https:\/\/rslib\.rs(\/[^#}\s]*)(?:#([^}\s]+))?\}/g;
/** Pages that give a fuller default than the declaration (checked by the reader of the page, not here), and why. */
const EXPANDED: Record<string, string> = {
  '/config/lib/redirect': 'the page spells out `{}` as the `true` default of each member',
};

/** A link of the declarations into these docs. */
export interface DocsLink {
  /** Route of the page, with `/index` for a folder (`/config/lib/dts`). */
  route: string;
  /** A heading id on that page; null for the page itself. */
  anchor: string | null;
  /** Line in the declaration file. */
  line: number;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
const linkOf = (match: RegExpMatchArray, line: number): DocsLink => ({ route: match[1]!.replace(/\/$/, '/index'), anchor: match[2] ?? null, line });

/** Every link of a declaration file into these docs (`@see`, and defaults that point to a page). */
export function docsLinks(declarations: string): DocsLink[] {
  return [...declarations.matchAll(DOCS_LINK)].map((match) => linkOf(match, lineAt(declarations, match.index)));
}

/** The documented defaults of a declaration file's options: doc comments with a `@defaultValue` and a `@see` into these docs. */
export function declaredDefaults(declarations: string): Array<DocsLink & { text: string }> {
  const found: Array<DocsLink & { text: string }> = [];
  for (const comment of declarations.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const body = comment[1]!;
    const value = /@defaultValue[ \t]+([^\n]*)/.exec(body)?.[1]?.trim();
    const see = /@see[ \t]+(\{@link [^}]*\})/.exec(body)?.[1];
    const link = see ? [...see.matchAll(DOCS_LINK)][0] : undefined;
    if (!value || !link) continue;
    // The default's own text: a `{@link}` in it points to a page that explains it.
    found.push({ ...linkOf(link, lineAt(declarations, comment.index)), text: value.replace(/\{@link [^}]*\}/g, '').replace(/\s+/g, ' ').trim() });
  }
  return found;
}

const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.replace(/['"]/g, ''));

/** Problems of the pages under `contentDir` (`<lang>/<route>.md`) against a declaration file's links and defaults. */
export function checkPackageDocs(declarationsFile: string, contentDir: string, root: string): { problems: Problem[]; links: number; defaults: number } {
  const declarations = readFileSync(declarationsFile, 'utf8');
  const declaredIn = path.relative(root, declarationsFile);
  const problems: Problem[] = [];
  // Each page read and parsed once: its lines, and its headings as the pipeline makes them.
  const pages = new Map<string, Page | null>();
  const pageOf = (file: string) => {
    if (!pages.has(file)) pages.set(file, existsSync(file) ? pageFrom(readFileSync(file, 'utf8')) : null);
    return pages.get(file)!;
  };
  const links = docsLinks(declarations);
  for (const link of links) {
    for (const lang of LANGS) {
      const file = path.join(contentDir, lang, `${link.route}.md`);
      const page = pageOf(file);
      if (!page) problems.push({ file: declaredIn, line: link.line, column: 1, message: `@rslib/core links ${link.route} (${lang}), which is not a page`, rule: 'package-link' });
      else if (!sectionOf(page, link.anchor)) problems.push({ file: path.relative(root, file), line: 1, column: 1, message: `@rslib/core links #${link.anchor} of this page (${declaredIn}:${link.line}), which it has no heading for`, rule: 'package-link' });
    }
  }
  let defaults = 0;
  for (const declared of declaredDefaults(declarations)) {
    const wanted = codeSpans(declared.text);
    if (wanted.length === 0 || EXPANDED[declared.route]) continue;
    for (const lang of LANGS) {
      const file = path.join(contentDir, lang, `${declared.route}.md`);
      const page = pageOf(file);
      const section = page && sectionOf(page, declared.anchor);
      if (!page || !section) continue; // a link problem, reported above
      const { lines } = page;
      const at = (line: number) => ({ file: path.relative(root, file), line: line + 1, column: 1 });
      const index = lines.slice(section.start, section.end).findIndex((line) => /^\s*- \*\*(Default|默认值)[:：]?\*\*/.test(line));
      if (index < 0) {
        problems.push({ ...at(section.start), message: `No **Default:** line for an option @rslib/core gives the default ${declared.text} (${declaredIn}:${declared.line})`, rule: 'package-default' });
        continue;
      }
      defaults++;
      const missing = wanted.filter((value) => !codeSpans(lines[section.start + index]!).includes(value));
      if (missing.length) {
        problems.push({ ...at(section.start + index), message: `The default does not say ${missing.map((value) => `\`${value}\``).join(', ')}: @rslib/core declares ${declared.text} (${declaredIn}:${declared.line})`, rule: 'package-default' });
      }
    }
  }
  return { problems, links: links.length, defaults };
}

/** A page's lines, and its headings as the pipeline makes them: level, id (explicit `{#id}` or slug), 0-based line. */
interface Page {
  lines: string[];
  headings: Array<{ depth: number; id: string; line: number }>;
}

function pageFrom(source: string): Page {
  const tree = parseMarkdown(source);
  assignHeadingIds(tree, { file: '', diagnostics: new Diagnostics() });
  const headings: Page['headings'] = [];
  visit(tree, 'heading', (node: Heading) => {
    headings.push({ depth: node.depth, id: String(node.data?.hProperties?.id ?? ''), line: node.position!.start.line - 1 });
  });
  return { lines: source.split('\n'), headings };
}

/**
 * Lines [start, end) of the heading with this id up to the next heading of its level or above;
 * for null, the page's introduction up to its first `##`.
 */
function sectionOf({ lines, headings }: Page, anchor: string | null): { start: number; end: number } | null {
  const endAt = (next: { line: number } | undefined) => next?.line ?? lines.length;
  if (anchor === null) return { start: 0, end: endAt(headings.find((h) => h.depth === 2)) };
  const heading = headings.find((h) => h.id === anchor);
  return heading ? { start: heading.line, end: endAt(headings.find((h) => h.line > heading.line && h.depth <= heading.depth)) } : null;
}
