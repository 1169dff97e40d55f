/** Discovery of content/: a dev session's update from a watcher's paths finds what a full walk finds. */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvePaths } from '../../../pipeline/build.ts';
import { discover, rediscover } from '../../../pipeline/stages/discover.ts';
import { makeFixture } from '../fixture.ts';

describe('rediscover', () => {
  it('updates the previous discovery from changed paths to exactly what discover finds', () => {
    const fixture = makeFixture();
    const paths = resolvePaths({ root: fixture.root });
    const content = (rel: string) => path.join(paths.content, rel);
    let found = discover(paths);
    const step = (changed: string[], mutate: () => void) => {
      mutate();
      found = rediscover(paths, found, changed);
      expect(found).toEqual(discover(paths));
    };
    step(['en/guide/a.md'], () => writeFileSync(content('en/guide/a.md'), '# Page A, longer than before\n'));
    step(['en/guide/new.md', 'zh/guide/new.md'], () => fixture.write({ 'en/guide/new.md': '# New\n', 'zh/guide/new.md': '# 新\n' }));
    step(['en/shared/part.md'], () => fixture.write({ 'en/shared/part.md': 'A fragment, read when found.\n' }));
    step(['zh/guide/notes.txt'], () => fixture.write({ 'zh/guide/notes.txt': 'not markdown' }));
    // A folder moved: both names are reported, and everything under them follows.
    step(['en/guide', 'en/manual'], () => renameSync(content('en/guide'), content('en/manual')));
    step(['zh/guide'], () => rmSync(content('zh/guide'), { recursive: true }));
    step(['zh/extra'], () => {
      mkdirSync(content('zh/extra/deep'), { recursive: true });
      writeFileSync(content('zh/extra/deep/x.md'), '# X\n');
      writeFileSync(content('zh/extra/a.md'), '# A\n');
    });
    // A whole language folder moved away and back.
    step(['zh'], () => renameSync(content('zh'), content('zh-away')));
    step(['zh'], () => renameSync(content('zh-away'), content('zh')));
    step(['site.json', 'public/new.svg'], () => fixture.write({ 'site.json': '{"title": "changed"}', 'public/new.svg': '<svg/>' }));
    expect(found.sources.map((s) => s.file)).toContain('content/zh/extra/deep/x.md');
    expect(found.publicFiles.has('/new.svg')).toBe(true);
  });
});
