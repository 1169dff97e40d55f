/**
 * Worker thread body of prerender: renders its share of the routes (renderer/prerender/pages.ts)
 * and posts back what each render read, for the next build's reuse (renderer/prerender/reuse.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RouteEntry } from '../../schemas/route.ts';
import { renderRoutes, type RenderJob } from './pages.ts';

const { routes, job } = workerData as { routes: Pick<RouteEntry, 'path' | 'lang'>[]; job: RenderJob };
parentPort!.postMessage(await renderRoutes(routes, job));
