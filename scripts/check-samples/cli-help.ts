/**
 * What `rslib` accepts, read from its own help output (`rslib -h` and `rslib <command> -h`), and
 * the check of a command line a page shows against it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { InlineCode, Root, Table } from 'mdast';
import type { Node } from 'unist';
import { visit } from 'unist-util-visit';
import { parseMarkdown } from '../../pipeline/compile/parse.ts';
import type { CommandLine, Problem } from './collect.ts';

export interface CliSpec {
  /** Sub-commands, and the options each accepts (long and short forms, `--no-x` included). */
  commands: Map<string, Set<string>>;
  /** The command that runs when none is named. */
  defaultCommand: string;
  /** Options that take one of a few values, by long name, as any command's help lists them. */
  choices: Map<string, OptionChoices>;
}

/** An option whose help lists its values, `(esm | cjs | umd)`, and maybe its default. */
export interface OptionChoices {
  values: string[];
  default?: string;
}

/** Options listed in one help text: `-w, --watch`, `--entry <entry>`, `--no-env`. */
export function optionsOf(help: string): Set<string> {
  const options = new Set<string>();
  for (const line of help.split('\n')) {
    const match = /^\s+((?:-[\w-]+(?:\s+<[^>]+>|\s+\[[^\]]+\])?,?\s*)+)\s/.exec(line);
    if (!match) continue;
    for (const flag of match[1]!.matchAll(/(--?[\w-]+)/g)) options.add(flag[1]!);
  }
  // "(use --no-bundle to disable)": the negated form is accepted too.
  for (const negated of help.matchAll(/use (--no-[\w-]+)/g)) options.add(negated[1]!);
  return options;
}

/** The options of a help text that list their values: `--format <format>  specify … (esm | cjs | umd | mf | iife)`. */
export function choicesOf(help: string): Map<string, OptionChoices> {
  const choices = new Map<string, OptionChoices>();
  for (const line of help.split('\n')) {
    const option = /^\s+(?:-\w, )?(--[\w-]+) <[^>]+>\s/.exec(line)?.[1];
    const values = /\(([\w-]+(?: \| [\w-]+)+)\)/.exec(line)?.[1]?.split(' | ');
    if (!option || !values) continue;
    const fallback = /\(default: ([^)\s]+)\)/.exec(line)?.[1];
    choices.set(option, fallback ? { values, default: fallback } : { values });
  }
  return choices;
}

/** Sub-commands listed under "Commands:", and which one is the default. */
export function commandsOf(help: string): { names: string[]; defaultCommand: string } {
  const section = help.split(/\n\s*Commands:\s*\n/)[1]?.split(/\n\s*\n/)[0] ?? '';
  const names: string[] = [];
  let defaultCommand = '';
  for (const line of section.split('\n')) {
    const match = /^\s+([a-z][\w-]*)\s{2,}(.*)$/.exec(line);
    if (!match) continue;
    names.push(match[1]!);
    if (/default/i.test(match[2]!)) defaultCommand = match[1]!;
  }
  return { names, defaultCommand };
}

export function readCliSpec(root: string): CliSpec {
  const bin = path.join(root, 'node_modules/@rslib/core/bin/rslib.js');
  const help = (args: string[]) => execFileSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
  const { names, defaultCommand } = commandsOf(help(['-h']));
  const commands = new Map<string, Set<string>>();
  const choices = new Map<string, OptionChoices>();
  for (const name of names) {
    const text = help([name, '-h']);
    commands.set(name, optionsOf(text));
    for (const [option, choice] of choicesOf(text)) choices.set(option, choice);
  }
  if (commands.size === 0 || !defaultCommand || choices.size === 0) throw new Error('Could not read the commands of `rslib -h`: has its help output changed?');
  return { commands, defaultCommand, choices };
}

