import path from 'node:path';
import { createRslib, loadEnv } from '@rslib/core';

// Reads .env, .env.local, .env.staging and .env.staging.local, the later ones winning.
const env = loadEnv({ mode: 'staging' });
console.log('files:', env.filePaths.map((file) => path.basename(file)));
console.log('public:', env.publicVars);
console.log('API_TOKEN loaded:', process.env.API_TOKEN !== undefined);
// Takes back what loadEnv added to process.env.
env.cleanup();
console.log('API_TOKEN after cleanup:', process.env.API_TOKEN !== undefined);

// The same files, loaded by Rslib: their PUBLIC_ variables are defined in the build.
const rslib = await createRslib({
  loadEnv: { mode: 'staging' },
  config: { lib: [{ format: 'esm' }] },
});
const { close } = await rslib.build();
await close();
