import react from '@vitejs/plugin-react';
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
 * Components read their CSS modules' class names as `styles.name`, from `import styles from
 * './X.module.css'`: the module's default export, an object of every class in the file, which the
 * bundler does not look into. Built as a namespace import (`import * as styles`), `styles.name`
 * is the module's named export `name`, a string constant that Rolldown puts where it is used
 * (inlineConst below), and a class the file does not have is an error (IMPORT_IS_UNDEFINED), no
 * longer a silent `undefined`. The sources keep the default import, which TypeScript types
 * (renderer/css-modules.d.ts); the two are the same strings.
 *
 * This is what terser's compress passes did for the first load (its `hoist_props` and `evaluate`
 * folded these objects into their strings): about a kilobyte of gzip on every page. Terser took
 * 1.5-2 s of every cold client build, more than half of it; without it the build takes about
 * 0.8 s, and the first load is within 0.05 KB of what it was.
 */
function cssModuleNamespaces(): Plugin[] {
  return [
    {
      name: 'css-module-namespaces',
      apply: 'build',
      enforce: 'pre',
      transform: {
        filter: { id: /\.tsx?$/, code: '.module.css' },
        handler: (code) => ({ code: namespaceCssModuleImports(code), map: null }),
      },
    },
    {
      // A CSS module whose every class was inlined is read by no code any more, and the bundle
      // would drop it, and with it its CSS: Vite's CSS plugin marks it free of side effects, and
      // gathers a chunk's styles from the modules the chunk holds. Kept whole, its constants
      // reach the minifier, which drops them as unread.
      name: 'css-module-side-effects',
      apply: 'build',
      enforce: 'post',
      transform: {
        filter: { id: /\.module\.css$/ },
        handler: (code) => ({ code, map: null, moduleSideEffects: 'no-treeshake' as const }),
      },
    },
  ];
}

/** `import x from '….module.css';` lines as `import * as x from '….module.css';` (same lines, same columns after the name). */
function namespaceCssModuleImports(code: string): string {
  return code.replace(/^import (\w+) from (['"][^'"]+\.module\.css['"]);?$/gm, 'import * as $1 from $2;');
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
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), plainDynamicImports(), ...cssModuleNamespaces()],
  // The SSR bundle carries its packages: prerender's workers start from it as plain JavaScript.
  ssr: { noExternal: true },
  // Vite leaves `process.env.NODE_ENV` to the server at run time, so the SSR bundle carried React's
  // development builds beside its production ones (0.7 MB of react-dom/server alone). The site is
  // always built for production (scripts/build-site.mjs sets it, and prerender's workers run with
  // it): the SSR bundle takes React's production code only.
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') } }),
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
      // Every constant a module exports goes where it is read, not only those Rolldown deems
      // worth it: the CSS modules' class names (cssModuleNamespaces).
      optimization: { inlineConst: { mode: 'all' } },
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED') throw new Error(warning.message);
        warn(warning);
      },
      ...(isSsrBuild
        ? { input: { 'entry-server': 'renderer/app/entry-server.tsx', 'prerender-worker': 'renderer/prerender/worker.ts' } }
        : { input: 'renderer/app/entry-client.tsx', output: { codeSplitting: { groups: VENDOR_CHUNKS } } }),
    },
  },
}));
