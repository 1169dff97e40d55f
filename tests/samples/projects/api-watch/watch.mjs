import { EventEmitter, once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { createRslib } from '@rslib/core';

const rslib = await createRslib({
  config: { lib: [{ format: 'esm' }] },
});

// Every build in watch mode, the first one and each rebuild, ends with Rsbuild's onAfterBuild hook.
const builds = new EventEmitter();
rslib.onAfterCreateRsbuild(({ rsbuild }) => {
  rsbuild.onAfterBuild(() => {
    builds.emit('done');
  });
});

const firstBuild = once(builds, 'done');
// Resolves as soon as watching has started, before the first build is done.
const { close } = await rslib.build({ watch: true });
await firstBuild;
console.log('first build:', await readFile('dist/index.js', 'utf8'));

const rebuild = once(builds, 'done');
await writeFile('src/index.ts', 'export const version = 2;\n');
await rebuild;
console.log('after the edit:', await readFile('dist/index.js', 'utf8'));

// Stop watching: until then the process keeps running.
await close();
