import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm', shims: { esm: { require: true } } }],
  output: { target: 'node' },
});
