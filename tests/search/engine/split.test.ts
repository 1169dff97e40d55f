import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchIndexPaths } from '../../../pipeline/stages/discover.ts';
import { analyzeRecords, buildSearchIndexFile, searchIndexFileOf } from '../../../pipeline/search/index.ts';
import { buildSearchIndex, emptySearchIndexMemo, joinSplitIndex, splitSearchIndex, type SearchIndexMemo } from '../../../pipeline/search/layout.ts';
import { SEARCH_SYNONYMS_DATA_PATH } from '../../../schemas/paths.ts';
import type { SearchRecord } from '../../../schemas/search.ts';
import { NO_SEARCH_SYNONYMS } from '../../../schemas/search-synonyms.ts';
import { parseSearchEntry, SearchIndexManifest, type SearchIndexFile } from '../../../schemas/search-index.ts';
import { frontDecode, manifestParts, partFiles, partOf } from '../../../schemas/search-format/codec.ts';
import { createLocalEngine, DEFAULT_TUNING } from '../../../renderer/search/engine/engine.ts';
import { createLocalSource, partPath } from '../../../renderer/search/engine/local-source.ts';
import { createFetchDataSource } from '../../../renderer/app/data.ts';
import { createSplitEngine } from '../../../renderer/search/engine/split-engine.ts';
import { tempDir } from '../../temp-dir.ts';
import { enRecords, generatedRecords as generated, zhRecords } from '../fixtures.ts';

const SMALL_PARTS = { postingPartBytes: 300, recordPartBytes: 600 };

/** A split index served from memory, with a log of what was fetched. */
function served(file: SearchIndexFile, options = SMALL_PARTS) {
  const { manifest, parts } = splitSearchIndex(file, options);
  const log: string[] = [];
  const fetchPart = async (name: string) => {
    log.push(name);
    if (!parts.has(name)) throw new Error(`404 ${name}`);
    return JSON.parse(JSON.stringify(parts.get(name)));
  };
  return { manifest: SearchIndexManifest.parse(JSON.parse(JSON.stringify(manifest))), parts, log, fetchPart };
}

const QUERIES = {
  en: ['bundle', 'bund', 'b', 'bundl', 'bundel', 'out', 'outbase', 'auto external', 'autoExternal', 'modle federation', 'declaraton', 'format 12', 'group 3', 'plugin entry', 'zzz', 'sourcemp', 'configur', 'dts bundle', 'builder 7'],
  zh: ['构建', '模块联邦', '产物格式', '配置 插件', '联', '分组 2', '类型声明', 'bundle'],
};

