import { createRslib, loadConfig } from '@rslib/core';

const rslib = await createRslib({ config: await loadConfig() });
// Builds the mf lib in development mode and serves it, watching for changes.
const { port, urls, server } = await rslib.startMFDevServer();
console.log('serving on', urls);

const manifest = await fetch(`http://127.0.0.1:${port}/mf-manifest.json`).then((res) => res.json());
console.log('remote name:', manifest.name);

// Stop the server and its watcher.
await server.close();
