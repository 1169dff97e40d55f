import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm' }],
  source: { define: { CONFIG_NODE_ENV: JSON.stringify(`node-env-${process.env.NODE_ENV}`) } },
});
