import { defineConfig } from '@rslib/core';

export default defineConfig({
  logLevel: 'info',
  lib: [{ format: 'esm', autoExternal: false }],
});
