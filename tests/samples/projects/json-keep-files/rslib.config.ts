import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      format: 'esm',
      bundle: false,
      source: {
        entry: {
          index: ['./src/**', '!./src/**/*.json'],
        },
      },
      output: {
        externals: [/.*\.json$/],
        copy: [{ from: './**/*.json', context: './src' }],
      },
    },
  ],
});
