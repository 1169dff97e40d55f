import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [
    {
      format: 'esm',
      bundle: false,
      source: {
        entry: {
          index: ['./src/**', '!src/**/*.scss'],
        },
      },
      output: {
        copy: [
          {
            from: '**/*.scss',
            context: fileURLToPath(new URL('./src', import.meta.url)),
          },
        ],
      },
      redirect: {
        style: {
          extension: false,
        },
      },
    },
  ],
});
