import { pluginReact } from '@rsbuild/plugin-react';
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      format: 'umd',
      umdName: 'AcmeUI',
      output: {
        externals: {
          // import 'react' → the global React on a page, the react package elsewhere
          react: { root: 'React', commonjs: 'react', commonjs2: 'react', amd: 'react' },
        },
        distPath: {
          root: './dist/umd',
        },
      },
    },
  ],
  output: {
    target: 'web',
  },
  plugins: [
    pluginReact({
      swcReactOptions: {
        // compile JSX to React.createElement, so the bundle needs only the React
        // global and also works with React versions older than 18
        runtime: 'classic',
      },
    }),
  ],
});
