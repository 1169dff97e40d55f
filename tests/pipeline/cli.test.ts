/** `npm run data` as writers use it (scripts/data.mjs, which bundles pipeline/cli.ts): exit code and the printed `file:line:col` lines. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCE_PER_WORKER_MIN } from '../../pipeline/workers/compile-pool.ts';
import { baseFiles, makeFixture } from './fixture.ts';

const launcher = path.resolve(import.meta.dirname, '../../scripts/data.mjs');

function run(root: string) {
  return spawnSync(process.execPath, [launcher], { cwd: root, encoding: 'utf8' });
}

describe('pipeline CLI', () => {
  it('exits 0 and says what it wrote', () => {
    const fixture = makeFixture();
    const out = run(fixture.root);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/dist-data\/ written: 8 pages/);
  }, 60_000);

  it('compiles across worker threads from its bundle, which find their modules beside the sources', () => {
    const files = baseFiles();
    // Enough markdown for two workers (workerCount): a smaller site compiles in-process.
    const prose = 'A line of text.\n\n'.repeat(Math.ceil((2 * SOURCE_PER_WORKER_MIN) / 90 / 17));
    for (const lang of ['en', 'zh']) for (let i = 0; i < 45; i++) files[`${lang}/guide/p${i}.md`] = `# Page ${i}\n\n${prose}`;
    const fixture = makeFixture(files);
    const out = run(fixture.root);
    expect(out.stderr).not.toMatch(/error/i); // (the new pages are in no sidebar: warnings)
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/dist-data\/ written: 98 pages \(98 compiled/);
  }, 60_000);

  it('exits 1 and prints every error as file:line:col  message  [rule]', () => {
    const fixture = makeFixture({ ...baseFiles(), 'en/guide/a.md': '# A\n\n[x](/nope)\n', 'zh/guide/a.md': '# A\n\n<b>x</b>\n' });
    const out = run(fixture.root);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('content/en/guide/a.md:3:1  error  Unknown link target /nope  [dead-link]');
    expect(out.stderr).toMatch(/content\/zh\/guide\/a\.md:3:1  error  Raw HTML is not allowed .*\[raw-html\]/);
    // The Chinese page lacks the English one's link: a warning, which never stops a build by itself.
    expect(out.stderr).toMatch(/content\/zh\/guide\/a\.md:1:1  warning  Missing the English page's link to \/nope .*\[translation-drift\]/);
    expect(out.stderr).toMatch(/3 error\(s\), 1 warning\(s\)\. dist-data\/ was not changed/);
  }, 60_000);
});
