import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    { format: 'esm', output: { distPath: 'dist/esm' } },
    { format: 'cjs', output: { distPath: 'dist/cjs' } },
  ],
});
