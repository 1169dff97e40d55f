/**
 * `npm run build:site` after `npm run data` (NODE_ENV=production): the renderer's client build
 * (dist/_assets, dist/manifest.json), its server build (dist-ssr/), then prerender into dist/.
 * `npm run build` runs the data step itself, beside the two Vite builds (`--with-data`). Each Vite build
 * is skipped when the stamp it left in `.cache/site/` says its sources and settings are as they
 * were and its files are still there (build-site/bundle-stamp.ts): an edit to a page changes
 * neither bundle, and the two are most of a cold site build. Prerender then
 * renders only the routes whose inputs changed (renderer/prerender/reuse.ts). A fresh clone has
 * no stamps and no state: everything is built.
 *
 * Run by `npm run build:site` as scripts/build-site.mjs (its command line), through build-site/cli.ts:
 *   node scripts/build-site.mjs [--root <dir>] [--project <dir>]
 * (`--project`: the renderer's sources from another folder, as tests that change them use.)
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadServerEntry } from '../renderer/prerender/pages.ts';
import { prerender, startRenderWorkers, type PrerenderResult } from '../renderer/prerender/prerender.ts';
import { bundleKey, collectInputs, CONFIG_INPUTS, isCurrent, outputsOf, readStamp, removeStamp, settledBefore, writeStamp } from './build-site/bundle-stamp.ts';

export interface SiteBuildOptions {
  /** Where dist-data/ is read and dist/, dist-ssr/ and .cache/site/ are written (default: the working directory, as `npm run data`). */
  root?: string;
  /** The renderer's sources and Vite config (default: this project). */
  projectDir?: string;
  quiet?: boolean;
  /**
   * The data step under way, resolving with its exit code (`npm run build`: scripts/build-site.mjs
   * starts it). It runs beside the Vite builds; prerender waits for it, and does not run when it failed.
   */
  data?: Promise<number>;
}

export interface SiteBuildResult {
  client: 'built' | 'reused';
  ssr: 'built' | 'reused';
  /** Null when the data step this build ran failed (its exit code is `dataCode`): nothing is prerendered. */
  prerender: PrerenderResult | null;
  dataCode?: number;
}

/** What the client build writes into dist/; everything else there is prerender's. */
const isClientOutput = (rel: string) => rel === 'manifest.json' || rel.startsWith('_assets/');

/** One Vite build, unless its stamp says its output is current. */
async function viteBuild(target: 'client' | 'ssr', outDir: string, options: Required<Omit<SiteBuildOptions, 'root' | 'data'>> & { cacheDir: string }): Promise<'built' | 'reused'> {
  const { projectDir, quiet } = options;
  const stampFile = path.join(options.cacheDir, `${target}-bundle.json`);
  // What else decides the output: NODE_ENV (React's production build), and Node.
  const settings = JSON.stringify({ target, nodeEnv: process.env.NODE_ENV, node: process.version });
  if (isCurrent(readStamp(stampFile), projectDir, outDir, settings)) return 'reused';

  removeStamp(stampFile);
  const started = Date.now();
  let modules: string[] = [];
  const { build } = await import('vite');
  await build({
    root: projectDir,
    configFile: path.join(projectDir, 'renderer/vite.config.ts'),
    logLevel: quiet ? 'error' : 'info',
    plugins: [collectInputs(projectDir, (found) => (modules = found))],
    build: { outDir, emptyOutDir: true, ...(target === 'ssr' ? { ssr: true } : {}) },
  });
  const inputs = [...new Set([...CONFIG_INPUTS, ...modules])].sort();
  // A source saved while the build ran may not be in it: no stamp then, and the next run builds.
  if (modules.length && settledBefore(projectDir, inputs, started)) {
    writeStamp(stampFile, { key: bundleKey(projectDir, inputs, settings), inputs, outputs: outputsOf(outDir, target === 'client' ? isClientOutput : undefined) });
  }
  return 'built';
}

export async function buildSite(options: SiteBuildOptions = {}): Promise<SiteBuildResult> {
  const root = path.resolve(options.root ?? process.cwd());
  const projectDir = path.resolve(options.projectDir ?? path.join(import.meta.dirname, '..'));
  const settings = { projectDir, quiet: options.quiet ?? false, cacheDir: path.join(root, '.cache', 'site') };
  const outDir = path.join(root, 'dist');
  const ssrDir = path.join(root, 'dist-ssr');
  const started = performance.now();
  // The client build empties dist/ (pages included): prerender then finds no page to keep.
  const client = await viteBuild('client', outDir, settings);
  const clientMs = Math.round(performance.now() - started);
  const ssr = await viteBuild('ssr', ssrDir, settings);
  if (!settings.quiet) console.log(`client build ${client} (${clientMs} ms), server build ${ssr} (${Math.round(performance.now() - started) - clientMs} ms)`);
  // A new client build changes every page's HTML (it names the assets): prerender renders every
  // route, on workers when there are many. Started now, they load the server build while the
  // data step (when this build has one) ends, which leaves a core idle by then.
  const workers = options.data && client === 'built' ? startRenderWorkers(ssrDir) : [];
  // With the client build reused, prerender renders what changed here (a page edited, the 404
  // pages): the server build loads while the data step runs, not after it. After a one-page
  // edit of content/, prerender took 166-182 ms against 209-247 ms (four runs each).
  if (options.data && client === 'reused') loadServerEntry(ssrDir).catch(() => undefined);
  try {
    // The data step ran beside the Vite builds, which never read dist-data/.
    const dataCode = await options.data;
    if (dataCode) return { client, ssr, prerender: null, dataCode };
    const rendered = await prerender({
      workers,
      dataDir: path.join(root, 'dist-data'),
      outDir,
      ssrDir,
      publicDir: path.join(root, 'content', 'public'),
      stateFile: path.join(settings.cacheDir, 'prerender.json'),
      quiet: settings.quiet,
    });
    return { client, ssr, prerender: rendered };
  } finally {
    // Any that prerender did not use (all of them when it did not run) would keep this process alive.
    for (const worker of workers) void worker.stop();
  }
}
