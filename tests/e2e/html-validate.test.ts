/**
 * Every prerendered HTML file of dist/ passes html-validate's recommended rules, as configured in
 * .htmlvalidate.mjs (each change there has its reason), problems printed as
 * `file:line:col  error  message  [rule]`, all at once. The e2e global setup builds dist/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate, type Report } from 'html-validate';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'dist');
const validator = new HtmlValidate(new FileSystemConfigLoader());

function problems(report: Report): string[] {
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${path.relative(root, result.filePath)}:${m.line}:${m.column}  ${m.severity === 2 ? 'error' : 'warning'}  ${m.message}  [${m.ruleId}]`),
  );
}

describe('html-validate', () => {
  it('passes every prerendered HTML file, both languages and both 404 pages', async () => {
    const files = (readdirSync(dist, { recursive: true }) as string[]).filter((file) => file.endsWith('.html')).sort();
    expect(files).toContain('404.html');
    expect(files).toContain(path.join('zh', '404.html'));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) found.push(...problems(await validator.validateFile(path.join(dist, file))));
    expect(found).toEqual([]);
  }, 120_000);

  it('fails on a built page made to break it: an unnamed second nav, a summary with role=button, an inline style', async () => {
    const file = path.join(dist, 'guide/start/index.html');
    const html = readFileSync(file, 'utf8');
    const broken = html
      .replace(/<nav aria-label="Main menu"/, '<nav')
      .replace('<summary class=', '<summary role="button" class=')
      .replace('<main ', '<main style="color:red" ');
    expect(broken).not.toBe(html);
    // Validated as if it were that file, so the same configuration applies.
    const found = problems(await validator.validateString(broken, file));
    const rules = new Set(found.map((line) => line.slice(line.lastIndexOf('[') + 1, -1)));
    expect([...rules].sort()).toEqual(['no-inline-style', 'no-redundant-role', 'prefer-native-element', 'unique-landmark']);
    expect(found[0]).toMatch(/^dist\/guide\/start\/index\.html:\d+:\d+  error  .+  \[[a-z-/]+\]$/);
    expect(problems(await validator.validateString(html, file))).toEqual([]);
  });
});
