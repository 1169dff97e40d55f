import { RsdoctorRspackPlugin } from '@rsdoctor/rspack-plugin';
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm', dts: true }],
  tools: {
    rspack(config, { appendPlugins }) {
      // analyse only when asked: the plugin makes the build slower
      if (process.env.RSDOCTOR === 'true') {
        appendPlugins(
          new RsdoctorRspackPlugin({
            // write the report and exit, instead of serving it and opening a browser
            disableClientServer: true,
            // one self-contained HTML file instead of a folder of data
            output: { mode: 'brief' },
          }),
        );
      }
    },
  },
});