describe('partOf', () => {
  it('finds the last part starting at or before an item', () => {
    const parts = [0, 3, 7].map((first) => ({ file: `en/p${first}.json`, first }));
    expect([0, 2, 3, 6, 7, 100].map((i) => partOf(parts, i))).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('splitSearchIndex', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`is undone by joinSplitIndex (${lang})`, () => {
      const file = buildSearchIndexFile(lang, generated(lang, 60));
      const { manifest, parts } = splitSearchIndex(file, SMALL_PARTS);
      expect(manifestParts(manifest).postings.length).toBeGreaterThan(3);
      expect(manifestParts(manifest).records.length).toBeGreaterThan(3);
      const joined = joinSplitIndex(manifest, parts);
      const byTerm = (f: SearchIndexFile) => new Map(frontDecode(f.index.terms).map((t, i) => [t, f.index.postings[i]]));
      expect(byTerm(joined)).toEqual(byTerm(file));
      expect({ ...joined, index: { ...joined.index, terms: '', postings: [] } }).toEqual({ ...file, index: { ...file.index, terms: '', postings: [] } });
    });
  }

  it('cuts record parts at page boundaries and names parts by content', () => {
    const file = buildSearchIndexFile('en', generated('en', 40));
    const { manifest } = splitSearchIndex(file, SMALL_PARTS);
    for (const part of manifestParts(manifest).records.slice(1)) expect(file.docs[part.first]!.p).not.toBe(file.docs[part.first - 1]!.p);
    for (const part of partFiles(manifest)) expect(part).toMatch(/^en\/[pr]-[0-9a-f]{10}\.json$/);
    expect(splitSearchIndex(file, SMALL_PARTS).manifest).toEqual(manifest);
  });
});

describe('splitSearchIndex across edits', () => {
  /** Records grouped by page, as the build hands them over. */
  const byPage = (records: SearchRecord[]) => {
    const pages = new Map<string, SearchRecord[]>();
    for (const record of records) {
      const url = record.url.split('#')[0]!;
      pages.set(url, [...(pages.get(url) ?? []), record]);
    }
    return [...pages.values()];
  };
  const fileOf = (groups: SearchRecord[][], memo?: SearchIndexMemo) => searchIndexFileOf('en', groups, analyzeRecords(groups.flat(), 'segmenter'), {}, memo);
  const names = (split: ReturnType<typeof splitSearchIndex>) => new Set(partFiles(split.manifest));

  it('lays out the same parts with a memo as without, and an edit rewrites only the parts around it', () => {
    const pages = byPage(generated('en', 400));
    const memo = emptySearchIndexMemo();
    const before = splitSearchIndex(fileOf(pages, memo), SMALL_PARTS, memo);
    // One section of page 200 gains words; every other page keeps its very records.
    const edited = pages.map((records, p) => (p === 200 ? records.map((r, i) => (i === 0 ? { ...r, content: `${r.content} federation outbase newterm` } : r)) : records));
    const after = splitSearchIndex(fileOf(edited, memo), SMALL_PARTS, memo);
    const fresh = splitSearchIndex(fileOf(edited), SMALL_PARTS);
    expect(after.manifest).toEqual(fresh.manifest);
    expect([...after.parts]).toEqual([...fresh.parts]);
    // Cuts depend on content: only parts holding changed postings or the changed page differ.
    const changed = [...names(after)].filter((file) => !names(before).has(file));
    expect(partFiles(after.manifest).length).toBeGreaterThan(100);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(8);
  });

  it('validates the documents of pages it has not seen, and reuses those it holds', () => {
    const pages = byPage(generated('en', 20));
    const memo = emptySearchIndexMemo();
    const file = fileOf(pages, memo);
    const bad = pages.map((records, p) => (p === 3 ? records.map((r) => ({ ...r, type: 'nonsense' as SearchRecord['type'] })) : records));
    expect(() => fileOf(bad, memo)).toThrow(/Invalid option/);
    // The pages it holds give the very same documents (checked when they were made).
    const again = fileOf(pages, memo);
    expect(again.docs.every((doc, i) => doc === file.docs[i])).toBe(true);
    expect(again).toEqual(fileOf(pages));
  });
});

describe('split engine', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`answers exactly as the unsplit index (${lang})`, async () => {
      // With the prefixes' reach capped too (Tuning.prefixTerms): the terms with the most postings, of the parts fetched.
      for (const [records, tuning] of [[generated(lang, 80), DEFAULT_TUNING], [generated(lang, 80), { ...DEFAULT_TUNING, prefixTerms: 4 }], [lang === 'en' ? enRecords : zhRecords, DEFAULT_TUNING]] as const) {
        const file = buildSearchIndexFile(lang, records);
        const whole = createLocalEngine(file, tuning);
        const { manifest, fetchPart } = served(file);
        const split = createSplitEngine(manifest, fetchPart, undefined, tuning);
        for (const query of QUERIES[lang]) {
          const expected = whole.search(query, { limit: 20, snippetWords: 10 });
          const actual = await split.search(query, { limit: 20, snippetWords: 10 });
          expect(actual, `${query} (${tuning.prefixTerms})`).toEqual(expected);
        }
        expect(split.topLevelHeadings()).toEqual(whole.topLevelHeadings());
      }
    });
  }

  it('fetches only the parts a query reaches, each once', async () => {
    const file = buildSearchIndexFile('en', generated('en', 80));
    const { manifest, log, fetchPart } = served(file);
    const split = createSplitEngine(manifest, fetchPart);
    await split.search('outbase', { limit: 5, snippetWords: 10 });
    const first = [...log];
    expect(first.filter((f) => /\/p-/.test(f)).length).toBeLessThan(manifestParts(manifest).postings.length / 2);
    expect(first.filter((f) => /\/r-/.test(f)).length).toBeLessThanOrEqual(5);
    await split.search('outbase', { limit: 5, snippetWords: 10 });
    expect(log).toEqual(first);
    expect(split.fetched()).toEqual(first);
  });

  it('fails a query whose part cannot be fetched, and fetches it again on the next query', async () => {
    const file = buildSearchIndexFile('en', generated('en', 30));
    const { manifest, fetchPart } = served(file);
    let fail = true;
    const split = createSplitEngine(manifest, async (name) => {
      if (fail) throw new Error('offline');
      return fetchPart(name);
    });
    await expect(split.search('bundle', { limit: 5, snippetWords: 10 })).rejects.toThrow('offline');
    fail = false;
    const expected = createLocalEngine(file).search('bundle', { limit: 5, snippetWords: 10 });
    expect(await split.search('bundle', { limit: 5, snippetWords: 10 })).toEqual(expected);
  });

  it('rejects a part that does not match its range', async () => {
    const file = buildSearchIndexFile('en', generated('en', 30));
    const { manifest, fetchPart } = served(file);
    const split = createSplitEngine(manifest, async (name) => {
      const json = (await fetchPart(name)) as { postings?: string[] };
      if (json.postings) json.postings.pop();
      return json;
    });
    await expect(split.search('bundle', { limit: 5, snippetWords: 10 })).rejects.toThrow(/holds \d+ terms/);
  });
});

