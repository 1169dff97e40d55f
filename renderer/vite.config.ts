import react from '@vitejs/plugin-react';
import { minify } from 'terser';
import { defineConfig, type Plugin } from 'vite';

/**
 * The client's packages in chunks of their own: they change far less often than the app, so a
 * deploy of new app code leaves them cached, and the bench reports first-load JS by these names.
 */
const VENDOR_CHUNKS = [
  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](@tanstack|use-sync-external-store)[\\/]/ },
  { name: 'react', test: /node_modules[\\/]react[\\/]/ },
];

/**
 * Chunks not worth terser's time: react-dom (React ships minified by its own tooling, and
 * terser only makes it larger), and the chunks that load after the page (search's dialog and
 * engine, and the zod schemas of the dev server's validators), which are 180 of the 220 KB terser
 * would read and nearly half of a cold client build, for bytes no first load carries.
 */
const UNTERSED_CHUNKS = new Set(['react-dom', 'session', 'validate']);

/**
 * The chunks of the first load (the app, the router, the lazy parts of pages) go through terser's
 * compress passes before the default minifier: on this code it inlines and folds more, about a
 * kilobyte less gzip on every page's first load. Two passes, and no mangling, which the default
 * minifier does after it anyway: the entry and the router took 4 s of terser with three passes
 * and its mangler, and take 2 s so, for 70 bytes less gzip.
 */
function terseAppChunks(): Plugin {
  return {
    name: 'terse-app-chunks',
    apply: 'build',
    async renderChunk(code, chunk) {
      if (UNTERSED_CHUNKS.has(chunk.name)) return null;
      const result = await minify(code, { module: true, compress: { passes: 2 }, mangle: false, sourceMap: false });
      return { code: result.code ?? code, map: null };
    },
  };
}

/**
 * Dynamic imports stay plain `import()`. Vite wraps every one in its preload helper, even with
 * `modulePreload: false` and no dependency to preload (vitejs/vite#13952, #18551): half a
 * kilobyte of first-load JavaScript (gzip) that does nothing here. The CSS is one file
 * (cssCodeSplit: false) and prerender writes the modulepreloads, so nothing needs the helper.
 */
function plainDynamicImports(): Plugin {
  return {
    name: 'plain-dynamic-imports',
    apply: 'build',
    configResolved(config) {
      const analysis = config.plugins.find((plugin) => plugin.name === 'native:import-analysis-build');
      if (!analysis) throw new Error('plain-dynamic-imports: Vite has no native:import-analysis-build plugin any more; see whether it still wraps dynamic imports');
      (analysis as { applyToEnvironment?: unknown }).applyToEnvironment = () => false;
    },
  };
}

/**
 * One config for both builds, run by scripts/build-site.ts (which skips a build whose sources did
 * not change). The client build writes hashed assets to dist/_assets and a
 * manifest that prerender reads to link the entry's JS and CSS; the SSR build (`--ssr`, its inputs
 * below) writes dist-ssr/ for prerender only. No index.html: prerender writes every HTML file itself.
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  // Mode `quick` (tests that build a fixture site's client, tests/scripts/build-site.test.ts):
  // without terser's passes, about a third of a client build.
  plugins: [react(), plainDynamicImports(), ...(isSsrBuild || mode === 'quick' ? [] : [terseAppChunks()])],
  // The SSR bundle carries its packages: prerender's workers start from it as plain JavaScript.
  ssr: { noExternal: true },
  // content/public is copied by prerender next to the HTML; Vite must not copy anything.
  publicDir: false,
  resolve: {
    alias: [
      // TanStack Store asks for the shim, which carries a fallback for React < 18. The package's
      // own entry for React 18 and later uses React's built-in hook (same package, same API).
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  css: {
    modules: {
      // Short, stable class names: the same in the client and SSR builds (hash of file + class).
      // The hash alone: every class name is a string in the first-load JavaScript.
      generateScopedName: '[hash:base64:5]',
    },
  },
  build: {
    target: 'es2022',
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    assetsDir: '_assets',
    manifest: isSsrBuild ? false : 'manifest.json',
    cssCodeSplit: false,
    // Prerender writes every page's modulepreload links itself (entry, vendors, the page's parts),
    // and a lazy part's imports are vendors already loaded (the search chunk imports nothing
    // else; zod loads only in the dev server): Vite's preload helper would only add bytes to the
    // first load (0.2 KB gzip).
    modulePreload: false,
    // SSR: the server entry, and prerender's worker body, bundled so a worker starts as plain
    // JavaScript (registering tsx's loader in each worker took most of a second).
    rollupOptions: {
      // Rolldown warns, on every build, that plugins took most of it: terser's passes do (see
      // terseAppChunks), by choice. A writer's `npm run build` should print what is worth acting on.
      checks: { bundlerTimings: false },
      ...(isSsrBuild
        ? { input: { 'entry-server': 'renderer/app/entry-server.tsx', 'prerender-worker': 'renderer/prerender/worker.ts' } }
        : { input: 'renderer/app/entry-client.tsx', output: { codeSplitting: { groups: VENDOR_CHUNKS } } }),
    },
  },
}));
