/** Emit's outputs on a real folder: what a swapped-in bundle holds. */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonParts, openOutput, openSearchAhead, pruneCache, writeAhead, writeCache, writeHoverPack } from '../../../pipeline/stages/emit.ts';
import { emptyState, type BuildState, type CacheContents, type SearchCache } from '../../../pipeline/memo/incremental.ts';
import { hoverCacheReader, hoverPacksNamed } from '../../../pipeline/stages/discover.ts';
import { HOVER_FOLDER, HOVER_PACK_NAME, hoverIndexOf } from '../../../pipeline/memo/incremental.ts';
import type { SampleHovers } from '../../../pipeline/hovers/quick-info.ts';
import { tempDir } from '../../temp-dir.ts';

/** A dist-data/ path in a fresh folder, not made yet (emit makes it). */
const freshOut = () => path.join(tempDir('emit-'), 'dist-data');

describe('openOutput (swap)', () => {
  it('carries a file over once however often it is asked (parts named by content repeat in a manifest)', () => {
    const out = freshOut();
    mkdirSync(path.join(out, 'search', 'en'), { recursive: true });
    writeFileSync(path.join(out, 'search', 'en', 'p-1.json'), '[1]');
    const output = openOutput(out);
    expect(output.reuse('search/en/p-1.json')).toBe(true);
    expect(output.reuse('search/en/p-1.json')).toBe(true);
    expect(output.reuse('search/en/p-2.json')).toBe(false);
    output.write('search/en.json', { layout: 'split' });
    const bundle = output.commit();
    expect([...bundle.files].sort()).toEqual(['search/en.json', 'search/en/p-1.json']);
    expect(readFileSync(path.join(out, 'search', 'en', 'p-1.json'), 'utf8')).toBe('[1]');
  });

  it('deletes what swaps of processes that are gone left beside dist-data/, and only that', async () => {
    const out = freshOut();
    mkdirSync(out);
    const gone = spawnSync('true').pid!;
    const leftovers = [`${out}.tmp-${gone}`, `${out}.old-${gone}-1700000000000`];
    const running = `${out}.tmp-${process.ppid}`;
    for (const dir of [...leftovers, running]) mkdirSync(path.join(dir, 'pages'), { recursive: true });
    const output = openOutput(out);
    output.write('site.json', '{}');
    output.commit();
    for (let tries = 0; leftovers.some(existsSync) && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(leftovers.filter(existsSync)).toEqual([]);
    expect(existsSync(running)).toBe(true);
  });

  it('replaces a file it carried over instead of writing through the link into the current bundle', () => {
    const out = freshOut();
    mkdirSync(path.join(out, 'search'), { recursive: true });
    writeFileSync(path.join(out, 'search', 'zh.json'), 'old');
    const output = openOutput(out);
    expect(output.reuse('search/zh.json')).toBe(true);
    output.write('search/zh.json', 'new');
    // Until the commit, the current bundle is what it was.
    expect(readFileSync(path.join(out, 'search', 'zh.json'), 'utf8')).toBe('old');
    output.commit();
    expect(readFileSync(path.join(out, 'search', 'zh.json'), 'utf8')).toBe('new');
  });
});

/** A folder's files and their contents (the spare's record left out). */
function contentsOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === '.spare.json') continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file).split(path.sep).join('/')] = readFileSync(file, 'utf8');
  }
  return files;
}

