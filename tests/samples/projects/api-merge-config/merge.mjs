import { createRslib, defineConfig, mergeRslibConfig } from '@rslib/core';

// What every package of the repository shares.
const base = defineConfig({
  lib: [
    { id: 'esm', format: 'esm', syntax: 'es2022' },
    { id: 'cjs', format: 'cjs', syntax: 'es2022' },
  ],
  output: { target: 'node' },
});

// What this package changes: lib items with the same `id` are merged, others are added.
const overrides = defineConfig({
  lib: [
    { id: 'cjs', syntax: 'es2015' },
    { id: 'umd', format: 'umd', umdName: 'Sum', output: { distPath: 'dist/umd' } },
  ],
  output: { minify: true },
});

const config = mergeRslibConfig(base, overrides);
for (const lib of config.lib ?? []) console.log(`${lib.id}: ${lib.format} ${lib.syntax ?? ''}`);
console.log('output:', config.output);

const rslib = await createRslib({ config });
const { close } = await rslib.build();
await close();
