import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      format: 'esm',
      // one output file per source file, as tsc writes them
      bundle: false,
      // declaration files next to them, as tsc's "declaration": true did
      dts: true,
    },
  ],
});