/** The problems of one command line: an unknown sub-command or an option that command lacks. */
export function checkCommandLine(spec: CliSpec, line: CommandLine): Problem[] {
  const [first, ...rest] = line.args;
  const named = first !== undefined && !first.startsWith('-');
  const command = named ? first : spec.defaultCommand;
  const options = spec.commands.get(command);
  if (!options) return [{ ...line, message: `\`rslib ${command}\` is not an rslib command (rslib -h lists: ${[...spec.commands.keys()].join(', ')})`, rule: 'sample-cli' }];
  const problems: Problem[] = [];
  for (const word of named ? rest : line.args) {
    // A bare `--` is the package manager's end of its own options (`npm exec rslib -- --help`).
    if (!word.startsWith('-') || word === '--') continue;
    const flag = word.split('=')[0]!;
    if (!options.has(flag)) problems.push({ ...line, message: `\`${flag}\` is not an option of \`rslib ${command}\` (in: ${line.text})`, rule: 'sample-cli' });
  }
  return problems;
}

/**
 * The options of every command that a page leaves out. The CLI reference must name each one
 * (as inline code: `--watch`, `-w, --watch`, `--entry <entry>`), so an option a new Rslib adds
 * fails the check until the page explains it.
 */
export function undocumentedOptions(spec: CliSpec, tree: Root): Array<{ command: string; option: string }> {
  const named = new Set<string>();
  visit(tree, 'inlineCode', (node: InlineCode) => {
    for (const word of node.value.split(/[\s,=|]+/)) if (word.startsWith('-')) named.add(word);
  });
  return [...spec.commands].flatMap(([command, options]) => [...options].filter((option) => !named.has(option)).map((option) => ({ command, option })));
}

/**
 * What the CLI page's table row of each option with listed values leaves out: a value, or the
 * default the help names (in the table's Default column). A row is one whose first cell starts
 * with the option (`` `--format <format>` ``); values count quoted or as code (`'esm'`, `` `esm` ``).
 */
export function missingChoices(spec: CliSpec, page: string, tree: Root): Array<{ option: string; line: number; missing: string[] }> {
  // Cells as written (the markdown of each), with the header cells of their table.
  const rows: Array<{ cells: string[]; header: string[]; line: number }> = [];
  // A cell's position takes in the pipe before it (and the row's last one the pipe after it).
  const written = (node: Node) => page.slice(node.position!.start.offset, node.position!.end.offset).trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').trim();
  visit(tree, 'table', (table: Table) => {
    const [head, ...body] = table.children;
    const header = head ? head.children.map(written) : [];
    for (const row of body) rows.push({ cells: row.children.map(written), header, line: row.position!.start.line });
  });
  const names = (text: string, value: string) => text.includes(`'${value}'`) || text.includes(`\`${value}\``);
  const found: Array<{ option: string; line: number; missing: string[] }> = [];
  for (const [option, choice] of spec.choices) {
    const row = rows.find(({ cells }) => cells[0]?.startsWith(`\`${option} `) || cells[0]?.startsWith(`\`${option}\``));
    if (!row) {
      found.push({ option, line: 1, missing: ['a table row'] });
      continue;
    }
    const text = row.cells.join(' | ');
    const missing = choice.values.filter((value) => !names(text, value)).map((value) => `'${value}'`);
    if (choice.default) {
      const column = row.header.findIndex((cell) => /^(Default|默认值)$/.test(cell));
      if (!names(column < 0 ? text : (row.cells[column] ?? ''), choice.default)) missing.push(`the default '${choice.default}'`);
    }
    if (missing.length) found.push({ option, line: row.line, missing });
  }
  return found;
}

/** The CLI reference page `file` against the help: every option named, every listed value and default in its row [cli-undocumented]. */
export function checkCliPage(spec: CliSpec, file: string, root: string): Problem[] {
  const page = readFileSync(file, 'utf8');
  const tree = parseMarkdown(page);
  const at = (line: number) => ({ file: path.relative(root, file), line, column: 1, rule: 'cli-undocumented' });
  return [
    ...undocumentedOptions(spec, tree).map(({ command, option }) => ({ ...at(1), message: `\`rslib ${command} -h\` lists \`${option}\`, which this page never names` })),
    ...missingChoices(spec, page, tree).map(({ option, line, missing }) => ({ ...at(line), message: `The row of \`${option}\` lacks ${missing.join(', ')}, which \`rslib -h\` lists` })),
  ];
}
