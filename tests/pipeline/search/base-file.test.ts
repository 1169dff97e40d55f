import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { decodeSearchBase, encodeSearchBase } from '../../../pipeline/search/base-file.ts';
import { updateSearchIndex, type SearchIndexBase, type SearchPage } from '../../../pipeline/search/index-patch.ts';
import { generatedRecords } from '../../search/fixtures.ts';

function baseOf(lang: 'en' | 'zh'): SearchIndexBase {
  const pages: SearchPage[] = generatedRecords(lang, 40).map((record, i) => ({ route: `/p${i}`, hash: String(i), records: [record] }));
  return updateSearchIndex(pages, null, 'segmenter').base;
}

describe('the search base file', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: reads back as the base it was written from`, () => {
      const base = baseOf(lang);
      expect(base.index.terms.length).toBeGreaterThan(40);
      expect(decodeSearchBase(encodeSearchBase(base))).toEqual(base);
    });
  }

  it('reads back an empty index', () => {
    const base = updateSearchIndex([], null, 'segmenter').base;
    expect(base.index.terms).toEqual([]);
    expect(decodeSearchBase(encodeSearchBase(base))).toEqual(base);
  });

  it('takes a base it cannot read back whole as absent', () => {
    const base = baseOf('en');
    // A term holding the separator would split into two: the counts no longer match.
    const odd = { ...base, index: { ...base.index, terms: base.index.terms.map((t, i) => (i === 5 ? `${t}\0x` : t)) } };
    expect(decodeSearchBase(encodeSearchBase(odd))).toBeNull();
    // A base an older version wrote as V8 serialized it whole.
    expect(decodeSearchBase(serialize(base))).toBeNull();
    expect(decodeSearchBase(serialize(42))).toBeNull();
  });

  it('refuses to write a document without a length for every field', () => {
    const base = baseOf('en');
    const short = { ...base, index: { ...base.index, fieldLength: base.index.fieldLength.map((row, i) => (i === 3 ? row.slice(1) : row)) } };
    expect(() => encodeSearchBase(short)).toThrow(/document 3 has 6 field lengths/);
  });
});
