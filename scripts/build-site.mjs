/**
 * `npm run build:site`: scripts/build-site/cli.ts and what it imports,
 * bundled as `npm run data`'s pipeline is (scripts/data.mjs, bundleOf) and run by node itself.
 * After an edit to one page the whole site step takes about a second, of which starting tsx and
 * compiling the TypeScript it loads took half. Vite stays a package: it is loaded only when a
 * bundle has to be built again.
 *
 * Plain JavaScript, like scripts/data.mjs: it runs before anything can compile TypeScript.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleOf, bundlesDirOf } from './data.mjs';
import { tuneV8 } from './v8-flags.mjs';

// As `npm run data` (scripts/v8-flags.mjs): the client build's terser took 2.8 s with TurboFan's inlining, 2.2 s without.
tuneV8();

// The site is always a production build (React's production code in the bundles and in prerender,
// whose workers take this environment). Set here, not by cross-env in package.json: its extra
// process took 0.2 s of every `npm run build`, a twelfth of one after a one-page edit.
process.env.NODE_ENV = 'production';

const projectDir = fileURLToPath(new URL('..', import.meta.url));
const bundle = await bundleOf(projectDir, 'scripts/build-site/cli.ts', path.join(bundlesDirOf(projectDir), 'rslib-docs-site'), {
  external: ['vite'],
  // Prerender's own modules reach the components only through the lazy parts' loaders, which never
  // run in this process (pages are rendered by the server build): their styles and icons need no content.
  loader: { '.css': 'empty', '.module.css': 'empty', '.svg': 'empty' },
});
await import(pathToFileURL(bundle).href);
