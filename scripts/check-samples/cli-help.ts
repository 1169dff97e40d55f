/**
 * What `rslib` accepts, read from its own help output (`rslib -h` and `rslib <command> -h`), and
 * the check of a command line a page shows against it.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
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
export function undocumentedOptions(spec: CliSpec, page: string): Array<{ command: string; option: string }> {
  const named = new Set([...page.matchAll(/`([^`\n]+)`/g)].flatMap((match) => match[1]!.split(/[\s,=|]+/)).filter((word) => word.startsWith('-')));
  return [...spec.commands].flatMap(([command, options]) => [...options].filter((option) => !named.has(option)).map((option) => ({ command, option })));
}

/**
 * What the CLI page's table row of each option with listed values leaves out: a value, or the
 * default the help names (in the table's Default column). A row is a table line that starts with
 * the option (`| \`--format <format>\` |`); values count quoted or as code (`'esm'`, `` `esm` ``).
 */
export function missingChoices(spec: CliSpec, page: string): Array<{ option: string; line: number; missing: string[] }> {
  const lines = page.split('\n');
  const cells = (line: string) => line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim());
  const found: Array<{ option: string; line: number; missing: string[] }> = [];
  for (const [option, choice] of spec.choices) {
    const index = lines.findIndex((line) => line.startsWith(`| \`${option} `) || line.startsWith(`| \`${option}\``));
    if (index < 0) {
      found.push({ option, line: 1, missing: ['a table row'] });
      continue;
    }
    const row = lines[index]!;
    const names = (text: string, value: string) => text.includes(`'${value}'`) || text.includes(`\`${value}\``);
    const missing = choice.values.filter((value) => !names(row, value)).map((value) => `'${value}'`);
    if (choice.default) {
      // The row's table starts with its header: the first of the table lines above the row.
      let header = index;
      while (header > 0 && lines[header - 1]!.startsWith('|')) header--;
      const column = cells(lines[header]!).findIndex((cell) => /^(Default|默认值)$/.test(cell));
      if (!names(column < 0 ? row : (cells(row)[column] ?? ''), choice.default)) missing.push(`the default '${choice.default}'`);
    }
    if (missing.length) found.push({ option, line: index + 1, missing });
  }
  return found;
}
