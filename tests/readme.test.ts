/**
 * The README's tour of the folders names files, stages, functions and commands: each of them
 * exists, so that a reader who follows the tour finds what it promises (issue 21). Every path
 * of the project's own folders written anywhere in the README is checked too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS } from '../scripts/clean.ts';

const root = path.resolve(import.meta.dirname, '..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Each row of the tour: its folder and the names written in code in its description. */
function tourRows(): Array<{ folder: string; names: string[] }> {
  const tour = readme.slice(readme.indexOf('## A tour of the folders'), readme.indexOf('\n## ', readme.indexOf('## A tour of the folders') + 1));
  return tour
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, folder, description] = line.split('|');
      return { folder: folder!.trim().replaceAll('`', ''), names: [...description!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!) };
    });
}

/** Source files under a folder, with their text. */
function sourcesUnder(folder: string): string[] {
  const dir = path.join(root, folder);
  return (readdirSync(dir, { recursive: true }) as string[]).filter((file) => /\.(ts|tsx|mjs)$/.test(file)).map((file) => readFileSync(path.join(dir, file), 'utf8'));
}

/** Generated: made by a build, so absent from a fresh checkout (scripts/clean.ts lists them). */
const isGenerated = (name: string) => BUILD_OUTPUTS.some((output) => name === output || name.startsWith(`${output}/`));

/** Why a name of the tour's row for `folder` finds nothing, or null when it does. */
function missing(folder: string, name: string): string | null {
  const npmRun = /^npm run ([\w:-]+)$/.exec(name);
  if (npmRun) return scripts[npmRun[1]!] ? null : `no package.json script "${npmRun[1]}"`;
  if (name.includes(' ')) return existsSync(path.join(root, 'node_modules', '.bin', name.split(' ')[0]!)) ? null : `no installed command ${name.split(' ')[0]}`;
  const call = /^(\w+)\(\)$/.exec(name);
  if (call) {
    const defined = new RegExp(`\\b(function|const|let|class)\\s+${call[1]}\\b`);
    return sourcesUnder(folder).some((text) => defined.test(text)) ? null : `no function ${call[1]} defined in ${folder}`;
  }
  if (name.includes('*')) {
    const [dir, pattern] = [path.dirname(name), path.basename(name)];
    const prefix = pattern.slice(0, pattern.indexOf('*'));
    const base = path.join(root, folder, dir);
    return existsSync(base) && readdirSync(base).some((file) => file.startsWith(prefix)) ? null : `nothing matches ${folder}${name}`;
  }
  if (/[./]/.test(name)) {
    if (isGenerated(name) || existsSync(path.join(root, folder, name)) || existsSync(path.join(root, name))) return null;
    return `no file ${folder}${name} or ${name}`;
  }
  // A stage (`discover`, `search-index`): its file. An identifier (`hydrateRoot`): used in the folder's code.
  if (/^[a-z]+(-[a-z]+)*$/.test(name)) return existsSync(path.join(root, folder, `${name}.ts`)) ? null : `no stage file ${folder}${name}.ts`;
  return sourcesUnder(folder).some((text) => new RegExp(`\\b${name}\\b`).test(text)) ? null : `${name} appears nowhere in ${folder}`;
}

describe('the README', () => {
  it('tours folders whose every named file, stage, function and command exists', () => {
    const rows = tourRows();
    expect(rows.map((row) => row.folder)).toEqual(['schemas/', 'pipeline/', 'renderer/', 'content/', 'tests/', 'scripts/']);
    const problems = rows.flatMap(({ folder, names }) => names.map((name) => missing(folder, name)).filter((problem): problem is string => problem !== null));
    expect(problems).toEqual([]);
  });

  it('names only paths of the project’s folders that exist', () => {
    const paths = [...readme.matchAll(/`((?:pipeline|renderer|schemas|scripts|tests|content)\/[^`\s]*)`/g)].map((match) => match[1]!);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((name) => !isGenerated(name) && !existsSync(path.join(root, name)))).toEqual([]);
  });
});
