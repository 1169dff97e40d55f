/**
 * The one path of every build after edits (pipeline/build.ts): a new process after a few pages
 * changed in their own content works from a narrow memo (pipeline/memo/narrow.ts), any other
 * edit widens it to the whole state; either way it must come to exactly the bundle a clean build
 * writes.
 */
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { formatDiagnostic } from '../../pipeline/diagnostics.ts';
import { STATE_LOG, STATE_LOG_MAX } from '../../pipeline/memo/state-file.ts';
import { tempDir } from '../temp-dir.ts';
import { baseFiles, largeSidebarTree, makeFixture, type Fixture } from './fixture.ts';
import { findAll } from './hast-query.ts';
import { emptyMemory } from '../../pipeline/memo/build-memory.ts';

/** A small site's index split into small parts, as a large site's is. */
const SPLIT = { splitAbove: 0, postingPartBytes: 400, recordPartBytes: 700 };

/** What a clean build of the fixture's content writes, built in another folder. */
async function cleanBuild(fixture: Fixture, searchLayout: typeof SPLIT | null = SPLIT): Promise<Record<string, string>> {
  const root = tempDir('rslib-docs-clean-');
  cpSync(path.join(fixture.root, 'content'), path.join(root, 'content'), { recursive: true });
  const result = await build({ root, noCache: true, searchLayout: searchLayout ?? undefined });
  expect(result.ok).toBe(true);
  const out = path.join(root, 'dist-data');
  const files = (readdirSync(out, { recursive: true }) as string[]).filter((rel) => statSync(path.join(out, rel)).isFile());
  return Object.fromEntries(files.map((rel) => [rel.split(path.sep).join('/'), readFileSync(path.join(out, rel), 'utf8')]));
}

const page = (n: number, extra = '', middle = '') => `# Page ${n}\n\nText of page ${n}, about bundles and output formats.\n\n${middle}## Options\n\nThe options of page ${n}.${extra}\n`;

function site() {
  const { files, site } = largeSidebarTree(1);
  for (const lang of ['en', 'zh']) for (let i = 0; i < 50; i++) files[`${lang}/docs/p${i}.md`] = page(i);
  return { files: { ...baseFiles(), ...files }, site };
}

