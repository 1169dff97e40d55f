import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    { format: 'esm', output: { distPath: 'dist/esm' } },
    { format: 'cjs', output: { distPath: 'dist/cjs' } },
    {
      format: 'iife',
      source: { entry: { page: './src/page.ts' } },
      output: { distPath: 'dist/iife', target: 'web', externals: { react: 'React' } },
    },
  ],
});
