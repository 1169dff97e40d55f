/**
 * The shape of a site's pages (issue 37): per page of one language, the averages a build's cost
 * follows (characters, fenced code blocks and their lines and languages, tables, callouts, tabs,
 * links, headings, list items, inline code), measured on the pages' mdast as the pipeline parses
 * them (and the files a page shows, whose imports get hovers). The pipeline bench measures content/ and its generated corpus with it and fails when the
 * corpus drifts more than SHAPE_TOLERANCE from the real pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { visit } from 'unist-util-visit';
import { parseMarkdown } from '../../pipeline/compile/parse.ts';
import { metaAttributes, sampleOfBlock } from '../../pipeline/hovers/sample.ts';

/** How far (relative) a corpus figure may stray from content/'s. */
export const SHAPE_TOLERANCE = 0.2;
/** Block languages of at least this share are compared one by one; the rarer ones together, as "other". */
const OWN_ROW_SHARE = 0.03;
const CALLOUTS = new Set(['tip', 'note', 'info', 'warning', 'danger', 'details']);

export interface Shape {
  pages: number;
  /** Per page, except `lines per code block` (per block). */
  figures: Record<string, number>;
  /** Share (0-1) of the code blocks by fence language. */
  langs: Map<string, number>;
}

/** Page sources of one language folder: every `.md` but shared fragments and home pages. */
export function pageSources(langDir: string): string[] {
  const sources: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'shared') walk(file);
      } else if (entry.name.endsWith('.md')) {
        const source = readFileSync(file, 'utf8');
        if (!/^pageType:\s*home\s*$/m.test(source.slice(0, 500))) sources.push(source);
      }
    }
  };
  walk(langDir);
  return sources;
}

export function measureShape(sources: readonly string[]): Shape {
  const count = { characters: 0, 'code blocks': 0, 'lines per code block': 0, 'files shown, hovered': 0, tables: 0, callouts: 0, 'tabs (:::tabs)': 0, 'package-manager tabs': 0, links: 0, headings: 0, 'list items': 0, 'inline code': 0 };
  const langs = new Map<string, number>();
  for (const source of sources) {
    count.characters += source.length;
    visit(parseMarkdown(source), (node) => {
      switch (node.type) {
        case 'code': {
          count['code blocks']++;
          count['lines per code block'] += node.value.split('\n').length;
          // A file the page shows beside the config, whose imports get hovers (pipeline/hovers/sample.ts).
          const meta = metaAttributes(node.meta);
          if (sampleOfBlock((node.lang ?? '').toLowerCase(), meta.title, meta.check, node.value, meta.example)?.files) count['files shown, hovered']++;
          langs.set(node.lang ?? '', (langs.get(node.lang ?? '') ?? 0) + 1);
          break;
        }
        case 'table':
          count.tables++;
          break;
        case 'link':
          count.links++;
          break;
        case 'heading':
          count.headings++;
          break;
        case 'listItem':
          count['list items']++;
          break;
        case 'inlineCode':
          count['inline code']++;
          break;
        case 'containerDirective':
          if (CALLOUTS.has(node.name)) count.callouts++;
          if (node.name === 'tabs') count['tabs (:::tabs)']++;
          break;
        case 'leafDirective':
          if (node.name === 'package-manager-tabs') count['package-manager tabs']++;
          break;
      }
    });
  }
  const pages = Math.max(1, sources.length);
  const blocks = Math.max(1, count['code blocks']);
  const figures = Object.fromEntries(Object.entries(count).map(([name, n]) => [name, name === 'lines per code block' ? n / blocks : n / pages]));
  return { pages: sources.length, figures, langs: new Map([...langs].map(([lang, n]) => [lang, n / blocks])) };
}

export interface ShapeRow {
  name: string;
  real: number;
  corpus: number;
  /** corpus / real - 1 */
  drift: number;
  ok: boolean;
}

/** Each figure of `real` beside the corpus's, languages by share (the rare ones together). */
export function compareShapes(real: Shape, corpus: Shape): ShapeRow[] {
  const row = (name: string, a: number, b: number): ShapeRow => {
    const drift = a === 0 ? (b === 0 ? 0 : Infinity) : b / a - 1;
    return { name, real: a, corpus: b, drift, ok: Math.abs(drift) <= SHAPE_TOLERANCE };
  };
  const rows = Object.keys(real.figures).map((name) => row(name, real.figures[name]!, corpus.figures[name] ?? 0));
  const own = [...real.langs].filter(([, s]) => s >= OWN_ROW_SHARE).sort((a, b) => b[1] - a[1]);
  const ownSet = new Set(own.map(([lang]) => lang));
  for (const [lang, s] of own) rows.push(row(`blocks in ${lang || '(none)'} (share)`, s, corpus.langs.get(lang) ?? 0));
  const rest = (shape: Shape) => [...shape.langs].filter(([lang]) => !ownSet.has(lang)).reduce((sum, [, s]) => sum + s, 0);
  rows.push(row(`blocks in other languages (share)`, rest(real), rest(corpus)));
  return rows;
}

/** The rows as a table, the real content's figures beside the corpus's. */
export function printShapes(title: string, rows: readonly ShapeRow[]): boolean {
  console.log(`\n${title}`);
  console.log(`  ${'per page'.padEnd(40)} ${'content/'.padStart(10)} ${'corpus'.padStart(10)} ${'drift'.padStart(8)}`);
  const num = (n: number, share: boolean) => (share ? `${(n * 100).toFixed(1)} %` : n >= 100 ? n.toFixed(0) : n.toFixed(2));
  for (const r of rows) {
    const share = r.name.endsWith('(share)');
    const drift = Number.isFinite(r.drift) ? `${r.drift >= 0 ? '+' : ''}${(r.drift * 100).toFixed(0)} %` : '∞';
    console.log(`  ${r.name.padEnd(40)} ${num(r.real, share).padStart(10)} ${num(r.corpus, share).padStart(10)} ${drift.padStart(8)}  ${r.ok ? 'met   ' : 'MISSED'} (±${SHAPE_TOLERANCE * 100} %)`);
  }
  return rows.every((r) => r.ok);
}
