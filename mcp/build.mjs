/**
 * Bundles the server into one file, dist/cli.js, with every package it imports (the MCP SDK,
 * zod, Ajv, MiniSearch's term tree and the site's own search engine): the published package has no
 * dependencies, so `npx rslib-docs-mcp` installs one tarball and starts without resolving a
 * module graph, and a packed tarball installs offline.
 *
 *   node mcp/build.mjs [--outfile path]
 */
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;

/**
 * The search engine's readers import the dev server's validators lazily (`import()` of
 * renderer/app/validate.ts, never taken here: import.meta.env.DEV is false). Bundled, that lazy
 * import made esbuild wrap zod in lazily initialized modules, which the MCP SDK's own imports of
 * zod then reached before they ran ("is not a constructor" at start-up). The module is left out.
 */
/**
 * zod's namespace re-exports every locale of its error messages (`z.locales`, 250 KB of the
 * bundle); nothing here reads them, and zod itself imports the English one directly. Fewer bytes
 * to parse at each start (the budget is 300 ms to the first answer).
 */
const englishZodOnly = {
  name: 'english-zod-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: 'zod-locales', namespace: 'left-out' } : undefined));
  },
};

const withoutDevValidators = {
  name: 'without-dev-validators',
  setup(build) {
    build.onResolve({ filter: /\/app\/validate\.ts$/ }, () => ({ path: 'dev-validators', namespace: 'left-out' }));
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/** Builds the bin to `outfile` (default mcp/dist/cli.js) and returns its path. */
export async function buildServer(outfile = path.join(here, 'dist', 'cli.js')) {
  await build({
    entryPoints: [path.join(here, 'src', 'cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    minify: true,
    // The search engine's readers default to the dev server's validating ones under Vite
    // (import.meta.env.DEV); here there is no Vite, and the server passes its own readers.
    define: { 'import.meta.env.DEV': 'false' },
    plugins: [withoutDevValidators, englishZodOnly],
    // The young generation at 2 MiB a semi-space, not Node's 16: a server that answers small
    // requests for hours, whose garbage (a page record's body, parsed and dropped) would
    // otherwise grow the heap by 20-30 MiB before V8 collects it (docs/performance.md, `mcp`).
    // `env -S` splits the line into arguments (coreutils, BSD and npm's Windows shims read it).
    // Packages written as CommonJS (raw-body, content-type…) call require() for Node's built-ins,
    // which an ES module bundle has no binding for.
    banner: { js: "#!/usr/bin/env -S node --max-semi-space-size=2\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'warning',
  });
  chmodSync(outfile, 0o755);
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(here, 'build.mjs')) {
  const at = process.argv.indexOf('--outfile');
  await buildServer(at > 0 ? path.resolve(process.argv[at + 1]) : undefined);
}