describe('openOutput (through the spare)', () => {
  it('makes each bundle from the one before the current one, changing only what differs, run after run', () => {
    const out = freshOut();
    // Each run: files written (name → content), files carried over, the rest dropped.
    const runs: Array<{ write: Record<string, string>; reuse: string[] }> = [
      { write: { 'a.json': 'a1', 'pages/b.json': 'b1', 'pages/c.json': 'c1', 'search/en/p-1.json': 'p1' }, reuse: [] },
      { write: { 'a.json': 'a2' }, reuse: ['pages/b.json', 'pages/c.json', 'search/en/p-1.json'] },
      { write: { 'pages/b.json': 'b3', 'search/en/p-2.json': 'p2' }, reuse: ['a.json', 'pages/c.json'] },
      { write: { 'pages/d.json': 'd4' }, reuse: ['a.json', 'pages/b.json', 'search/en/p-2.json'] },
      { write: { 'pages/c.json': 'c5' }, reuse: ['a.json', 'pages/b.json', 'pages/d.json', 'search/en/p-1.json'] },
    ];
    let before: Record<string, string> = {};
    for (const [index, run] of runs.entries()) {
      const output = openOutput(out);
      // The first run has no spare; every later one goes through it.
      expect(output.knowsFiles).toBe(index > 0);
      for (const [rel, content] of Object.entries(run.write)) output.write(rel, content);
      const carried = run.reuse.map((rel) => output.reuse(rel));
      // A file the current bundle does not have cannot be carried over.
      expect(carried).toEqual(run.reuse.map((rel) => rel in before));
      output.commit();
      const expected = { ...Object.fromEntries(run.reuse.filter((rel) => rel in before).map((rel) => [rel, before[rel]!])), ...run.write };
      expect(contentsOf(out)).toEqual(expected);
      // The bundle before is the spare now, whole and unchanged (after a swap without a spare,
      // the spare is made as a copy of the new bundle).
      expect(contentsOf(`${out}.spare`)).toEqual(index === 0 ? expected : before);
      before = expected;
    }
    // Folders emptied by removals are gone.
    expect(existsSync(path.join(out, 'search', 'en', 'p-2.json'))).toBe(false);
  });

  it('carries over every file not written when asked to', () => {
    const out = freshOut();
    const first = openOutput(out);
    for (const rel of ['a.json', 'b.json', 'pages/c.json']) first.write(rel, rel);
    first.commit();
    const second = openOutput(out);
    second.write('b.json', 'new');
    second.reuseRest();
    second.commit();
    expect(contentsOf(out)).toEqual({ 'a.json': 'a.json', 'b.json': 'new', 'pages/c.json': 'pages/c.json' });
  });

  it('writes a fresh run beside the spare, not through it, and makes the spare anew of links to what it wrote', () => {
    const out = freshOut();
    const first = openOutput(out);
    for (const rel of ['a.json', 'pages/b.json']) first.write(rel, `${rel}1`);
    first.commit();
    const second = openOutput(out);
    second.write('a.json', 'a.json2');
    second.reuseRest();
    second.commit();
    // A run after a change of the pipeline writes every file anew.
    const fresh = openOutput(out, undefined, true);
    expect(fresh.knowsFiles).toBe(false);
    for (const rel of ['a.json', 'pages/b.json']) fresh.write(rel, `${rel}3`);
    fresh.commit();
    const expected = { 'a.json': 'a.json3', 'pages/b.json': 'pages/b.json3' };
    expect(contentsOf(out)).toEqual(expected);
    // The spare trails nothing: each of its files is the new bundle's own, so the next run changes only what it writes.
    expect(contentsOf(`${out}.spare`)).toEqual(expected);
    for (const rel of Object.keys(expected)) expect(statSync(path.join(`${out}.spare`, rel)).ino).toBe(statSync(path.join(out, rel)).ino);
    const next = openOutput(out);
    expect(next.knowsFiles).toBe(true);
    next.write('a.json', 'a.json4');
    next.reuseRest();
    next.commit();
    expect(contentsOf(out)).toEqual({ ...expected, 'a.json': 'a.json4' });
  });

  it("writes over the spare's own copy of a file, cut to its new length, and never through a link into the current bundle", async () => {
    const out = freshOut();
    const spare = `${out}.spare`;
    const inodes = (dir: string) => Object.fromEntries(Object.keys(contentsOf(dir)).map((rel) => [rel, statSync(path.join(dir, rel)).ino]));
    const first = openOutput(out);
    first.write('a.json', 'a long first version');
    first.writeParts('b.txt', [Buffer.from('b one '), Buffer.from('b two')]);
    first.writeParts('llms.txt', [Buffer.from('one '), Buffer.from('two three')]);
    first.commit();
    // The spare is made of links to the bundle: the next run writes new files, and the bundle it replaces stays whole.
    const linked = inodes(out);
    const second = openOutput(out);
    second.write('a.json', 'second');
    second.writeParts('b.txt', [Buffer.from('b2')]);
    await second.writePartsSoon('llms.txt', [Buffer.from('2')]);
    second.commit();
    expect(contentsOf(out)).toEqual({ 'a.json': 'second', 'b.txt': 'b2', 'llms.txt': '2' });
    expect(contentsOf(spare)).toEqual({ 'a.json': 'a long first version', 'b.txt': 'b one b two', 'llms.txt': 'one two three' });
    for (const [rel, ino] of Object.entries(inodes(out))) expect(ino, rel).not.toBe(linked[rel]);
    // Now each file of the spare is its own (one link): the third run writes over them where they are.
    const own = inodes(spare);
    const third = openOutput(out);
    third.write('a.json', '3');
    third.writeParts('b.txt', [Buffer.from('b3 is longer '), Buffer.from('than b one b two')]);
    await third.writePartsSoon('llms.txt', [Buffer.from('th'), Buffer.from('ree')]);
    third.commit();
    expect(contentsOf(out)).toEqual({ 'a.json': '3', 'b.txt': 'b3 is longer than b one b two', 'llms.txt': 'three' });
    expect(inodes(out)).toEqual(own);
    expect(contentsOf(spare)).toEqual({ 'a.json': 'second', 'b.txt': 'b2', 'llms.txt': '2' });
  });

  it('gives a new spare its own copy of a large file, which the next run writes over in place', async () => {
    const out = freshOut();
    const spare = `${out}.spare`;
    const large = Buffer.alloc(1024 * 1024 + 1, 'x');
    const first = openOutput(out);
    first.write('small.json', 's1');
    first.writeParts('llms-full.txt', [large]);
    first.commit();
    expect(statSync(path.join(spare, 'small.json')).ino).toBe(statSync(path.join(out, 'small.json')).ino);
    const copy = statSync(path.join(spare, 'llms-full.txt'));
    expect(copy.ino).not.toBe(statSync(path.join(out, 'llms-full.txt')).ino);
    expect(readFileSync(path.join(spare, 'llms-full.txt')).equals(large)).toBe(true);
    const second = openOutput(out);
    await second.writePartsSoon('llms-full.txt', [Buffer.from('short now')]);
    second.reuseRest();
    second.commit();
    expect(statSync(path.join(out, 'llms-full.txt')).ino).toBe(copy.ino);
    expect(contentsOf(out)).toEqual({ 'small.json': 's1', 'llms-full.txt': 'short now' });
    expect(readFileSync(path.join(spare, 'llms-full.txt')).equals(large)).toBe(true);
  });

  it('does not trust a spare once dist-data/ was patched in place, or after a run that failed', () => {
    const out = freshOut();
    const first = openOutput(out);
    first.write('a.json', 'a1');
    const bundle = first.commit();
    // A dev session patches the bundle its own run wrote: the spare no longer trails it.
    const patch = openOutput(out, bundle);
    patch.write('a.json', 'a2');
    patch.commit();
    expect(openOutput(out).knowsFiles).toBe(false);
    // A failed run through the spare leaves dist-data/ as it was, and the next run makes a new spare.
    const swap = openOutput(out);
    swap.write('a.json', 'a3');
    swap.commit();
    const failed = openOutput(out);
    expect(failed.knowsFiles).toBe(true);
    failed.write('a.json', 'a4');
    failed.abort();
    expect(contentsOf(out)).toEqual({ 'a.json': 'a3' });
    const next = openOutput(out);
    expect(next.knowsFiles).toBe(false);
    next.write('a.json', 'a5');
    next.commit();
    expect(contentsOf(out)).toEqual({ 'a.json': 'a5' });
    expect(contentsOf(`${out}.spare`)).toEqual({ 'a.json': 'a5' });
  });
});