describe('buildSearchIndex layout', () => {
  it('writes one file below the threshold', () => {
    const files = buildSearchIndex('en', enRecords);
    expect([...files.keys()]).toEqual(['search/en.json']);
    expect(parseSearchEntry(files.get('search/en.json'))).not.toHaveProperty('layout');
  });

  it('writes a manifest and its parts under search/<lang>/ above it', () => {
    const files = buildSearchIndex('zh', generated('zh', 40), { splitAbove: 0, ...SMALL_PARTS });
    const manifest = SearchIndexManifest.parse(files.get('search/zh.json'));
    const parts = partFiles(manifest).map((file) => `search/${file}`);
    expect([...files.keys()].sort()).toEqual(['search/zh.json', ...parts].sort());
    expect(parts.every((p) => p.startsWith('search/zh/'))).toBe(true);
  });

  it('lists the files a later run may carry over, only when all of them are there', () => {
    const out = tempDir('search-split-');
    const write = (files: Map<string, unknown>) => {
      for (const [rel, json] of files) {
        mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
        writeFileSync(path.join(out, rel), JSON.stringify(json));
      }
    };
    expect(searchIndexPaths(out, 'en')).toBeNull();
    write(buildSearchIndex('en', enRecords));
    expect(searchIndexPaths(out, 'en')).toEqual(['search/en.json']);
    const split = buildSearchIndex('zh', generated('zh', 20), { splitAbove: 0, ...SMALL_PARTS });
    write(split);
    expect(searchIndexPaths(out, 'zh')?.sort()).toEqual([...split.keys()].sort());
    rmSync(path.join(out, [...split.keys()].at(-1)!));
    expect(searchIndexPaths(out, 'zh')).toBeNull();
  });
});

describe('local source over a split index', () => {
  it('fetches the manifest and then parts beside it', async () => {
    const files = buildSearchIndex('en', generated('en', 40), { splitAbove: 0, ...SMALL_PARTS });
    files.set(SEARCH_SYNONYMS_DATA_PATH, NO_SEARCH_SYNONYMS);
    const requested: string[] = [];
    const fetchImpl = (async (input: string) => {
      requested.push(input);
      const rel = input.replace('https://docs.test/_data/', '');
      return files.has(rel) ? new Response(JSON.stringify(files.get(rel)), { headers: { 'content-type': 'application/json' } }) : new Response('missing', { status: 404 });
    }) as typeof fetch;
    const data = createFetchDataSource('https://docs.test/_data/', { fetch: fetchImpl, validate: false });
    const source = createLocalSource('search/en.json', 'local-en', data.json);
    const response = await source.search({ query: 'federation', limit: 3, snippetWords: 10 });
    const whole = createLocalEngine(buildSearchIndexFile('en', generated('en', 40))).search('federation', { limit: 3, snippetWords: 10 });
    expect(response).toEqual(whole);
    expect(requested.slice(0, 2)).toEqual(['https://docs.test/_data/search/en.json', 'https://docs.test/_data/search/synonyms.json']);
    expect(requested.slice(2).every((url) => url.startsWith('https://docs.test/_data/search/en/'))).toBe(true);
    expect(partPath('search/zh.json', 'zh/p0-0123456789.json')).toBe('search/zh/p0-0123456789.json');
  });
});
