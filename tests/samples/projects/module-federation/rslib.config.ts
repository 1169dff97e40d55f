import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'mf' }],
  plugins: [
    pluginModuleFederation({
      name: 'math_provider',
      exposes: { '.': './src/index.ts' },
    }),
  ],
});
