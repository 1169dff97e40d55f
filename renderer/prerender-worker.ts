/** Worker thread body of prerender: renders its share of the routes (renderer/prerender-pages.ts). */
import { workerData } from 'node:worker_threads';
import type { RouteEntry } from '../schemas/route.ts';
import { renderRoutes, type RenderJob } from './prerender-pages.ts';

const { routes, job } = workerData as { routes: Pick<RouteEntry, 'path' | 'lang'>[]; job: RenderJob };
await renderRoutes(routes, job);