describe('a run after edits', () => {
  it('writes what a clean build writes after body edits, and hands other edits to the full run', async () => {
    const { files, site: config } = site();
    const fixture = makeFixture(files, config);
    const run = () => fixture.build({ searchLayout: SPLIT });
    expect((await run()).ok).toBe(true);

    // A body edit: new words, a code block, a paragraph that moves the heading after it.
    fixture.write({ 'en/docs/p7.md': page(7, '\n\nNew words: zebra quokka.\n\n```js\nexport default { lib: [] };\n```', 'A second paragraph.\n\n') });
    const edited = await run();
    expect(edited).toMatchObject({ ok: true, compiled: 1, emitted: true, narrow: true });
    expect(fixture.snapshot()).toEqual(await cleanBuild(fixture));
    expect(fixture.read('llms-full.txt')).toContain('zebra quokka');

    // Two pages at once, one per language; one of them shorter than before (its first
    // paragraph, the page's description, stays).
    fixture.write({ 'en/docs/p30.md': page(30).replace('The options of page 30.', 'None.'), 'zh/docs/p2.md': page(2, '\n\n新的内容：构建产物。') });
    expect(await run()).toMatchObject({ ok: true, compiled: 2, narrow: true });
    expect(fixture.snapshot()).toEqual(await cleanBuild(fixture));

    // A new heading reaches other outputs (overviews, link targets): the full run.
    fixture.write({ 'en/docs/p7.md': page(7, '\n\n## A new heading\n\nMore.') });
    const heading = await run();
    expect(heading).toMatchObject({ ok: true, compiled: 1 });
    expect(heading.narrow).toBeUndefined();
    expect(fixture.snapshot()).toEqual(await cleanBuild(fixture));

    // Quick again after a full run, then back to a version an earlier bundle had.
    fixture.write({ 'en/docs/p7.md': page(7, '\n\n## A new heading\n\nMore, and more.') });
    expect(await run()).toMatchObject({ ok: true, narrow: true });
    fixture.write({ 'en/docs/p7.md': page(7, '\n\nNew words: zebra quokka.\n\n```js\nexport default { lib: [] };\n```') });
    expect(await run()).toMatchObject({ ok: true });
    expect(fixture.snapshot()).toEqual(await cleanBuild(fixture));

    // A broken link: reported by the full run, and dist-data/ stays as it was.
    const before = fixture.snapshot();
    fixture.write({ 'en/docs/p9.md': page(9, '\n\n[nowhere](/docs/missing)') });
    const broken = await run();
    expect(broken.ok).toBe(false);
    expect(fixture.messages(broken).join('\n')).toMatch(/dead-link/);
    expect(fixture.snapshot()).toEqual(before);
    // Fixed by going back to what the bundle has: nothing to write, but the run reports success.
    fixture.write({ 'en/docs/p9.md': page(9) });
    expect((await run()).ok).toBe(true);
    fixture.write({ 'en/docs/p9.md': page(9, ' Fixed, with more words.') });
    expect(await run()).toMatchObject({ ok: true, narrow: true });
    expect(fixture.snapshot()).toEqual(await cleanBuild(fixture));
  }, 60_000);

  // A dev session keeps each pair's comparison while both pages stay as they were (DriftMemo):
  // it too must report what the run from every page does.
  it.each([
    ['a narrow run', () => undefined],
    ['a dev session', emptyMemory],
  ])('reports the drift from a twin that %s makes, keeps or mends, as the run from every page does', async (_mode, memoryOf) => {
    const { files, site: config } = site();
    const fixture = makeFixture(files, config);
    const memory = memoryOf();
    const narrow = memory === undefined;
    let edited: string[] | undefined;
    const run = async () => {
      const result = await fixture.build({ searchLayout: SPLIT, ...(memory && { memory, force: true, changed: edited }) });
      // Narrow in a new process only: a dev session's memo holds every page.
      expect(result.narrow === true).toBe(narrow && edited !== undefined);
      return result;
    };
    const write = (edits: Record<string, string>) => {
      fixture.write(edits);
      edited = Object.keys(edits);
    };
    const fromEveryPage = async () => {
      const root = tempDir('rslib-docs-clean-');
      cpSync(path.join(fixture.root, 'content'), path.join(root, 'content'), { recursive: true });
      return (await build({ root, noCache: true, searchLayout: SPLIT })).diagnostics.map(formatDiagnostic);
    };
    expect((await run()).ok).toBe(true);
    // A sample added in English only: the Chinese twin lacks it.
    write({ 'en/docs/p4.md': page(4, '\n\n```ts\nexport const four = 4;\n```') });
    const drifted = await run();
    expect(drifted.ok).toBe(true);
    expect(fixture.messages(drifted)).toEqual([expect.stringMatching(/^content\/zh\/docs\/p4\.md:\d+:\d+ {2}warning {2}Missing the English page's code block \(ts\) \(content\/en\/docs\/p4\.md:\d+\) {2}\[translation-drift\]$/)]);
    expect(fixture.messages(drifted)).toEqual(await fromEveryPage());
    // Another page's edit carries the line over; the Chinese page's own edit (still without the sample) keeps it.
    write({ 'en/docs/p9.md': page(9, ' More words.') });
    expect(fixture.messages(await run())).toEqual(await fromEveryPage());
    write({ 'zh/docs/p4.md': page(4, ' 更多文字。') });
    const kept = await run();
    expect(fixture.messages(kept)).toEqual(await fromEveryPage());
    expect(fixture.messages(kept)).toHaveLength(1);
    // The translation catches up: the line goes.
    write({ 'zh/docs/p4.md': page(4, '\n\n```ts\nexport const four = 4;\n```') });
    const mended = await run();
    expect(mended.ok).toBe(true);
    expect(fixture.messages(mended)).toEqual([]);
  }, 60_000);

  it('logs its changes to the state, and the runs after it read them, also past the point where the state is written whole', async () => {
    const { files, site: config } = site();
    const fixture = makeFixture(files, config);
    const run = () => fixture.build({ searchLayout: SPLIT });
    expect((await run()).ok).toBe(true);
    const logLines = () => {
      const log = path.join(fixture.root, '.cache', 'pipeline', STATE_LOG);
      return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0;
    };
    // Sections of llms-full.txt grow and shrink, before and after one another, in both languages.
    const lengths: number[] = [];
    for (let n = 0; n < STATE_LOG_MAX + 4; n++) {
      const lang = n % 3 === 0 ? 'zh' : 'en';
      const target = (n * 7) % 50;
      fixture.write({ [`${lang}/docs/p${target}.md`]: page(target, ` Edit ${n}.${' More words.'.repeat(n % 5)}`) });
      expect(await run()).toMatchObject({ ok: true, compiled: 1, narrow: true });
      lengths.push(logLines());
      if (n === 5) expect(fixture.snapshot()).toEqual(await cleanBuild(fixture));
    }
    // The log grew a line a run, and was emptied once it was long.
    expect(lengths.slice(0, 3)).toEqual([1, 2, 3]);
    expect(Math.max(...lengths)).toBe(STATE_LOG_MAX);
    expect(lengths.at(-1)).toBeLessThan(STATE_LOG_MAX);
    expect(fixture.snapshot()).toEqual(await cleanBuild(fixture));
    // The full run reads the state with the log too.
    fixture.write({ 'en/docs/p3.md': page(3, '\n\n## A new heading\n\nMore.') });
    expect((await run()).narrow).toBeUndefined();
    expect(fixture.snapshot()).toEqual(await cleanBuild(fixture));
  }, 120_000);

  it('writes what a clean build writes after each kind of edit, narrow only for edits of a page\'s own content', async () => {
    const { files, site: config } = site();
    files['en/docs/p5.md'] = `---\ndescription: Five\ntitle: Page five\n---\n${page(5)}`;
    const fixture = makeFixture(files, config);
    const run = () => fixture.build({ searchLayout: SPLIT });
    expect((await run()).ok).toBe(true);
    const withPage50 = structuredClone(config);
    for (const locale of withPage50.locales ?? []) (locale.sidebar!['/docs/']![1] as { items: string[] }).items.push('/docs/p50');
    const edits: Array<[string, Record<string, string>, boolean | null]> = [
      ['body text', { 'en/docs/p3.md': page(3, ' Body words: wombat.') }, true],
      ['a code block', { 'en/docs/p4.md': page(4, '\n\n```ts\nexport const four = 4;\n```') }, true],
      ['the code block again', { 'en/docs/p4.md': page(4, '\n\n```ts\nexport const four = 44;\n```') }, true],
      ['a title', { 'en/docs/p6.md': page(6).replace('# Page 6', '# Page six') }, false],
      ['frontmatter order', { 'en/docs/p5.md': `---\ntitle: Page five\ndescription: Five\n---\n${page(5)}` }, null],
      ['a new page, in the sidebar', { 'en/docs/p50.md': page(50), 'zh/docs/p50.md': page(50), 'site.json': JSON.stringify(withPage50) }, false],
      ['body text after a new page', { 'zh/docs/p8.md': page(8, ' 正文。') }, true],
    ];
    for (const [edit, written, narrow] of edits) {
      fixture.write(written);
      const result = await run();
      expect(result.ok, edit).toBe(true);
      if (narrow !== null) expect(result.narrow ?? false, edit).toBe(narrow);
      expect(fixture.snapshot(), edit).toEqual(await cleanBuild(fixture));
    }
    for (const lang of ['en', 'zh']) rmSync(path.join(fixture.root, 'content', lang, 'docs', 'p50.md'));
    fixture.write({ 'site.json': JSON.stringify(config) });
    const deleted = await run();
    expect(deleted).toMatchObject({ ok: true });
    expect(deleted.narrow).toBeUndefined();
    expect(fixture.snapshot()).toEqual(await cleanBuild(fixture));
  }, 120_000);

  it('is not taken when the index is one file, or when the page\'s title changed', async () => {
    const { files, site: config } = site();
    const fixture = makeFixture(files, config);
    await fixture.build();
    fixture.write({ 'en/docs/p1.md': page(1, ' More.') });
    const single = await fixture.build();
    expect(single).toMatchObject({ ok: true, compiled: 1 });
    expect(single.narrow).toBeUndefined();
    expect(fixture.snapshot()).toEqual(await cleanBuild(fixture, null));
    fixture.write({ 'en/docs/p1.md': page(1, ' More.').replace('# Page 1', '# Page one') });
    const titled = await fixture.build();
    expect(titled.narrow).toBeUndefined();
    expect(fixture.record('/docs/p2').prevPage?.text).toBe('Page one');
  }, 60_000);
});

describe('images of content/public', () => {
  const svg = (attrs: string) => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}><rect width="10" height="10"/></svg>`;
  const imageOf = (fixture: Fixture, route: string) => {
    const [img] = findAll(fixture.record(route).body, 'img');
    return { width: img?.properties.width, height: img?.properties.height };
  };
  const withImage = () => {
    const files = baseFiles();
    files['en/guide/a.md'] = '# Page A\n\n![A diagram](/images/diagram.svg)\n';
    files['zh/guide/a.md'] = '# 页面 A\n\n![示意图](/images/diagram.svg)\n';
    files['public/images/diagram.svg'] = svg('width="700" height="300"');
    return files;
  };

  it('gives a page image its intrinsic size, and follows a new size in the next run, as a clean build does', async () => {
    const fixture = makeFixture(withImage());
    expect((await fixture.build()).ok).toBe(true);
    expect(imageOf(fixture, '/guide/a')).toEqual({ width: 700, height: 300 });
    expect(imageOf(fixture, '/zh/guide/a')).toEqual({ width: 700, height: 300 });
    // Only the image changes: a new process works from the cache and must notice it.
    fixture.write({ 'public/images/diagram.svg': svg('viewBox="0 0 400 100"') });
    expect((await fixture.build()).ok).toBe(true);
    expect(imageOf(fixture, '/guide/a')).toEqual({ width: 400, height: 100 });
    expect(fixture.snapshot()).toEqual(await cleanBuild(fixture, null));
    // An image whose file tells no size gets none.
    fixture.write({ 'public/images/diagram.svg': svg('') });
    await fixture.build();
    expect(imageOf(fixture, '/guide/a')).toEqual({ width: undefined, height: undefined });
  }, 60_000);

  it('follows a new size in a dev session that is told the image changed', async () => {
    const fixture = makeFixture(withImage());
    const memory = emptyMemory();
    await fixture.build({ memory, force: true });
    fixture.write({ 'public/images/diagram.svg': svg('width="320" height="200"') });
    const result = await fixture.build({ memory, force: true, changed: ['public/images/diagram.svg'] });
    expect(result.ok).toBe(true);
    expect(imageOf(fixture, '/zh/guide/a')).toEqual({ width: 320, height: 200 });
  }, 60_000);
});
