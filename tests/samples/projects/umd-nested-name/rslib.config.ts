import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      format: 'umd',
      umdName: ['MyLibrary', 'Utils'],
    },
  ],
  output: { target: 'web' },
});
