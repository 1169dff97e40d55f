import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * React's API, Preact's implementation: the app and TanStack Router are written against React 19,
 * and both builds resolve `react` / `react-dom` to `preact/compat` (about 12 KB gzip instead of
 * React's 67 KB of first-load JavaScript). The SSR build uses Preact too (preact-render-to-string
 * behind `react-dom/server`), so `useId` values and markup match what the browser hydrates.
 * Longest specifiers first: an alias matches by prefix.
 */
const preactAliases = [
  { find: /^react-dom\/server(\.[a-z]+)?$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * One config for both builds. The client build writes hashed assets to dist/_assets and a
 * manifest that prerender reads to link the entry's JS and CSS; the SSR build (`--ssr`, its inputs
 * below) writes dist-ssr/ for prerender only. No index.html: prerender writes every HTML file itself.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { alias: preactAliases, dedupe: ['preact'] },
  // The SSR bundle must go through the aliases too: bundle the router and Preact into it.
  ssr: { noExternal: ['@tanstack/react-router', '@tanstack/router-core', '@tanstack/history', '@tanstack/store', '@tanstack/react-store', 'preact', 'preact-render-to-string', 'use-sync-external-store'] },
  // content/public is copied by prerender next to the HTML; Vite must not copy anything.
  publicDir: false,
  css: {
    modules: {
      // Short, stable class names: the same in the client and SSR builds (hash of file + class).
      generateScopedName: '[local]_[hash:base64:5]',
    },
  },
  build: {
    target: 'es2022',
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    assetsDir: '_assets',
    manifest: isSsrBuild ? false : 'manifest.json',
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    // SSR: the server entry, and prerender's worker body, bundled so a worker starts as plain
    // JavaScript (registering tsx's loader in each worker took most of a second).
    rollupOptions: { input: isSsrBuild ? { 'entry-server': 'renderer/entry-server.tsx', 'prerender-worker': 'renderer/prerender-worker.ts' } : 'renderer/entry-client.tsx' },
  },
}));
