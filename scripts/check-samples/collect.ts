/**
 * Finds what a page shows a reader that the real Rslib can prove: config samples (type-checked),
 * `rslib` command lines (checked against `rslib -h`) and blocks tied to an example project.
 * Code blocks are found with the pipeline's own markdown parser, so a block inside a directive
 * (tabs, callouts) counts like any other, and every place is the block's line in the page.
 */
import type { Code, Root } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import { parseMarkdown } from '../../pipeline/compile/parse.ts';
// What makes a block a config sample is shared with the hovers stage, which asks TypeScript about
// the same samples.
import { CHECK_MODES, isConfigSample, isPageScriptFile, metaAttributes, type CheckMode } from '../../pipeline/hovers/sample.ts';

export interface Place {
  /** Page path relative to the project root, e.g. content/en/config/lib/dts.md. */
  file: string;
  line: number;
  column: number;
}

export interface ConfigSample extends Place {
  lang: string;
  title?: string;
  mode: CheckMode;
  reason?: string;
  example?: string;
  code: string;
}

export interface CommandLine extends Place {
  /** The words after `rslib` (e.g. ['build', '--watch']). */
  args: string[];
  text: string;
}

export interface ExampleLink extends Place {
  example: string;
  title?: string;
  code: string;
}

export interface Problem extends Place {
  message: string;
  rule: string;
}

export interface PageSamples {
  samples: ConfigSample[];
  commands: CommandLine[];
  examples: ExampleLink[];
  problems: Problem[];
}

const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'zsh', 'console']);

export function collectSamples(file: string, source: string): PageSamples {
  const tree: Root = parseMarkdown(source);
  const result: PageSamples = { samples: [], commands: [], examples: [], problems: [] };
  visit(tree, (node) => {
    if (node.type === 'code') collectCode(file, node as Code, result);
    else if (node.type === 'leafDirective' && (node as LeafDirective).name === 'package-manager-tabs') {
      const directive = node as LeafDirective;
      const place = placeOf(file, directive);
      const command = directive.attributes?.command ?? '';
      // npm's form: `exec rslib build` / `run build` never names rslib's flags; `rslib …` after
      // an exec-like word does.
      const words = command.split(/\s+/).filter(Boolean);
      const at = words.indexOf('rslib');
      if (at >= 0) result.commands.push({ ...place, args: words.slice(at + 1), text: command });
    }
  });
  return result;
}

function collectCode(file: string, node: Code, result: PageSamples): void {
  const lang = (node.lang ?? '').toLowerCase();
  const meta = metaAttributes(node.meta);
  // The code starts on the line after the opening fence.
  const place = { ...placeOf(file, node), line: (node.position?.start.line ?? 1) + 1 };
  const title = meta.title;
  if (meta.example !== undefined) result.examples.push({ ...place, example: meta.example, title, code: node.value });
  if (SHELL_LANGS.has(lang)) {
    node.value.split('\n').forEach((text, i) => {
      for (const args of rslibInvocations(text)) result.commands.push({ ...place, line: place.line + i, args, text: text.trim() });
    });
    return;
  }
  if (lang === 'json' && /(^|\/)package\.json$/.test(title ?? '')) {
    collectScripts(place, node.value, result);
    return;
  }
  if (!isConfigSample(lang, title, node.value)) {
    // A file the page shows (hovers/sample.ts) is read for its hovers: `check="skip"` leaves out an excerpt whose imports the page does not show.
    if (meta.check === 'skip' && isPageScriptFile(lang, title)) {
      if (!meta.reason?.trim()) result.problems.push({ ...place, message: 'check="skip" needs a reason="…" that says why the file is not read for its hovers', rule: 'sample-meta' });
    } else if (meta.check !== undefined) result.problems.push({ ...place, message: `check="${meta.check}" on a block that is not a config sample (no rslib.config title, no @rslib/core) nor a file the page shows (a titled script: check="skip" only)`, rule: 'sample-meta' });
    return;
  }
  const mode = (meta.check ?? 'module') as CheckMode;
  if (!CHECK_MODES.includes(mode)) {
    result.problems.push({ ...place, message: `Unknown check="${meta.check}": use ${CHECK_MODES.join(', ')}`, rule: 'sample-meta' });
    return;
  }
  if (mode === 'skip' && !meta.reason?.trim()) {
    result.problems.push({ ...place, message: 'check="skip" needs a reason="…" that says why the sample cannot be checked', rule: 'sample-meta' });
    return;
  }
  result.samples.push({ ...place, lang, title, mode, reason: meta.reason, example: meta.example, code: node.value });
}

/** Every `rslib …` invocation in a shell line: `rslib build`, `npx rslib`, `pnpm rslib inspect`. */
export function rslibInvocations(line: string): string[][] {
  const found: string[][] = [];
  for (const part of line.replace(/#.*$/, '').split(/&&|\|\||;|\|/)) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    const at = words.indexOf('rslib');
    if (at >= 0 && (at === 0 || ['npx', 'pnpm', 'yarn', 'bunx', 'bun', 'pnpx', 'exec'].includes(words[at - 1]!))) found.push(words.slice(at + 1));
  }
  return found;
}

function collectScripts(place: Place, json: string, result: PageSamples): void {
  let scripts: Record<string, unknown> = {};
  try {
    scripts = (JSON.parse(json) as { scripts?: Record<string, unknown> }).scripts ?? {};
  } catch {
    // A package.json excerpt with comments or `…` is not JSON: find "scripts" entries by line.
  }
  const lines = json.split('\n');
  for (const value of Object.values(scripts)) {
    if (typeof value !== 'string') continue;
    const index = lines.findIndex((l) => l.includes(JSON.stringify(value)));
    for (const args of rslibInvocations(value)) result.commands.push({ ...place, line: place.line + Math.max(index, 0), args, text: value });
  }
  if (Object.keys(scripts).length === 0) {
    lines.forEach((text, i) => {
      const value = /^\s*"[\w:-]+"\s*:\s*"([^"]*)"/.exec(text)?.[1];
      if (value) for (const args of rslibInvocations(value)) result.commands.push({ ...place, line: place.line + i, args, text: value });
    });
  }
}

function placeOf(file: string, node: { position?: { start: { line: number; column: number } } }): Place {
  return { file, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}
