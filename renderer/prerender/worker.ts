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
let render: ReturnType<typeof routeRenderer> | undefined;
parentPort!.on('message', async ({ routes, job }: { routes: Pick<RouteEntry, 'path' | 'lang'>[]; job: RenderJob }) => {
  await loading;
  render ??= routeRenderer(job);
  parentPort!.postMessage(await render(routes));
});
