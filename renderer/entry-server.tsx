/**
 * Server entry, built by `vite build --ssr` into dist-ssr/ and used only by prerender. Renders one
 * URL with the same router factory as the browser; TanStack Router serialises the loader data
 * (site and page record) into the markup so hydration needs no second fetch.
 */
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import type { DataSource } from './data.ts';
import { createAppRouter } from './router.tsx';

export interface RenderResult {
  /** 200 also for a missing page: the 404 view is data-driven (renderer/router.tsx). */
  status: number;
  /** Markup of #app, hydration scripts included. */
  html: string;
}

export async function renderUrl(url: string, data: DataSource): Promise<RenderResult> {
  const request = new Request(new URL(url, 'http://localhost'));
  const handler = createRequestHandler({ request, createRouter: () => createAppRouter(data) });
  const response = await handler(({ router, responseHeaders }) =>
    renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> }),
  );
  const html = (await response.text()).replace(/^<!DOCTYPE html>/i, '');
  return { status: response.status, html };
}
