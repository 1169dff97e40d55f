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
    // A script file of an example project is a sample of its own kind, read among the project's files.
    expect(sampleOfBlock('ts', 'src/index.ts', undefined, 'export const a = 1;', 'bundle-one-file')).toEqual({ lang: 'ts', title: 'src/index.ts', mode: 'module', code: 'export const a = 1;', project: 'bundle-one-file' });
    expect(sampleOfBlock('css', 'src/index.css', undefined, 'a {}', 'css-bundle')).toBeNull();
    // A config file of a project stays a config sample, checked as check:samples checks it.
    expect(sampleOfBlock('ts', 'rslib.config.ts', undefined, "import { defineConfig } from '@rslib/core';", 'bundle-one-file')).not.toHaveProperty('project');
    expect(sampleOfBlock('json', 'rslib.config.ts', undefined, '{}')).toBeNull();
  });
});
