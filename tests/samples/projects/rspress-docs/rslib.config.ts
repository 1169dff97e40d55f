import { defineConfig } from '@rslib/core';

export default defineConfig({
  dts: true,
});
