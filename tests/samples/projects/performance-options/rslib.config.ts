import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm' }],
  performance: {
    // Drop console.log calls, keep console.warn and the others
    removeConsole: ['log'],
    // No file size table after the build
    printFileSize: false,
    // No persistent cache in node_modules/.cache
    buildCache: false,
  },
});
