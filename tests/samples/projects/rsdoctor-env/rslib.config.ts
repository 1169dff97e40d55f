import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    // one folder per lib: each lib writes its own Rsdoctor report into its output folder
    { format: 'esm', output: { distPath: 'dist/esm' } },
    { format: 'cjs', output: { distPath: 'dist/cjs' } },
  ],
});