describe('jsonParts', () => {
  it("is JSON.stringify's text in UTF-8, cut into parts between entries once they pass a megabyte", () => {
    const long = (c: string) => c.repeat(400_000);
    const record: Record<string, unknown> = {
      'a "quoted" key': { nested: [1, 'two', null], empty: {} },
      中文: '页面 “引号” \u2028 and an emoji 🙂',
      gone: undefined,
      big1: long('x'),
      big2: long('页'),
      big3: long('y'),
      last: 0,
    };
    const parts = [...jsonParts(record)];
    expect(Buffer.concat(parts).toString()).toBe(JSON.stringify(record));
    expect(parts.length).toBeGreaterThan(1);
    // Each part but the last ends where an entry does: the next starts with its separator.
    for (const part of parts.slice(1)) expect(part.toString().startsWith(',') || part.toString() === '}').toBe(true);
    expect(Buffer.concat([...jsonParts({})]).toString()).toBe('{}');
  });
});

describe('writeAhead', () => {
  it('writes parts of the cache to files that writeCache puts in place or removes, after removing those that runs now gone left', () => {
    const cache = path.join(tempDir('emit-'), 'cache');
    mkdirSync(cache);
    const gone = spawnSync('true').pid!;
    const left = `ahead-${gone}-0.json`;
    const running = `ahead-${process.ppid}-0.json`;
    for (const name of [left, running]) writeFileSync(path.join(cache, name), '{}');
    const en = { '/guide/a': { hash: '页面 “引号”', records: [] } };
    const zh = { '/zh/guide/a': { hash: 'b', records: [] } };
    const ahead = writeAhead(cache, { search: { en, zh } });
    const mine = [`ahead-${process.pid}-search-en.json`, `ahead-${process.pid}-search-zh.json`];
    expect(readdirSync(cache).sort()).toEqual([...mine, running].sort());
    expect(readFileSync(ahead.get('search-en.json')!, 'utf8')).toBe(JSON.stringify(en));
    // Only the English records changed: their file is put in place under its name (whatever the
    // run holds of them now: the run let go of them once written), the Chinese ones' file goes.
    writeCache(cache, { state: null, search: { en: {} } satisfies CacheContents['search'], bases: {} }, ahead);
    expect(readdirSync(cache).sort()).toEqual([running, 'search-en.json'].sort());
    expect(readFileSync(path.join(cache, 'search-en.json'), 'utf8')).toBe(JSON.stringify(en));
  });

  it('puts the summaries written ahead in place beside the state that no longer holds them, with search records written ahead later', () => {
    // A run writes the summaries once its pages are derived, the search records once they are written.
    const cache = path.join(tempDir('emit-'), 'cache');
    const summaries = { 'key-a': { title: 'Page A' } } as unknown as BuildState['summaries'];
    const state: BuildState = { ...emptyState('inputs'), summaries };
    const en = { '/guide/a': { hash: 'a', records: [] } };
    const ahead = new Map([...writeAhead(cache, { summaries }), ...writeAhead(cache, { search: { en } })]);
    expect(ahead.size).toBe(2);
    writeCache(cache, { state: { ...state, summaries: {} }, search: { en: {} }, bases: {} }, ahead);
    expect(readdirSync(cache).sort()).toEqual(['search-en.json', 'state.json', 'summaries.json']);
    expect(readFileSync(path.join(cache, 'summaries.json'), 'utf8')).toBe(JSON.stringify(summaries));
    expect(readFileSync(path.join(cache, 'search-en.json'), 'utf8')).toBe(JSON.stringify(en));
  });
});

