import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      id: 'esm',
      format: 'esm',
      dts: true,
      source: {
        define: {
          PACKAGE_VERSION: JSON.stringify('1.0.0'),
        },
      },
    },
  ],
  resolve: {
    alias: {
      '@': './src',
    },
  },
});
