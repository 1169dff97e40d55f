/**
 * Translation states from git history, through the build (dist-data/translations.json and each
 * translated record, warm builds included) and `npm run translation-status`'s table: a commit to
 * an English page makes its twin outdated, one marked [skip translation] does not, a commit to the
 * twin brings it up to date; a shallow clone or a folder outside git says unknown, once.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranslationsFile } from '../../../schemas/translations.ts';
import { formatStates, translationStates } from '../../../scripts/check-translations.ts';
import { makeFixture, type Fixture } from '../fixture.ts';
import { tempDir } from '../../temp-dir.ts';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Writer', '-c', 'user.email=writer@example.org', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8', stdio: 'pipe' });

function commit(fixture: Fixture, message: string, files: Record<string, string> = {}): void {
  fixture.write(files);
  git(fixture.root, 'add', '-A');
  git(fixture.root, 'commit', '-q', '--allow-empty', '-m', message);
}

async function states(fixture: Fixture): Promise<Record<string, string>> {
  const result = await fixture.build();
  expect(fixture.messages(result)).toEqual([]);
  const file = TranslationsFile.parse(JSON.parse(fixture.read('translations.json')));
  return Object.fromEntries(file.pages.map((page) => [page.route, page.state]));
}

describe('translation states', () => {
  it('follow the commits: an English change outdates its twin, a marked one does not, a translation brings it back', async () => {
    const fixture = makeFixture();
    git(fixture.root, 'init', '-q');
    commit(fixture, 'First pages');
    expect(await states(fixture)).toEqual({ '/zh/': 'up-to-date', '/zh/guide/': 'up-to-date', '/zh/guide/a': 'up-to-date', '/zh/guide/b': 'up-to-date' });
    expect(fixture.record('/zh/guide/a').translationStatus).toEqual({ state: 'up-to-date', source: '/guide/a' });
    expect(fixture.record('/guide/a').translationStatus).toBeNull();

    commit(fixture, 'Explain A better', { 'en/guide/a.md': '# Page A\n\nAbout A, at length.\n' });
    commit(fixture, 'Fix a typo in B [skip translation]', { 'en/guide/b.md': '# Page B\n\nAbout B!\n' });
    expect(await states(fixture)).toMatchObject({ '/zh/guide/a': 'outdated', '/zh/guide/b': 'up-to-date', '/zh/guide/': 'up-to-date' });
    expect(fixture.record('/zh/guide/a').translationStatus).toEqual({ state: 'outdated', source: '/guide/a' });
    // The notice: a warning callout right after the title, linking to the English page; the page's own markdown twin has none.
    const body = fixture.record('/zh/guide/a').body.children.filter((child) => child.type === 'element');
    expect(body.map((child) => child.tagName)).toEqual(['h1', 'callout', 'p']);
    expect(JSON.stringify(body[1])).toContain('"href":"/guide/a"');
    expect(JSON.stringify(body[1])).toContain('英文原文在本页翻译之后有过改动');
    expect(fixture.read('markdown/zh/guide/a.md')).not.toContain('英文原文');
    expect(fixture.record('/zh/guide/b').body.children.some((child) => child.type === 'element' && child.tagName === 'callout')).toBe(false);
    expect(formatStates(translationStates(fixture.root)).split('\n')[1]).toMatch(/^outdated +\/zh\/guide\/a +content\/en\/guide\/a\.md$/);

    commit(fixture, '翻译 A', { 'zh/guide/a.md': '# 页面 A\n\n详细介绍 A。\n' });
    expect((await states(fixture))['/zh/guide/a']).toBe('up-to-date');
    expect(fixture.record('/zh/guide/a').translationStatus?.state).toBe('up-to-date');

    // A page without its translation: the build stops at missing-twin; the table says missing.
    rmSync(path.join(fixture.root, 'content/zh/guide/b.md'));
    const { rows } = translationStates(fixture.root);
    expect(rows.find((row) => row.route === '/zh/guide/b')?.state).toBe('missing');
  });

  it('are unknown in a shallow clone and outside git, with the reason said once', async () => {
    const fixture = makeFixture();
    git(fixture.root, 'init', '-q');
    commit(fixture, 'First pages');
    commit(fixture, 'Explain A better', { 'en/guide/a.md': '# Page A\n\nAbout A, at length.\n' });
    const clone = path.join(tempDir('rslib-docs-shallow-'), 'site');
    git(path.dirname(clone), 'clone', '-q', '--depth', '1', `file://${fixture.root}`, clone);
    const shallow = translationStates(clone);
    expect(shallow.unavailable).toMatch(/shallow clone/);
    expect(shallow.rows.map((row) => row.state)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
    const table = formatStates(shallow);
    expect(table.match(/shallow clone/g)).toHaveLength(1);

    const built = makeFixture();
    writeFileSync(path.join(built.root, 'content/en/guide/a.md'), '# Page A\n\nAbout A, at length.\n');
    const result = await built.build();
    expect(built.messages(result)).toEqual([]);
    const file = TranslationsFile.parse(JSON.parse(built.read('translations.json')));
    expect(file).toMatchObject({ history: 'unavailable', reason: 'not a git checkout' });
    expect(new Set(file.pages.map((page) => page.state))).toEqual(new Set(['unknown']));
    expect(built.record('/zh/guide/a').translationStatus).toEqual({ state: 'unknown', source: '/guide/a' });
  });
});
