import { defineConfig } from '@rslib/core';

export default defineConfig({
  logLevel: 'warn',
  lib: [
    {
      format: 'esm',
      // Deprecated: Rslib warns about it, even at the 'warn' level
      autoExternal: false,
    },
  ],
});