describe('openSearchAhead', () => {
  it("writes a language's search records page by page into the file writeAhead would write of them at once, for writeCache to put in place", () => {
    const cache = path.join(tempDir('emit-'), 'cache');
    // Records past a megabyte, so that parts are written before the end.
    const content = '页面 “引号” '.repeat(120_000);
    // Only their size and text matter here, not the fields of a record.
    const en = { '/guide/a': { hash: 'a', records: [{ content }] }, '/guide/b': { hash: 'b', records: [] }, '/guide/c': { hash: 'c', records: [{ content: 'x'.repeat(1_200_000) }] } } as unknown as SearchCache;
    const stream = openSearchAhead(cache, 'en');
    for (const [route, entry] of Object.entries(en)) stream.add(route, entry);
    const file = stream.close();
    const name = 'search-en.json';
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(writeAhead(path.join(tempDir('emit-'), 'cache'), { search: { en } }).get(name)!, 'utf8'));
    writeCache(cache, { state: null, search: { en: {} }, bases: {} }, new Map([[name, file]]));
    expect(readdirSync(cache)).toEqual(['search-en.json']);
    expect(JSON.parse(readFileSync(path.join(cache, 'search-en.json'), 'utf8'))).toEqual(en);
  });

  it('leaves nothing behind when aborted', () => {
    const cache = path.join(tempDir('emit-'), 'cache');
    const stream = openSearchAhead(cache, 'zh');
    stream.add('/zh/guide/a', { hash: 'a', records: [] });
    stream.abort();
    expect(readdirSync(cache)).toEqual([]);
  });
});

