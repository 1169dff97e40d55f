/**
 * The search engine and the index schema as one script for a browser page (search.bench.ts
 * times keystrokes in Chromium with it). It sets `globalThis.__engine`.
 */
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import type { createLocalEngine } from '../../renderer/search/engine/engine.ts';
import type { createSplitEngine } from '../../renderer/search/engine/split-engine.ts';
import type { SearchIndexFile, SearchIndexManifest } from '../../schemas/search-index.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/** What the script puts on `globalThis.__engine`. */
export interface BundledEngine {
  createLocalEngine: typeof createLocalEngine;
  createSplitEngine: typeof createSplitEngine;
  parse(text: string): SearchIndexFile;
  /** A split index's manifest, validated (throws on an unsplit file). */
  parseManifest(text: string): SearchIndexManifest;
}

export async function engineBundle(): Promise<string> {
  // esbuild comes with tsx.
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    stdin: {
      contents: `import { createLocalEngine } from './renderer/search/engine/engine.ts';
        import { createSplitEngine } from './renderer/search/engine/split-engine.ts';
        import { SearchIndexFile, SearchIndexManifest } from './schemas/search-index.ts';
        globalThis.__engine = { createLocalEngine, createSplitEngine, parse: (text) => SearchIndexFile.parse(JSON.parse(text)), parseManifest: (text) => SearchIndexManifest.parse(JSON.parse(text)) };`,
      resolveDir: projectRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2022',
    // As the site's production build has them (the index readers validate only in the dev server).
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false' },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/**
 * The same script run in this process: the engine as readers run it, for the bench's Node rows.
 * Imported through tsx instead, every closure the engine makes goes through tsx's `__name`
 * helper (esbuild's keepNames), which no build for readers has: that made a keystroke about
 * 15 % slower in Node than the code readers get.
 */
export async function engineInNode(): Promise<BundledEngine> {
  const global = globalThis as { __engine?: BundledEngine };
  runInThisContext(await engineBundle());
  const engine = global.__engine!;
  delete global.__engine;
  return engine;
}
