import { createRslib } from '@rslib/core';

const rslib = await createRslib({
  config: {
    lib: [
      { format: 'esm', syntax: 'es2022' },
      { format: 'cjs', syntax: 'es2015' },
    ],
  },
});

// The config as Rslib holds it, with `root` filled in from the working directory.
console.log('root:', rslib.getRslibConfig().root);

// Only the cjs lib; also written to disk, under the output directory.
const { rslibConfig, origin } = await rslib.inspectConfig({
  lib: ['cjs'],
  outputPath: 'inspect',
  writeToDisk: true,
});

// Strings, ready to print or save.
console.log(rslibConfig);
// Objects, ready to read in code.
console.log('environments:', Object.keys(origin.environmentConfigs));
const [rspackConfig] = origin.bundlerConfigs;
console.log('Rspack target:', rspackConfig?.target);
console.log('library type:', JSON.stringify(rspackConfig?.output?.library));
