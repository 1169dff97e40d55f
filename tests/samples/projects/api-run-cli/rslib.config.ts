import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    { id: 'esm', format: 'esm' },
    { id: 'cjs', format: 'cjs' },
  ],
});
