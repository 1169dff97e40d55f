/**
 * Server entry, built by `vite build --ssr` into dist-ssr/ and used only by prerender. Renders one
 * URL with the same router factory as the browser; TanStack Router serialises the loader data
 * (site and page record) into the markup so hydration needs no second fetch.
 */
import { createRequestHandler, getSsrStatus, RouterServer, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server';
import { renderToString } from 'react-dom/server';
import type { DataSource } from './data.ts';
import type { PartName } from './lazy-parts.ts';
import { createAppRouter } from './router.tsx';

export interface RenderResult {
  /** 200 also for a missing page: the 404 view is data-driven (renderer/router.tsx). */
  status: number;
  /** Markup of #app, hydration scripts included. */
  html: string;
  /** The lazy parts the page rendered: their chunks are preloaded with the entry. */
  parts: PartName[];
}

export async function renderUrl(url: string, data: DataSource): Promise<RenderResult> {
  const request = new Request(new URL(url, 'http://localhost'));
  const handler = createRequestHandler({ request, createRouter: () => createAppRouter(data) });
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
