import { describe, expect, it } from 'vitest';
import { splitHoistedLinks } from '../../../renderer/prerender/pages.ts';

describe('splitHoistedLinks', () => {
  it('takes the links React hoisted to the start of the markup, and only those', () => {
    const markup = '<link rel="preload" as="image" href="/logo.svg"/><link rel="preload" as="image" href="/b.png"/><!--$--><main><link rel="stylesheet" href="/x.css"/></main>';
    expect(splitHoistedLinks(markup)).toEqual({
      hoisted: ['<link rel="preload" as="image" href="/logo.svg"/>', '<link rel="preload" as="image" href="/b.png"/>'],
      app: '<!--$--><main><link rel="stylesheet" href="/x.css"/></main>',
    });
  });

  it('leaves markup without hoisted links as it is', () => {
    expect(splitHoistedLinks('<main>text</main>')).toEqual({ hoisted: [], app: '<main>text</main>' });
  });
});
