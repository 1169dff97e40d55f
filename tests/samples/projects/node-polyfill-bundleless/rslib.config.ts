import {
  pluginNodePolyfill,
  resolvedPolyfillToModules,
} from '@rsbuild/plugin-node-polyfill';
import { defineConfig } from '@rslib/core';

// absolute path of each polyfill file → the package name to import instead
const polyfillExternals: Record<string, string> = {};
for (const [resolved, request] of Object.entries<string>(resolvedPolyfillToModules)) {
  polyfillExternals[resolved] = request;
}

export default defineConfig({
  lib: [
    {
      format: 'esm',
      bundle: false,
      output: { externals: polyfillExternals },
    },
  ],
  output: { target: 'web' },
  plugins: [pluginNodePolyfill()],
});
