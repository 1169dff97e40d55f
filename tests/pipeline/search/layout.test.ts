/** patchSplitLayout against a full layout of the edited records: the same manifest and parts. */
import { describe, expect, it } from 'vitest';
import { buildSearchIndexFile, DEFAULT_CONTENT_LIMIT, pageDocsOf } from '../../../pipeline/search/index.ts';
import { patchBase, updateSearchIndex } from '../../../pipeline/search/index-patch.ts';
import { patchSplitLayout, splitSearchIndex } from '../../../pipeline/search/layout.ts';
import type { RecordPartFile } from '../../../schemas/search-index.ts';
import { manifestParts, partFiles } from '../../../schemas/search-format/codec.ts';
import type { SearchRecord } from '../../../schemas/search.ts';
import { generatedRecords } from '../../search/fixtures.ts';

const SMALL_PARTS = { postingPartBytes: 400, recordPartBytes: 700 };

/** Records by page (URL path), in order. */
function byPage(records: SearchRecord[]): Array<[string, SearchRecord[]]> {
  const pages = new Map<string, SearchRecord[]>();
  for (const record of records) {
    const route = record.url.split('#')[0]!;
    pages.set(route, [...(pages.get(route) ?? []), record]);
  }
  return [...pages];
}

describe('patchSplitLayout', () => {
  for (const lang of ['en', 'zh'] as const) {
    const before = byPage(generatedRecords(lang, 150));
    // Same pages and sections, other words.
    const other = byPage(generatedRecords(lang, 150, 99));
    const old = splitSearchIndex(buildSearchIndexFile(lang, before.flatMap(([, records]) => records)), SMALL_PARTS);
    const base = updateSearchIndex(before.map(([route, records]) => ({ route, hash: `${route}@0`, records })), null, 'segmenter').base;

    it(`${lang}: gives the files a full layout of the edited index gives, for a page at the start, middle and end`, () => {
      expect(manifestParts(old.manifest).records.length).toBeGreaterThan(20);
      for (const page of [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 74, 89, 100, 120, 144, 148, 149]) {
        const [route, records] = before[page]!;
        // Other words; on some pages far shorter sections, on others long headings, so that
        // the cuts around the page move.
        const edited = other[page]![1].map((record) =>
          page % 3 === 1
            ? { ...record, content: record.content?.slice(0, 5) ?? null }
            : page % 3 === 2
              ? { ...record, hierarchy: { ...record.hierarchy, lvl2: record.hierarchy.lvl2 && `${record.hierarchy.lvl2} ${'long heading '.repeat(40)}` } }
              : record,
        );
        const after = before.map(([r, list], i) => [r, i === page ? edited : list] as const);
        const patched = patchBase(base, route, { before: `${route}@0`, after: `${route}@1` }, records, edited, 'segmenter')!;
        const { pages, docs } = pageDocsOf(edited, DEFAULT_CONTENT_LIMIT[lang]);
        const readPart = (file: string) => JSON.parse(JSON.stringify(old.parts.get(file))) as RecordPartFile;
        const result = patchSplitLayout(old.manifest, readPart, patched.base.index, { first: patched.first, before: records.length, pages, docs }, SMALL_PARTS);
        const full = splitSearchIndex(buildSearchIndexFile(lang, after.flatMap(([, list]) => list)), SMALL_PARTS);
        expect(result.manifest, `page ${page}`).toEqual(full.manifest);
        // Every part the manifest names: new ones as the full layout has them, the others already there.
        for (const file of partFiles(result.manifest)) {
          expect(result.parts.get(file) ?? old.parts.get(file), `${file} (page ${page})`).toEqual(full.parts.get(file));
        }
        // Only parts around the page are new.
        const newRecordParts = [...result.parts.keys()].filter((file) => file.includes('/r-'));
        expect(newRecordParts.length).toBeGreaterThan(0);
        expect(newRecordParts.length).toBeLessThan(6);
      }
    });
  }

  it('leaves the record parts alone for a page without documents, and refuses a page whose documents grew', () => {
    const before = byPage(generatedRecords('en', 60));
    const old = splitSearchIndex(buildSearchIndexFile('en', before.flatMap(([, records]) => records)), SMALL_PARTS);
    const base = updateSearchIndex(before.map(([route, records]) => ({ route, hash: route, records })), null, 'segmenter').base;
    const [route, records] = before[5]!;
    expect(patchBase(base, route, { before: route, after: 'x' }, records, [...records, records[0]!], 'segmenter')).toBeNull();
    expect(patchBase(base, route, { before: 'not the hash the base has', after: 'x' }, records, records, 'segmenter')).toBeNull();
    const same = patchBase(base, route, { before: route, after: 'x' }, records, records, 'segmenter')!;
    const { pages, docs } = pageDocsOf(records, DEFAULT_CONTENT_LIMIT.en);
    const result = patchSplitLayout(old.manifest, (file) => old.parts.get(file) as RecordPartFile, same.base.index, { first: same.first, before: records.length, pages, docs }, SMALL_PARTS);
    expect(result.manifest).toEqual(old.manifest);
    expect(result.parts.size).toBe(0);
  });
});