describe('pruneCache', () => {
  it('takes out the pages under keys the run did not name and the hovers of other versions, if written before it started, keeping what a next run reads', async () => {
    const cache = path.join(tempDir('emit-'), 'pipeline');
    const version = 'a'.repeat(64);
    const files: Record<string, string> = {
      'pages/live.json': '{}\nnull',
      'pages/also-live.json': '{}\nnull',
      'pages/edited-before.json': '{}\nnull',
      'pages/of-another-version.json': '{}\nnull',
      [`hovers/${hoverIndexOf(version)}`]: 'k1\t11111111111111111111.tsv\nk2\t22222222222222222222.tsv\n',
      'hovers/11111111111111111111.tsv': 'k1\t{}\n',
      'hovers/22222222222222222222.tsv': 'k2\t{}\n',
      [`hovers/${hoverIndexOf('b'.repeat(64))}`]: 'k3\t33333333333333333333.tsv\n',
      'hovers/33333333333333333333.tsv': 'k3\t{}\n',
      'state.json': '{}',
    };
    // Written before the run started, but one: a dev session's page, written while the run went on.
    const since = Date.now();
    for (const [rel, text] of Object.entries({ ...files, 'pages/written-since.json': '{}\nnull' })) {
      mkdirSync(path.dirname(path.join(cache, rel)), { recursive: true });
      writeFileSync(path.join(cache, rel), text);
      const at = (rel === 'pages/written-since.json' ? since + 1000 : since - 60_000) / 1000;
      utimesSync(path.join(cache, rel), at, at);
    }
    const keep = () => ({ pageKeys: new Set(['live', 'also-live']), codeVersion: version, packs: hoverPacksNamed(cache, version) });
    pruneCache(cache, keep(), since);
    expect(readdirSync(path.join(cache, 'pages')).sort()).toEqual(['also-live.json', 'live.json', 'written-since.json']);
    expect(readdirSync(path.join(cache, HOVER_FOLDER)).sort()).toEqual(['11111111111111111111.tsv', '22222222222222222222.tsv', hoverIndexOf(version)].sort());
    expect(existsSync(path.join(cache, 'state.json'))).toBe(true);
    // What was taken out is deleted by another process, soon.
    const beside = () => readdirSync(path.dirname(cache)).filter((name) => name.startsWith('pipeline.old-'));
    for (let tries = 0; beside().length > 0 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(beside()).toEqual([]);
    // Nothing to take out: nothing moves.
    pruneCache(cache, keep(), since);
    expect(readdirSync(path.dirname(cache))).toEqual(['pipeline']);
  });
});

describe('hover packs (writeHoverPack, discover.ts: hoverCacheReader)', () => {
  const answer = (name: string) => ({ names: [{ line: 0, column: 0, name }], errors: [] }) as unknown as SampleHovers;
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((letter) => letter.repeat(32)) as [string, string, string, string];
  const version = '1'.repeat(32);
  /** A cache with two batches of answers: a and b, then b again. */
  const twoBatches = () => {
    const cache = tempDir('hover-packs-');
    writeHoverPack(cache, version, [
      [a, answer('first')],
      [b, answer('second')],
    ]);
    writeHoverPack(cache, version, [[b, answer('again')]]);
    return cache;
  };

  it('reads each batch back by key, a later batch winning, from the index of its version of the pipeline', () => {
    const cache = twoBatches();
    writeHoverPack(cache, version, []);
    writeHoverPack(cache, '2'.repeat(32), [[c, answer('another version')]]);
    const read = hoverCacheReader(cache);
    expect(read(version, a)).toEqual(answer('first'));
    expect(read(version, b)).toEqual(answer('again'));
    // Another version's answers are in another index: not read for this one.
    expect(read(version, c)).toBeNull();
    expect(read('2'.repeat(32), c)).toEqual(answer('another version'));
    const folder = path.join(cache, HOVER_FOLDER);
    expect(readdirSync(folder).filter((file) => HOVER_PACK_NAME.test(file))).toHaveLength(3);
    expect(readFileSync(path.join(folder, hoverIndexOf(version)), 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('takes a line cut short, or a pack gone, for no answer (a run killed while it wrote)', () => {
    const cache = twoBatches();
    const index = path.join(cache, HOVER_FOLDER, hoverIndexOf(version));
    writeFileSync(index, `${readFileSync(index, 'utf8')}${d}\t0123`);
    const pack = path.join(cache, HOVER_FOLDER, readFileSync(index, 'utf8').split('\n')[0]!.split('\t')[1]!);
    const text = readFileSync(pack, 'utf8');
    writeFileSync(pack, text.slice(0, text.indexOf('\n') - 5));
    const read = hoverCacheReader(cache);
    expect(read(version, a)).toBeNull();
    expect(read(version, d)).toBeNull();
    expect(read(version, b)).toEqual(answer('again'));
    rmSync(pack);
    expect(hoverCacheReader(cache)(version, a)).toBeNull();
  });
});
