import { describe, expect, it } from 'vitest';
import { cutAtLine, sectionsOf } from '../../../mcp/src/pages/sections.ts';

const toc = [
  { text: 'Install', id: 'install', depth: 2, charIndex: 0 },
  { text: 'With npm', id: 'with-npm', depth: 3, charIndex: 0 },
  { text: 'Use', id: 'use', depth: 2, charIndex: 0 },
];

describe('sectionsOf', () => {
  it('pairs the twin headings with the outline in order, outside ``` and ~~~ fences, each section to the next of its level', () => {
    const markdown = ['# Title', '', 'Intro.', '', '## Install', '', '~~~md', '## Not one', '~~~', '', '### With npm', '', '```sh', '# comment', '```', '', '## Use', '', 'Text.', ''].join('\n');
    const sections = sectionsOf(markdown, toc);
    expect(sections.map((s) => [s.id, markdown.slice(s.start, s.end).split('\n')[0]])).toEqual([
      [null, '# Title'],
      ['install', '## Install'],
      ['with-npm', '### With npm'],
      ['use', '## Use'],
    ]);
    const install = sections[1]!;
    expect(markdown.slice(install.start, install.end)).toContain('### With npm');
    expect(markdown.slice(install.start, install.end)).not.toContain('## Use');
    expect(sections[3]!.end).toBe(markdown.length);
  });

  it('leaves a heading the outline does not list inside the section above it', () => {
    const markdown = '# T\n\n## Install\n\n#### Aside\n\n### With npm\n\n## Use\n';
    expect(sectionsOf(markdown, toc).map((s) => s.id)).toEqual([null, 'install', 'with-npm', 'use']);
  });
});

describe('cutAtLine', () => {
  it('cuts at the last line end within the limit, or at the limit for one long line', () => {
    expect(cutAtLine('aaaa\nbbbb\ncccc\n', 12)).toEqual({ text: 'aaaa\nbbbb\n', cut: true });
    expect(cutAtLine('x'.repeat(30), 10)).toEqual({ text: 'x'.repeat(10), cut: true });
    expect(cutAtLine('short\n', 10)).toEqual({ text: 'short\n', cut: false });
  });
});
