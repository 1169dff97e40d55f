/** `npm run data` as writers use it: exit code and the printed `file:line:col` lines. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseFiles, makeFixture } from './fixture.ts';

const cli = path.resolve(import.meta.dirname, '../../pipeline/cli.ts');
const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');

function run(root: string) {
  return spawnSync(tsx, [cli], { cwd: root, encoding: 'utf8' });
}

describe('pipeline CLI', () => {
  it('exits 0 and says what it wrote', () => {
    const fixture = makeFixture();
    const out = run(fixture.root);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/dist-data\/ written: 8 pages/);
  }, 60_000);

  it('exits 1 and prints every error as file:line:col  message  [rule]', () => {
    const fixture = makeFixture({ ...baseFiles(), 'en/guide/a.md': '# A\n\n[x](/nope)\n', 'zh/guide/a.md': '# A\n\n<b>x</b>\n' });
    const out = run(fixture.root);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('content/en/guide/a.md:3:1  error  Unknown link target /nope  [dead-link]');
    expect(out.stderr).toMatch(/content\/zh\/guide\/a\.md:3:1  error  Raw HTML is not allowed .*\[raw-html\]/);
    expect(out.stderr).toMatch(/3 error\(s\), 0 warning\(s\)\. dist-data\/ was not changed/);
  }, 60_000);
});
