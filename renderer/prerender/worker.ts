/**
 * Worker thread body of prerender: loads the server build as it starts, then renders each share of
 * the routes it is sent, one at a time (renderer/prerender/pages.ts), and posts back what each
 * render read, for the next build's reuse (renderer/prerender/reuse.ts). It may be started before
 * its routes are known (prerender.ts: startRenderWorkers).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RouteEntry } from '../../schemas/route.ts';
import { loadServerEntry, routeRenderer, type RenderJob } from './pages.ts';

const loading = loadServerEntry((workerData as { ssrDir: string }).ssrDir);

/** Renders each share it is sent with one renderer, made for the first share's job: a prerender's shares all have the same. */
function shareRenderer(): (share: { routes: Pick<RouteEntry, 'path' | 'lang'>[]; job: RenderJob }) => Promise<void> {
  let render: ReturnType<typeof routeRenderer> | undefined;
  return async ({ routes, job }) => {
    await loading;
    render ??= routeRenderer(job);
    parentPort!.postMessage(await render(routes));
  };
}

parentPort!.on('message', shareRenderer());
