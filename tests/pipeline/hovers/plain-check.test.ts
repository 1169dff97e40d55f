import { describe, expect, it } from 'vitest';
import { plainConfigCheck } from '../../../pipeline/hovers/plain-check.ts';

const config = `import { defineConfig } from '@rslib/core';
import path from 'node:path';

export default defineConfig( // the config
  {
    lib: [{ format: 'esm', outBase: './src' }, { format: 'cjs', syntax: ['node 18'] }],
    source: { entry: { index: path.resolve('src/index.ts') } },
  },
);
export {};
`;

/** The line and column of every character of `text` (0-based). */
function places(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let line = 0;
  let column = 0;
  for (const char of text) {
    out.push([line, column]);
    if (char === '\n') [line, column] = [line + 1, 0];
    else column++;
  }
  return out;
}

describe("a config sample's plain form", () => {
  it("reads defineConfig's object as an RslibConfig, every place of the file up to the call's end where it was", () => {
    const plain = plainConfigCheck(config, '/p/sample-a.ts')!;
    expect(plain).toContain(") satisfies import('@rslib/core').RslibConfig;\nexport {};\n");
    // The object's text is where it was, line for line and column for column; the call's own text is blank.
    const object = config.slice(config.indexOf('{\n    lib'), config.indexOf('},\n);') + 1);
    const start = config.indexOf(object);
    expect(plain.slice(start, start + object.length)).toBe(object);
    const end = config.indexOf(');\nexport') + 1;
    expect(places(plain).slice(0, end)).toEqual(places(config).slice(0, end));
    expect(plain.slice(0, end)).toMatch(/^[^]*export default \(\s+\{[^]*\}\s+\)$/);
    // Imports and the rest of the file as they were.
    expect(plain.slice(0, config.indexOf('export default'))).toBe(config.slice(0, config.indexOf('export default')));
  });

  it('follows defineConfig by its local name, in TypeScript files only', () => {
    const renamed = config.replace('{ defineConfig }', '{ defineConfig as define }').replace('defineConfig(', 'define(');
    expect(plainConfigCheck(renamed, '/p/sample-b.mts')).toContain('satisfies');
    expect(plainConfigCheck(config, '/p/sample-c.mjs')).toBeNull();
    expect(plainConfigCheck(config, '/p/types.d.ts')).toBeNull();
  });

  it('leaves a sample as written where the call may check otherwise or its imports may resolve otherwise', () => {
    const cases = {
      // Something TypeScript types from the call: a callback, a method, a getter.
      callback: config.replace("entry: { index: path.resolve('src/index.ts') }", 'entry: { index: [1].map((n) => String(n)) }'),
      method: config.replace("source: { entry: { index: path.resolve('src/index.ts') } },", 'tools: { rspack(config) { return config; } },'),
      getter: config.replace("source: { entry: { index: path.resolve('src/index.ts') } },", 'get source() { return {}; },'),
      // A function config, type arguments, another argument.
      function: "import { defineConfig } from '@rslib/core';\nexport default defineConfig(() => ({ lib: [] }));\n",
      typeArguments: "import { defineConfig, type RslibConfig } from '@rslib/core';\nexport default defineConfig<RslibConfig, RslibConfig>({ lib: [] });\n",
      variable: "import { defineConfig } from '@rslib/core';\nconst config = { lib: [] };\nexport default defineConfig(config);\n",
      // Not @rslib/core's defineConfig, or only its type.
      otherModule: config.replace("from '@rslib/core'", "from '@rsbuild/core'"),
      typeOnly: "import { type defineConfig } from '@rslib/core';\nexport default defineConfig({ lib: [] });\n",
      // Modules of its own: the plain form is read from another folder.
      relativeImport: `import { shared } from './shared';\n${config}`,
      aliasImport: `import { shared } from '@/shared';\n${config}`,
      dynamicImport: config.replace("path.resolve('src/index.ts')", "import('./entry')"),
      reference: `/// <reference path="./env.d.ts" />\n${config}`,
      // Broken syntax: its errors are the compiler's to report, as written.
      broken: config.replace('lib: [', 'lib: [[['),
    };
    for (const [name, text] of Object.entries(cases)) expect(plainConfigCheck(text, '/p/sample-d.ts'), name).toBeNull();
  });
});
