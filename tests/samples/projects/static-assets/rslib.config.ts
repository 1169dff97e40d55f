import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    { format: 'esm', output: { distPath: 'dist/bundle' } },
    { format: 'esm', bundle: false, output: { distPath: 'dist/bundleless' } },
  ],
  // CSS files are only written for the web target (or with output.emitCss)
  output: { target: 'web' },
  source: { assetsInclude: /\.glb$/ },
});
