import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm' }],
  // @ts-expect-error: an array is not a valid entry, yet the build takes it
  source: { entry: ['./src/index.ts'] },
});
