import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm' }],
  output: {
    // CSS files are only written for the web target
    target: 'web',
  },
});
