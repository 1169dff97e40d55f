import { describe, expect, it } from 'vitest';
import { fencedBlocks, mayHaveSamples, samplesOfPage } from '../../../pipeline/hovers/page-samples.ts';

const fence = (info: string, code: string, indent = '') => [`${indent}\`\`\`${info}`, ...code.split('\n').map((line) => `${indent}${line}`), `${indent}\`\`\``].join('\n');
const config = "import { defineConfig } from '@rslib/core';\nexport default defineConfig({});";

describe('the samples of a page', () => {
  it('finds each config sample as the highlight stage will show it, in a list or a quote too', () => {
    const page = ['# Page', '', fence('ts', config), '', `1. Then:\n\n${fence('js title="rslib.config.mjs"', 'export default {};', '   ')}`, '', `> ${fence('TS', config).split('\n').join('\n> ')}`, ''].join('\n');
    expect(mayHaveSamples(page)).toBe(true);
    expect(samplesOfPage(page).map((s) => [s.lang, s.title, s.code])).toEqual([
      ['ts', undefined, config],
      ['js', 'rslib.config.mjs', 'export default {};'],
      ['ts', undefined, config],
    ]);
  });

  it('skips, without parsing, a page whose script blocks are all check="skip" or that names no config', () => {
    const skipped = ['# Page', '', fence('ts check="skip" reason="a fragment"', config), '', fence("js check='skip'", config), ''].join('\n');
    expect(mayHaveSamples(skipped)).toBe(false);
    expect(samplesOfPage(skipped)).toEqual([]);
    expect(mayHaveSamples(['# Page', '', fence('ts', 'export const a = 1;'), ''].join('\n'))).toBe(false);
    // JSON or shell blocks that mention @rslib/core are not samples either.
    expect(mayHaveSamples(['# Page', '', fence('json', '{ "devDependencies": { "@rslib/core": "^1.0.0" } }'), ''].join('\n'))).toBe(false);
  });

  it('reads fences as CommonMark does: tildes, a longer closing fence, a fence inside a longer one', () => {
    const source = ['~~~ts title="a.ts"', 'const a = 1;', '~~~~', '', '````md', '```ts', 'not a block of its own', '```', '````', '', '- item', '', '  ```js', '  const b = 2;', '  ```', ''].join('\n');
    expect(fencedBlocks(source)).toEqual([
      ['ts title="a.ts"', 'const a = 1;'],
      ['md', '```ts\nnot a block of its own\n```'],
      ['js', 'const b = 2;'],
    ]);
  });
});
