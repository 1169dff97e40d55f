import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      format: 'esm',
      dts: true,
      footer: {
        js: '/*! end of my-lib */',
        css: '/*! end of my-lib styles */',
        dts: '/*! end of my-lib types */',
      },
    },
  ],
  output: {
    target: 'web',
  },
});
