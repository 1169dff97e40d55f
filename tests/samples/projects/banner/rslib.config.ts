import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      format: 'esm',
      dts: true,
      banner: {
        js: '/*! my-lib v1.0.0 | MIT License */',
        css: '/*! my-lib styles */',
        dts: '/*! my-lib types */',
      },
    },
  ],
  output: {
    target: 'web',
  },
});
