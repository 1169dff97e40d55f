import { describe, expect, it } from 'vitest';
import { mergeRanges, parseTagged, snippet, toSegments } from '../../renderer/search/highlight.ts';

describe('toSegments', () => {
  it('splits text into matched and unmatched runs', () => {
    expect(toSegments('hello world', [{ start: 6, end: 11 }])).toEqual([
      { text: 'hello ', match: false },
      { text: 'world', match: true },
    ]);
  });
  it('merges touching ranges (consecutive CJK pairs)', () => {
    expect(mergeRanges([{ start: 2, end: 4 }, { start: 0, end: 2 }, { start: 3, end: 5 }])).toEqual([{ start: 0, end: 5 }]);
  });
  it('returns one unmatched segment without ranges', () => {
    expect(toSegments('abc', [])).toEqual([{ text: 'abc', match: false }]);
  });
});

describe('snippet', () => {
  const text = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';
  it('keeps the given number of words around the first match, with ellipses', () => {
    const at = text.indexOf('twelve');
    const s = snippet(text, [{ start: at, end: at + 6 }], 5);
    expect(s.map((x) => x.text).join('')).toBe('…eleven twelve thirteen fourteen fifteen');
    expect(s.find((x) => x.match)?.text).toBe('twelve');
  });
  it('starts at the beginning when nothing matched', () => {
    expect(snippet(text, [], 3).map((x) => x.text).join('')).toBe('one two three…');
  });
  it('counts two Chinese characters as one word', () => {
    const zh = '本章介绍如何使用构建模块联邦格式的产物';
    const at = zh.indexOf('模块');
    const s = snippet(zh, [{ start: at, end: at + 4 }], 4);
    expect(s.map((x) => x.text).join('')).toBe('…构建模块联邦格式…');
  });
});

describe('parseTagged', () => {
  it('splits on the requested tags and decodes entities, leaving other markup as text', () => {
    expect(parseTagged('a &lt;b&gt; <mark>auto</mark>External <img src=x>', '<mark>', '</mark>')).toEqual([
      { text: 'a <b> ', match: false },
      { text: 'auto', match: true },
      { text: 'External <img src=x>', match: false },
    ]);
  });
  it('treats an unclosed tag as marked to the end', () => {
    expect(parseTagged('x<mark>y', '<mark>', '</mark>')).toEqual([
      { text: 'x', match: false },
      { text: 'y', match: true },
    ]);
  });
});
