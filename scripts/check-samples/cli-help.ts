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
  for (const name of names) commands.set(name, optionsOf(help([name, '-h'])));
  if (commands.size === 0 || !defaultCommand) throw new Error('Could not read the commands of `rslib -h`: has its help output changed?');
  return { commands, defaultCommand };
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
