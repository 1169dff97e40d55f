import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    { format: 'esm', output: { distPath: 'dist/esm' } },
    { format: 'cjs', output: { distPath: 'dist/cjs' } },
    { format: 'umd', umdName: 'Acme', output: { distPath: 'dist/umd' } },
  ],
  source: {
    define: {
      ACME_VERSION: JSON.stringify('1.2.3'),
    },
  },
});
