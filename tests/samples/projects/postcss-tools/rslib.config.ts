import tailwindcss from '@tailwindcss/postcss';
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm' }],
  output: { target: 'web' },
  tools: {
    postcss: (_options, { addPlugins }) => {
      addPlugins(tailwindcss());
    },
  },
});
