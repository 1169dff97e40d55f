import { describe, expect, it } from 'vitest';
import { analyzeRecords } from '../../../pipeline/search/index.ts';
import { updateSearchIndex, type SearchIndexBase, type SearchPage } from '../../../pipeline/search/index-patch.ts';
import type { SearchRecord } from '../../../schemas/search.ts';
import { generatedRecords } from '../../search/fixtures.ts';

/** Records grouped into pages by URL path, each with a hash of its records. */
function pagesOf(records: SearchRecord[]): SearchPage[] {
  const pages = new Map<string, SearchRecord[]>();
  for (const record of records) {
    const route = record.url.split('#')[0]!;
    pages.set(route, [...(pages.get(route) ?? []), record]);
  }
  return [...pages].map(([route, list]) => ({ route, hash: JSON.stringify(list), records: list }));
}

/** The pages after an edit: the listed pages take their records from `edited`, knowing their previous ones. */
function edit(before: SearchPage[], edited: SearchPage[], indexes: number[]): SearchPage[] {
  return before.map((page, i) => (indexes.includes(i) ? { ...edited[i]!, previous: { hash: page.hash, records: page.records } } : page));
}

const full = (pages: SearchPage[]) => analyzeRecords(pages.flatMap((p) => p.records), 'segmenter');

describe('updateSearchIndex', () => {
  for (const lang of ['en', 'zh'] as const) {
    const before = pagesOf(generatedRecords(lang, 120));
    // Same pages and sections, other words: every page has changed in `other`.
    const other = pagesOf(generatedRecords(lang, 120, 99));
    const base = (): SearchIndexBase => updateSearchIndex(before, null, 'segmenter').base;

    it(`${lang}: patches the changed pages to exactly what a full analysis gives`, () => {
      for (const changed of [[0], [57], [119], [3, 40, 41, 118]]) {
        const after = edit(before, other, changed);
        const result = updateSearchIndex(after, base(), 'segmenter');
        expect(result.patched, String(changed)).toBe(true);
        expect(result.index, String(changed)).toEqual(full(after));
        expect(result.base.hashes).toEqual(after.map((p) => p.hash));
      }
    });

    it(`${lang}: patches an edit to one section, and a page whose records did not change at all`, () => {
      const page = 11; // four sections
      const words = lang === 'en' ? ' federation zzzsectionword' : '联邦文字';
      const sectionEdited = before[page]!.records.map((r, i) => (i === 2 ? { ...r, content: `${r.content}${words}` } : r));
      const hashOnly = [...before[page + 1]!.records];
      const after = edit(before, before.map((p, i) => (i === page ? { ...p, hash: 'section', records: sectionEdited } : i === page + 1 ? { ...p, hash: 'same records', records: hashOnly } : p)), [page, page + 1]);
      const result = updateSearchIndex(after, base(), 'segmenter');
      expect(result.patched).toBe(true);
      expect(result.index).toEqual(full(after));
      expect(result.base.hashes[page + 1]).toBe('same records');
    });

    it(`${lang}: adds terms no page had and drops terms no page has any more`, () => {
      const page = before[10]!;
      // Terms of page 10 alone: its number is in its title and its code.
      const others = new Set(full(before.filter((p) => p !== page)).terms);
      const own = analyzeRecords(page.records, 'segmenter').terms.filter((t) => !others.has(t));
      expect(own.length).toBeGreaterThan(0);
      const renamed = page.records.map((r, i) => ({ ...r, content: i === 0 ? 'zzzonlyhere' : r.content, code: '', hierarchy: { ...r.hierarchy, lvl1: 'Renamed' } }));
      const after = edit(before, before.map((p, i) => (i === 10 ? { ...p, hash: 'edited', records: renamed } : p)), [10]);
      const result = updateSearchIndex(after, base(), 'segmenter');
      expect(result.patched).toBe(true);
      expect(result.index.terms).toContain('zzzonlyhere');
      for (const term of own) expect(result.index.terms).not.toContain(term);
      expect(result.index).toEqual(full(after));
    });

    it(`${lang}: analyzes everything again when document ids would move or the old records are unknown`, () => {
      const fewer = before.map((p, i) => (i === 5 ? { ...p, hash: 'fewer', records: p.records.slice(0, 1), previous: { hash: p.hash, records: p.records } } : p));
      const unknown = before.map((p, i) => (i === 6 ? { ...other[i]! } : p));
      const added = [...before, { route: '/new', hash: 'new', records: other[1]!.records.map((r) => ({ ...r, objectID: `${r.objectID}-new` })) }];
      for (const [name, after] of [['fewer sections', fewer], ['unknown previous records', unknown], ['a new page', added]] as const) {
        const result = updateSearchIndex(after, base(), 'segmenter');
        expect(result.patched, name).toBe(false);
        expect(result.index, name).toEqual(full(after));
      }
      expect(updateSearchIndex(before, { ...base(), cjk: 'char' }, 'segmenter').patched).toBe(false);
      expect(updateSearchIndex(before, { ...base(), analyzer: -1 }, 'segmenter').patched).toBe(false);
    });

    it(`${lang}: keeps the base as it is when nothing changed`, () => {
      const start = base();
      const result = updateSearchIndex(before, start, 'segmenter');
      expect(result.patched).toBe(true);
      expect(result.index).toBe(start.index);
    });
  }
});
