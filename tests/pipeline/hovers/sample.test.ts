import { describe, expect, it } from 'vitest';
import { sampleOfBlock, splitQueries } from '../../../pipeline/hovers/sample.ts';

describe('samples', () => {
  it('takes // ^? lines out of the code a reader sees, pointing each at the line above', () => {
    expect(splitQueries('const a = 1;\n//    ^?\nconst b = a;')).toEqual({ shown: 'const a = 1;\nconst b = a;', queries: [{ rawLine: 0, line: 0, column: 6 }], shownLine: [0, -1, 1] });
    // With no line above it, a query stays as written.
    expect(splitQueries('// ^?\nx').shown).toBe('// ^?\nx');
  });

  it('asks about the config samples check:samples checks, and no others', () => {
    expect(sampleOfBlock('ts', 'rslib.config.ts', 'lib', 'format: "esm",')).toMatchObject({ mode: 'lib' });
    expect(sampleOfBlock('ts', undefined, undefined, "import { defineConfig } from '@rslib/core';")).toMatchObject({ mode: 'module' });
    expect(sampleOfBlock('ts', 'rslib.config.ts', 'skip', 'anything')).toBeNull();
    expect(sampleOfBlock('ts', 'src/index.ts', undefined, 'export const a = 1;')).toBeNull();
    expect(sampleOfBlock('json', 'rslib.config.ts', undefined, '{}')).toBeNull();
  });
});
