import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      format: 'cjs',
      bundle: false,
      outBase: './src',
      source: {
        entry: {
          index: './src/**',
        },
      },
    },
  ],
});
