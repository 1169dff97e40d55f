import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'mf' }],
  server: { host: '127.0.0.1', port: 3100 },
  plugins: [
    pluginModuleFederation({
      name: 'math_provider',
      exposes: { '.': './src/index.ts' },
      dts: false,
    }),
  ],
});
