import { pluginSolid } from '@rsbuild/plugin-solid';
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
  // pluginBabel() is missing: the Solid preset has no Babel step to run in
  plugins: [pluginSolid()],
});
