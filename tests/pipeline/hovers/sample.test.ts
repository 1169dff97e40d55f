import { describe, expect, it } from 'vitest';
import { isConfigSample, isFileTitle, pageFilesAround, sampleOfBlock, splitQueries } from '../../../pipeline/hovers/sample.ts';

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
    // A script file of an example project is a sample of its own kind, read among the project's files.
    expect(sampleOfBlock('ts', 'src/index.ts', undefined, 'export const a = 1;', 'bundle-one-file')).toEqual({ lang: 'ts', title: 'src/index.ts', mode: 'module', code: 'export const a = 1;', project: 'bundle-one-file' });
    expect(sampleOfBlock('css', 'src/index.css', undefined, 'a {}', 'css-bundle')).toBeNull();
    // A config file of a project stays a config sample, checked as check:samples checks it.
    expect(sampleOfBlock('ts', 'rslib.config.ts', undefined, "import { defineConfig } from '@rslib/core';", 'bundle-one-file')).not.toHaveProperty('project');
    expect(sampleOfBlock('json', 'rslib.config.ts', undefined, '{}')).toBeNull();
  });

  it('reads any other script file a page shows among the page\'s other files, by their titles', () => {
    const files: Array<[string, string]> = [['src/util.ts', 'export const b = 2;']];
    expect(sampleOfBlock('ts', 'src/index.ts', undefined, "import { b } from './util';", undefined, files)).toEqual({ lang: 'ts', title: 'src/index.ts', mode: 'module', code: "import { b } from './util';", files });
    expect(sampleOfBlock('js', 'dist/index.js', undefined, 'export {};')).toMatchObject({ files: [] });
    // Not a file: untitled, a caption, a path out of the project, another language; and a file the writer skipped.
    expect(sampleOfBlock('ts', undefined, undefined, 'export const a = 1;')).toBeNull();
    expect(sampleOfBlock('ts', 'Rslib preset (mf)', undefined, 'export const a = 1;')).toBeNull();
    expect(sampleOfBlock('ts', '../outside.ts', undefined, 'export const a = 1;')).toBeNull();
    expect(sampleOfBlock('json', 'src/data.json', undefined, '{}')).toBeNull();
    expect(sampleOfBlock('js', 'dist/index.js', 'skip', 'export {};')).toBeNull();
    expect([isFileTitle('.storybook/main.ts'), isFileTitle('tsconfig.json'), isFileTitle('/abs.ts'), isFileTitle('src/./a.ts'), isFileTitle('a b.ts')]).toEqual([true, true, false, false, false]);
    // A declaration file that references @rslib/core's types declares; it is no config.
    expect(isConfigSample('ts', 'src/env.d.ts', '/// <reference types="@rslib/core/types" />')).toBe(false);
    expect(isConfigSample('ts', 'scripts/build.ts', "import { build } from '@rslib/core';")).toBe(true);
  });

  it("gives a page's file the nearest other file of each title above it, else the first below, of those it may read", () => {
    const blocks = [
      { title: 'src/env.d.ts', code: 'first' },
      { title: 'src/index.ts', code: "import { u } from './util';" },
      { title: 'src/env.d.ts', code: 'second' },
      { code: 'untitled' },
      { title: 'Output', code: 'caption' },
      { title: 'src/index.ts', code: "import { u } from './util.js';\nimport data from './data.json';" },
      { title: 'src/util.ts', code: "export { f } from './format';" },
      { title: 'src/utils/format.ts', code: 'export const f = 1;' },
      { title: 'src/data.json', code: '{}' },
      { title: 'src/unused.ts', code: 'export {};' },
      { title: 'tsconfig.json', code: '{}' },
      { title: 'dist/index.js', code: "import { sum } from '@/math';\nimport { x } from '@scope/pkg';" },
    ];
    // Declaration files always; the files it imports, and what they import; never its own title; the nearest above, else the first below.
    expect(pageFilesAround(blocks, 1).map(([title, code]) => [title, code])).toEqual([['src/env.d.ts', 'first'], ['src/util.ts', "export { f } from './format';"], ['src/utils/format.ts', 'export const f = 1;']]);
    expect(pageFilesAround(blocks, 5).map(([title]) => title)).toEqual(['src/data.json', 'src/env.d.ts', 'src/util.ts', 'src/utils/format.ts']);
    expect(pageFilesAround(blocks, 5)[1]).toEqual(['src/env.d.ts', 'second']);
    // An alias reads the tsconfig.json the page shows; a package does not.
    expect(pageFilesAround(blocks, 11).map(([title]) => title)).toEqual(['src/env.d.ts', 'tsconfig.json']);
  });
});
