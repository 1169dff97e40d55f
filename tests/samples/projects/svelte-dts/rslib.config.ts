import { pluginSvelte } from '@rsbuild/plugin-svelte';
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      format: 'esm',
      bundle: false,
      dts: true,
    },
  ],
  output: {
    target: 'web',
  },
  plugins: [
    pluginSvelte({
      // Svelte 5 strips the types of <script lang="ts"> itself; svelte-preprocess's TypeScript
      // step needs the compiler API, which TypeScript 7 does not have
      preprocessOptions: { typescript: false },
    }),
  ],
});
