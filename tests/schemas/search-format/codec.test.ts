import { describe, expect, it } from 'vitest';
import { decodeColumn, fieldColumns, frontCode, frontDecode, partsOf, partTable, spliceColumns } from '../../../schemas/search-format/codec.ts';
import { frontCodedCount, SEARCH_FIELDS } from '../../../schemas/search-format/format.ts';
import { PartTable } from '../../../schemas/search-index.ts';

describe('field length columns', () => {
  const lengths = [0, 1, 2, 9, 10, 31, 32, 35, 36, 37, 90, 91, 92, 200, 4095, 200_000, 300_000, 10 ** 12];
  const rows = lengths.map((length, i) => SEARCH_FIELDS.map((_, f) => (f === 0 ? length : (i * 7 + f) % 5)));

  it('keeps lengths below 32 exact and longer ones within a sixteenth, one character each up to some 30,000 terms', () => {
    const columns = fieldColumns(rows);
    expect(columns).toHaveLength(SEARCH_FIELDS.length);
    const decoded = decodeColumn(columns[0]!, rows.length);
    for (const [i, length] of lengths.entries()) {
      if (length < 32) expect(decoded[i]).toBe(length);
      else expect(Math.abs(decoded[i]! - length) / length, `${length} → ${decoded[i]}`).toBeLessThanOrEqual(1 / 16);
    }
    // Each length decodes to itself once more: a step's length is in its step.
    expect(decodeColumn(fieldColumns(Array.from(decoded, (length) => [length]))[0]!, rows.length)).toEqual(decoded);
    // The other fields' small lengths, exactly.
    for (const [f, column] of columns.entries()) if (f > 0) expect([...decodeColumn(column, rows.length)]).toEqual(rows.map((row) => row[f]));
    // 0 is the space, 1 is !, 2 skips the quote that JSON would escape; from 33,910 terms, ~step~.
    expect(columns[0]!.startsWith(' !#')).toBe(true);
    expect(columns[0]!.match(/~[0-9a-z]+~/g)).toHaveLength(3);
  });

  it('is JSON as it is: no character is escaped', () => {
    for (const column of fieldColumns(rows)) expect(JSON.stringify(column)).toBe(`"${column}"`);
  });

  it('splices one run of documents into columns as coding them all again would, long lengths on either side included', () => {
    const columns = fieldColumns(rows);
    const edited = rows.map((row) => row.map((length) => (length * 3 + 1) % 400_000));
    for (const [first, end] of [[0, 3], [12, 15], [13, 16], [14, 17], [5, 5], [15, rows.length], [0, rows.length]] as const) {
      const expected = fieldColumns([...rows.slice(0, first), ...edited.slice(first, end), ...rows.slice(end)]);
      expect(spliceColumns(columns, first, end, fieldColumns(edited.slice(first, end))), `${first}-${end}`).toEqual(expected);
    }
    expect(() => spliceColumns(columns, rows.length, rows.length + 1, fieldColumns([rows[0]!]))).toThrow('holds fewer documents');
  });

  it('refuses a length past its scale, a column of another document count or with a character it does not use', () => {
    expect(() => fieldColumns([[10 ** 15]])).toThrow('a field of 1000000000000000 terms is past the length scale');
    const [column] = fieldColumns(rows);
    expect(() => decodeColumn(column!, rows.length + 1)).toThrow(`a field length column holds ${rows.length} documents, not ${rows.length + 1}`);
    expect(() => decodeColumn(column!, rows.length - 1)).toThrow(`a field length column holds more than ${rows.length - 1} documents`);
    expect(() => decodeColumn('ab"c', 4)).toThrow('field length column unreadable at character 2 ("\\"c")');
    for (const bad of ['ab\\c', 'a~12', 'a~~b', 'a~1~', 'a~zz~', 'aé']) expect(() => decodeColumn(bad, 4), bad).toThrow(/unreadable at character 1|unreadable at character 2/);
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

describe('front coding of the term dictionary', () => {
  it('round-trips sorted terms, including long shared prefixes and CJK, as one string', () => {
    const terms = ['a', 'ab', 'abc', 'b', 'x'.repeat(50), `${'x'.repeat(50)}y`, `${'x'.repeat(40)}z`, '产物', '产物格式', '模块'].sort();
    const coded = frontCode(terms);
    expect(frontDecode(coded)).toEqual(terms);
    expect(frontCodedCount(coded)).toBe(terms.length);
    expect(frontCode(['bundle', 'bundler'])).toBe('0bundle 6r');
    expect(frontDecode(frontCode([]))).toEqual([]);
    expect(frontCodedCount('')).toBe(0);
  });

  it('refuses a term it could not store, and an entry that shares more than the term before has', () => {
    expect(() => frontCode(['a b'])).toThrow('the term "a b" cannot be stored');
    expect(() => frontCode(['a', ''])).toThrow(/cannot be stored/);
    expect(() => frontDecode('0ab 5c')).toThrow(/front-coded/);
    expect(() => frontDecode('0ab  0c')).toThrow(/front-coded/);
  });
});
