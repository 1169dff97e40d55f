import { defineConfig, type rsbuild, rspack } from '@rslib/core';

// A tiny plugin that puts a legal comment at the top of every file it builds.
const pluginBanner = (text: string): rsbuild.RsbuildPlugin => ({
  name: `plugin-banner-${text}`,
  setup(api) {
    api.modifyRspackConfig((config) => {
      config.plugins.push(new rspack.BannerPlugin({ banner: `/*! ${text} */`, raw: true }));
    });
  },
});

export default defineConfig({
  plugins: [pluginBanner('every output')],
  lib: [
    { format: 'esm', plugins: [pluginBanner('esm only')] },
    { format: 'cjs' },
  ],
});
