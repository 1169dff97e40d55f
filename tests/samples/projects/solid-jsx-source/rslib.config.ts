import { pluginBabel } from '@rsbuild/plugin-babel';
import { pluginSolid } from '@rsbuild/plugin-solid';
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      // compiled for the browser, with declaration files
      id: 'compiled',
      dts: true,
      plugins: [
        pluginBabel({
          include: /\.(?:jsx|tsx)$/,
        }),
        pluginSolid(),
      ],
    },
    {
      // the same files with their JSX kept, for consumers that compile Solid themselves (SSR)
      id: 'source',
      output: {
        filename: {
          js: '[name].jsx',
        },
      },
      tools: {
        // SWC strips the types and leaves the JSX as it is
        swc: {
          jsc: {
            transform: {
              react: {
                runtime: 'preserve',
              },
            },
          },
        },
        // and Rspack must then parse JSX in what SWC hands over
        rspack: {
          module: {
            parser: {
              javascript: {
                jsx: true,
              },
            },
          },
        },
      },
    },
  ],
  bundle: false,
  format: 'esm',
  output: {
    target: 'web',
  },
});
