import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    { format: 'esm', id: 'my-lib-a', output: { distPath: 'dist/a' } },
    { format: 'cjs', id: 'my-lib-b', output: { distPath: 'dist/b' } },
    { format: 'esm', output: { distPath: 'dist/esm-es2015' }, syntax: 'es2015' }, // id: esm0
    { format: 'esm', output: { distPath: 'dist/esm-es5' }, syntax: 'es5' }, // id: esm1
  ],
});
