/**
 * `npm run check:translations` on a copy of content/ broken on purpose, five Chinese pages each
 * in one way (a deleted heading, a changed code line, a deleted table row, a link pointed at
 * another page, a removed callout) and a sixth changed in a code comment only: one located line
 * per broken page, none for the sixth, exit code 1.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../pipeline/diagnostics.ts';
import { translationDrift } from '../../scripts/check-translations.ts';
import { tempDir } from '../temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Replaces the first line matching `match` in a content file of the copy; returns that line's number. */
function editLine(copy: string, file: string, match: RegExp, change: (line: string) => string | null): number {
  const target = path.join(copy, file);
  const lines = readFileSync(target, 'utf8').split('\n');
  const index = lines.findIndex((line) => match.test(line));
  expect(index, `${file} has a line matching ${match}`).toBeGreaterThanOrEqual(0);
  const changed = change(lines[index]!);
  if (changed === null) lines.splice(index, 1);
  else lines[index] = changed;
  writeFileSync(target, lines.join('\n'));
  return index + 1;
}

describe('npm run check:translations', () => {
  const copy = tempDir('rslib-docs-translations-');
  let lines: string[];
  const edits: Record<string, number> = {};
  beforeAll(() => {
    cpSync(path.join(root, 'content'), path.join(copy, 'content'), { recursive: true });
    edits.heading = editLine(copy, 'content/zh/guide/start/quick-start.md', /^## 创建项目/, () => null);
    edits.code = editLine(copy, 'content/zh/config/lib/format.md', /lib: \[\{ format: 'esm' \}, \{ format: 'cjs' \}\]/, (line) => line.replace("'cjs'", "'umd'"));
    edits.row = editLine(copy, 'content/zh/config/lib/syntax.md', /^\| `es2016` \|/, () => null);
    edits.link = editLine(copy, 'content/zh/guide/basic/cli.md', /\]\(\/guide\/basic\/configure-rslib#specify-config-file\)/, (line) => line.replace('/guide/basic/configure-rslib#specify-config-file', '/guide/basic/typescript'));
    edits.callout = editLine(copy, 'content/zh/config/rsbuild/index.md', /^:::tip/, () => '');
    editLine(copy, 'content/zh/config/lib/external-helpers.md', /^ {2}\/\/ … 使用上面的辅助函数构建的类/, (line) => line.replace('使用上面的辅助函数构建的类', '用到这些辅助函数的类'));
    lines = translationDrift(copy).items.map(formatDiagnostic);
  });

  it('passes on content/ as it is', () => {
    expect(translationDrift(root).items.map(formatDiagnostic)).toEqual([]);
  });

  it('reports each broken page with one line at the Chinese file and the English line it differs from', () => {
    const of = (file: string) => lines.filter((line) => line.startsWith(`content/zh/${file}:`));
    expect(of('guide/start/quick-start.md')).toEqual([expect.stringMatching(/^content\/zh\/guide\/start\/quick-start\.md:\d+:1 {2}error {2}Missing the English page's ## heading #create-a-project \(content\/en\/guide\/start\/quick-start\.md:\d+\), before this {2}\[translation-drift\]$/)]);
    expect(of('config/lib/format.md')).toEqual([expect.stringMatching(new RegExp(`^content/zh/config/lib/format\\.md:\\d+:1  error  The code block \\(ts, rslib\\.config\\.ts\\) differs from the English page's \\(content/en/config/lib/format\\.md:\\d+\\), comments aside: its line ${edits.code} against the English line \\d+  \\[translation-drift\\]$`))]);
    expect(of('config/lib/syntax.md')).toEqual([expect.stringMatching(/^content\/zh\/config\/lib\/syntax\.md:\d+:1 {2}error {2}The table of 7 columns and \d+ rows differs from the English page's table of 7 columns and \d+ rows \(content\/en\/config\/lib\/syntax\.md:\d+\) {2}\[translation-drift\]$/)]);
    expect(of('guide/basic/cli.md')).toEqual([expect.stringMatching(new RegExp(`^content/zh/guide/basic/cli\\.md:${edits.link}:\\d+  error  Links to /guide/basic/typescript where the English page links to /guide/basic/configure-rslib#specify-config-file \\(content/en/guide/basic/cli\\.md:\\d+\\)  \\[translation-drift\\]$`))]);
    expect(of('config/rsbuild/index.md').some((line) => /Missing the English page's :::tip callout \(content\/en\/config\/rsbuild\/index\.md:\d+\)/.test(line))).toBe(true);
    expect(of('config/rsbuild/index.md').every((line) => line.includes('[translation-drift]'))).toBe(true);
    // A code comment is prose: changed, it is no difference.
    expect(of('config/lib/external-helpers.md')).toEqual([]);
    expect(lines.every((line) => line.startsWith('content/zh/'))).toBe(true);
  });

  it('prints the lines and exits 1 from the command line', () => {
    let output = '';
    let code = 0;
    try {
      execFileSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/check-translations.ts'), '--root', copy], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      ({ stdout: output, status: code } = error as { stdout: string; status: number });
    }
    expect(code).toBe(1);
    expect(output).toContain(`content/zh/guide/basic/cli.md:${edits.link}:`);
    expect(output).toMatch(/✖ \d+ translation difference\(s\)/);
  });
});
