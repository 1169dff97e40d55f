import { describe, expect, it } from 'vitest';
import { decodeColumn, fieldColumns, partsOf, partTable } from '../../../schemas/search-format/codec.ts';
import { SEARCH_FIELDS } from '../../../schemas/search-format/format.ts';
import { PartTable } from '../../../schemas/search-index.ts';

describe('field length columns', () => {
  const lengths = [0, 1, 2, 9, 10, 35, 36, 90, 91, 92, 93, 200, 4095, 123_456];
  const rows = lengths.map((length, i) => SEARCH_FIELDS.map((_, f) => (f === 0 ? length : (i * 7 + f) % 5)));

  it('round-trips every length, one character each below 92', () => {
    const columns = fieldColumns(rows);
    expect(columns).toHaveLength(SEARCH_FIELDS.length);
    for (const [f, column] of columns.entries()) expect(decodeColumn(column, rows.length)).toEqual(rows.map((row) => row[f]));
    // The small ones are one character each; 92 and up are ~base36~.
    expect(columns[0]!.length).toBe(9 + ['~2k~', '~2l~', '~5k~', '~35r~', '~2n9c~'].join('').length);
    // 0 is the space, 1 is !, 2 skips the quote that JSON would escape.
    expect(columns[0]!.startsWith(' !#')).toBe(true);
  });

  it('is JSON as it is: no character is escaped', () => {
    for (const column of fieldColumns(rows)) expect(JSON.stringify(column)).toBe(`"${column}"`);
  });

  it('refuses a column of another document count or with a character it does not use', () => {
    const [column] = fieldColumns(rows);
    expect(() => decodeColumn(column!, rows.length + 1)).toThrow(/document count/);
    for (const bad of ['ab"c', 'ab\\c', 'a~12', 'a~~b', 'a~1~', 'aé']) expect(() => decodeColumn(bad, 4), bad).toThrow(/document count/);
  });
});

describe('part tables', () => {
  const parts = [
    { file: 'zh/r-0123456789.json', first: 0 },
    { file: 'zh/r-abcdefabcd.json', first: 35 },
    { file: 'zh/r-ffffffffff.json', first: 1000 },
  ];

  it('round-trips a part list as two columns', () => {
    const table = partTable('zh', 'r', parts);
    expect(table).toEqual({ hashes: '0123456789abcdefabcdffffffffff', firsts: '0,z,qt' });
    expect(PartTable.parse(table)).toEqual(table);
    expect(partsOf('zh', 'r', table)).toEqual(parts);
    expect(partsOf('en', 'p', partTable('en', 'p', []))).toEqual([]);
  });

  it('refuses a file not named as a part of that kind and language, and firsts that do not ascend', () => {
    expect(() => partTable('en', 'r', parts)).toThrow('zh/r-0123456789.json is not the name of a r part of en');
    expect(() => partTable('zh', 'p', parts)).toThrow(/not the name of a p part/);
    expect(() => partsOf('zh', 'r', { hashes: '0123456789abcdefabcd', firsts: '0,0' })).toThrow(/do not ascend/);
    expect(() => partsOf('zh', 'r', { hashes: '0123456789', firsts: '0,1' })).toThrow(/differ in length/);
    expect(PartTable.safeParse({ hashes: '0123456789', firsts: '0,1' }).success).toBe(false);
  });
});
