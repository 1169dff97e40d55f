import { describe, expect, it } from 'vitest';
import { mergeRanges, parseTagged, snippet, toSegments } from '../../../renderer/search/engine/highlight.ts';

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
  it('gives the same segments for ranges as given (unsorted, touching, overlapping, empty, past the end) as for them merged', () => {
    const text = '模块联邦 and module federation';
    const cases = [
      [{ start: 2, end: 4 }, { start: 0, end: 2 }],
      [{ start: 0, end: 2 }, { start: 2, end: 4 }],
      [{ start: 9, end: 15 }, { start: 5, end: 8 }, { start: 12, end: 26 }],
      [{ start: 3, end: 3 }, { start: 16, end: 40 }],
      [{ start: 5, end: 8 }, { start: 5, end: 8 }],
    ];
    for (const ranges of cases) {
      const merged = mergeRanges(ranges);
      const segments = toSegments(text, ranges);
      expect(segments).toEqual(toSegments(text, merged));
      // What is marked is exactly the merged ranges, cut at the end of the text.
      let at = 0;
      const marked = segments.flatMap((s) => (at += s.text.length, s.match ? [{ start: at - s.text.length, end: at }] : []));
      expect(marked).toEqual(merged.map((r) => ({ start: r.start, end: Math.min(r.end, text.length) })));
      expect(segments.map((s) => s.text).join('')).toBe(text);
    }
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
  it('ends where the text ends when the match is near the end, and marks the match in the window', () => {
    const at = text.indexOf('fourteen');
    const s = snippet(text, [{ start: at, end: at + 8 }], 5);
    expect(s.map((x) => x.text).join('')).toBe('…eleven twelve thirteen fourteen fifteen');
    expect(s.filter((x) => x.match).map((x) => x.text)).toEqual(['fourteen']);
    // The window is the whole text: no ellipsis either side.
    expect(snippet('one two', [{ start: 4, end: 7 }], 5).map((x) => x.text).join('')).toBe('one two');
    // A match past the last word (in trailing space) starts the window at the beginning.
    expect(snippet('one two three   ', [{ start: 14, end: 16 }], 2).map((x) => x.text).join('')).toBe('one two…');
  });
  it('gives every window of a long text as a reading of the whole text would', () => {
    // The reference: every unit of the text, then the window around the first match.
    const reference = (source: string, start: number, words: number): string => {
      const units = [...source.matchAll(/[\p{Script=Han}]{1,2}|[^\s\p{Script=Han}]+/gu)].map((m) => [m.index, m.index + m[0].length] as const);
      const hit = Math.max(0, units.findIndex(([, end]) => end > start));
      const from = Math.max(0, Math.min(hit - Math.floor((words - 1) / 3), units.length - words));
      const to = Math.min(units.length, from + words);
      return `${from > 0 ? '…' : ''}${source.slice(units[from]![0], units[to - 1]![1])}${to < units.length ? '…' : ''}`;
    };
    const long = Array.from({ length: 60 }, (_, i) => (i % 7 === 3 ? '构建模块产物' : `word${i}`)).join(' ');
    for (const words of [1, 4, 10]) {
      for (let start = 0; start < long.length; start += 7) {
        const got = snippet(long, [{ start, end: start + 1 }], words).map((x) => x.text).join('');
        expect(got, `${words} words, match at ${start}`).toBe(reference(long, start, words));
      }
    }
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
