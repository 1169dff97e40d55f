import { defineConfig } from '@rspress/core';

export default defineConfig({
  root: 'docs',
  title: 'my-lib',
  description: 'Greetings for every occasion',
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/start' },
      { text: 'API', link: '/api/' },
    ],
  },
  builderConfig: {
    resolve: {
      // the docs import the library from its source, so examples run the code being documented
      alias: {
        'my-lib': './src/index.ts',
      },
    },
  },
});
