/**
 * The README is the front door and docs/ the project's own documentation (issue 35): every file,
 * folder, command and rule they name exists, so that a reader who follows them finds what they
 * promise; the README stays short and links every docs/ file; and no file of the project
 * sends a reader outside the repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS } from '../scripts/clean.ts';

const root = path.resolve(import.meta.dirname, '..');
const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
const readme = read('README.md');
const architecture = read('docs/architecture.md');
const writing = read('docs/writing.md');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
/** Generated: made by a build, so absent from a fresh checkout (scripts/clean.ts lists them). */
const isGenerated = (name: string) => BUILD_OUTPUTS.some((output) => name === output || name.startsWith(`${output}/`));

/** The names a text writes in code spans. */
const codeNames = (text: string) => [...text.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

/** Why a name written in code finds nothing in the project, or null when it does (or is no name of it). */
function missing(name: string): string | null {
  for (const [, script] of name.matchAll(/npm run ([\w:-]+)/g)) {
    if (!scripts[script!]) return `no package.json script "${script}"`;
  }
  if (name.startsWith('npm ')) return null;
  const file = /^(?:pipeline|renderer|schemas|scripts|tests|content|docs|\.[\w-]+)[/.][^\s*<>…]*$/.exec(name)?.[0];
  if (!file) return null;
  return isGenerated(file) || existsSync(path.join(root, file)) ? null : `no file ${file}`;
}

/** Every text file of the project, by path (outputs, packages and example builds left out). */
function projectFiles(dir = root): string[] {
  const skip = new Set(['node_modules', '.git', '.cache', 'dist', 'dist-ssr', 'dist-data', 'dist-data.spare', '.tmp', 'screenshots']);
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (skip.has(name)) return [];
    if (statSync(full).isDirectory()) return projectFiles(full);
    return /\.(ts|tsx|mts|mjs|cjs|js|json|md|css|yaml|yml)$/.test(name) && name !== 'package-lock.json' ? [path.relative(root, full)] : [];
  });
}

describe('the README', () => {
  it('fits on two screens, with lines of normal length, and keeps its two commands first', () => {
    const lines = readme.split('\n');
    expect(lines.length).toBeLessThanOrEqual(120);
    expect(lines.filter((line) => line.length > 120)).toEqual([]);
    expect(readme.indexOf('npm ci && npm start')).toBeLessThan(readme.indexOf('npm test'));
    expect(readme.indexOf('npm test')).toBeLessThan(readme.indexOf('## '));
  });

  it('links every file of docs/', () => {
    const docs = readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md'));
    expect(docs.length).toBeGreaterThanOrEqual(4);
    expect(docs.filter((name) => !readme.includes(`](docs/${name})`))).toEqual([]);
  });

  it('names only files, folders and commands that exist', () => {
    const names = codeNames(readme);
    expect(names.filter((name) => /^(?:pipeline|renderer|schemas|scripts|tests|content)\//.test(name)).length).toBeGreaterThan(5);
    expect(names.map(missing).filter((problem) => problem !== null)).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  it('names only files, folders and commands that exist', () => {
    const names = codeNames(architecture);
    expect(names.filter((name) => name.startsWith('pipeline/')).length).toBeGreaterThan(10);
    expect(names.map(missing).filter((problem) => problem !== null)).toEqual([]);
  });

  it('names every rule of check:deps, and only those', () => {
    const config = read('.dependency-cruiser.cjs');
    const rules = [...config.matchAll(/name: '([\w-]+)'/g)].map((match) => match[1]!);
    const section = architecture.slice(architecture.indexOf('## Rules the checks enforce'), architecture.indexOf('`npm run check:state`'));
    const named = codeNames(section).filter((name) => /^[a-z]+(-[a-z]+)+$/.test(name));
    expect([...new Set(named)].sort()).toEqual([...rules].sort());
  });
});

describe('docs/writing.md', () => {
  it('explains rule ids that the pipeline and check:samples really report', () => {
    const sources = [...projectFiles(path.join(root, 'pipeline')), ...projectFiles(path.join(root, 'scripts'))].map(read).join('\n');
    const table = writing.slice(writing.indexOf('## Reading an error line'), writing.indexOf('\n## ', writing.indexOf('## Reading an error line') + 1));
    const ids = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => codeNames(line.split('|')[1]!));
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.filter((id) => !sources.includes(`'${id}'`))).toEqual([]);
  });
});

describe('the project', () => {
  it('refers to nothing outside the repository', () => {
    // Built from parts, so that this file does not name them itself.
    const outside = new RegExp(['AUTHORING\\.md', 'DESIGN\\.md', 'site-spec', '/work/', 'shared/facts', 'shared/spec', '\\bspec \\d', '\\bSpec \\d'].join('|'));
    const files = projectFiles().filter((file) => file !== path.relative(root, import.meta.filename));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => outside.test(read(file)))).toEqual([]);
  });
});
