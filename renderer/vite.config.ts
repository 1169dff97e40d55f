import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * One config for both builds. The client build writes hashed assets to dist/_assets and a
 * manifest that prerender reads to link the entry's JS and CSS; the SSR build (`--ssr`) writes
 * dist-ssr/ for prerender only. No index.html: prerender writes every HTML file itself.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
    rollupOptions: isSsrBuild ? {} : { input: 'renderer/entry-client.tsx' },
  },
}));
