/**
 * Server entry, built by `vite build --ssr` into dist-ssr/ and used only by prerender. Renders one
 * URL with the same router factory as the browser; TanStack Router serialises the loader data
 * (site and page record) into the markup so hydration needs no second fetch.
 */
import { createRequestHandler, getSsrStatus, RouterServer, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server';
import { renderToString } from 'react-dom/server';
import type { DataSource } from './data.ts';
import type { PartName } from './lazy-parts.ts';
import { createAppRouter, type AppRouter } from './router.tsx';

export interface RenderResult {
  /** 200 also for a missing page: the 404 view is data-driven (renderer/app/router.tsx). */
  status: number;
  /** Markup of #app, hydration scripts included. */
  html: string;
  /** The lazy parts the page rendered: their chunks are preloaded with the entry. */
  parts: PartName[];
}

export async function renderUrl(url: string, data: DataSource): Promise<RenderResult> {
  const request = new Request(new URL(url, 'http://localhost'));
  const handler = createRequestHandler({ request, createRouter: () => withSettledMatchesUndated(createAppRouter(data)) });
  let html = '';
  let parts: PartName[] = [];
  // What the router's renderRouterToString does, minus wrapping the page in a Response body only
  // to read it back: on a site of thousands of pages that round trip was a tenth of prerender.
  const response = await handler(async ({ router }) => {
    try {
      html = await transformHtmlStringWithRouter(router, renderToString(<RouterServer router={router} />));
      parts = router.options.context.parts.loaded();
      return new Response(null, { status: getSsrStatus(router) });
    } finally {
      router.serverSsr?.cleanup();
    }
  });
  return { status: response.status, html: html.replace(/^<!DOCTYPE html>/i, ''), parts };
}

/**
 * The time a match settled at, which the router embeds in the page's state (`u` of each match),
 * set to 0 once the route has loaded on the server, before the request handler dehydrates it.
 *
 * A clock in the HTML makes two builds of the same tree differ in every page and, through the
 * Content-Security-Policy's hashes of the inline state (security-headers.ts), in `_headers`.
 * TanStack Router has no option for its clock (router-core stamps `Date.now()` when a loader
 * settles, and `dehydrateMatch` copies it as it is), and nothing runs between the load and the
 * dehydration of `createRequestHandler` but `router.load` itself, hence the wrapper; this keeps
 * the value out of the state instead of editing serialised text.
 *
 * The browser does not depend on the value: it takes it as the hydrated matches' `updatedAt`,
 * which only decides staleness (never: `defaultStaleTime: Infinity`, router.tsx) and when a match
 * left behind leaves the cache (after `defaultGcTime`, which a build-time stamp of any deployed
 * site has long passed too).
 */
function withSettledMatchesUndated<Router extends AppRouter>(router: Router): Router {
  const load = router.load;
  router.load = async (options) => {
    await load(options);
    for (const match of router.stores.matches.get()) match.updatedAt = 0;
  };
  return router;
}
