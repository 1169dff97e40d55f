import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm' }],
  resolve: {
    alias: {
      lodash: 'lodash-es',
    },
  },
  output: {
    externals: {
      react: 'preact/compat',
    },
  },
});
