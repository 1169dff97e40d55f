/**
 * The search engine and the index schema as one script for a browser page (search.bench.ts
 * times keystrokes in Chromium with it). It sets `globalThis.__engine`.
 */
import path from 'node:path';
import type { createLocalEngine } from '../../renderer/search/engine.ts';
import type { SearchIndexFile } from '../../schemas/search-index.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/** What the script puts on `globalThis.__engine`. */
export interface BundledEngine {
  createLocalEngine: typeof createLocalEngine;
  parse(text: string): SearchIndexFile;
}

export async function engineBundle(): Promise<string> {
  // esbuild comes with tsx.
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    stdin: {
      contents: `import { createLocalEngine } from './renderer/search/engine.ts';
        import { SearchIndexFile } from './schemas/search-index.ts';
        globalThis.__engine = { createLocalEngine, parse: (text) => SearchIndexFile.parse(JSON.parse(text)) };`,
      resolveDir: projectRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}
