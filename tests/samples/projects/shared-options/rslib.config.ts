import { defineConfig } from '@rslib/core';

// Set once at the top level, these apply to every lib; a lib can still override them.
export default defineConfig({
  syntax: 'es2015',
  banner: { js: '/* shared banner */' },
  lib: [
    { format: 'esm' },
    { format: 'cjs', banner: { js: '/* cjs banner */' } },
  ],
});
