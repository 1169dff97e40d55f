import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm', shims: { esm: { __dirname: true, __filename: true } } }],
  output: { target: 'node' },
});
