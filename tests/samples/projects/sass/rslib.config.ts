import { pluginSass } from '@rsbuild/plugin-sass';
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    { format: 'esm', output: { distPath: 'dist/bundle' } },
    { format: 'esm', bundle: false, output: { distPath: 'dist/bundleless' } },
  ],
  output: { target: 'web' },
  plugins: [pluginSass()],
});
