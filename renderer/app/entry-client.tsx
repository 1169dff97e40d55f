import '../styles/layers.css';
import '../styles/tokens.css';
import '../styles/base.css';
import { RouterProvider } from '@tanstack/react-router';
import { hydrate } from '@tanstack/react-router/ssr/client';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createFetchDataSource } from './data.ts';
import { partsOf } from './lazy-parts.ts';
import type { Packed } from '../lib/packed.ts';
import { unpackPageData, type PageData } from './page-data.ts';
import { createAppRouter, type AppRouter } from './router.tsx';
import { hasPrerenderedMarkup, ROOT_ERROR_HANDLERS } from './root-errors.ts';

declare global {
  interface Window {
    $_TSR?: { h(): void };
  }
}

/** The parts of the page whose state the HTML embeds (none for a missing page). */
function prerenderedParts(router: AppRouter) {
  const packed = router.state.matches.find((match) => match.routeId === '/$')?.loaderData as Packed<PageData> | null | undefined;
  return packed ? partsOf(unpackPageData(packed).record) : [];
}

// A prerendered page embeds its state ($_TSR); a 404 page does not, and its URL has no record.
const notFoundPage = !import.meta.env.DEV && !window.$_TSR;
const router = createAppRouter(createFetchDataSource(undefined, { cache: !import.meta.hot, missing: notFoundPage ? [location.pathname] : [] }));
const container = document.getElementById('app')!;

if (import.meta.env.DEV && !container.hasChildNodes()) {
  // `npm run dev` serves an empty shell: render instead of hydrating, and follow content edits.
  void router.load().then(() => createRoot(container, ROOT_ERROR_HANDLERS).render(<RouterProvider router={router} />));
  if (import.meta.hot) {
    const hot = import.meta.hot;
    void import('../dev/live-update.ts').then(({ connectLiveUpdate }) => {
      connectLiveUpdate(router, hot);
      hot.send('docs:hello', {});
    });
  }
} else if (import.meta.hot) {
  // Dev server (scripts/dev.ts): an empty shell rendered in the browser, with live updates of
  // records and content errors (renderer/dev/live-update.ts). Production builds drop this branch.
  const hot = import.meta.hot;
  void router.load().then(async () => {
    createRoot(container, ROOT_ERROR_HANDLERS).render(<RouterProvider router={router} />);
    const { connectLiveUpdate } = await import('../dev/live-update.ts');
    connectLiveUpdate(router, hot);
  });
} else {
  // Hydrate the prerendered markup; a test empties #app to compare with a render from scratch.
  const app = <RouterProvider router={router} />;
  // Hydration as a transition: React then works in slices of a few milliseconds, yielding to the
  // browser between them, where a plain hydrateRoot is one long task (Total Blocking Time on
  // phones). A click on a part not hydrated yet is replayed once that part is.
  const mount = hasPrerenderedMarkup(container)
    ? () => startTransition(() => void hydrateRoot(container, app, ROOT_ERROR_HANDLERS))
    : () => createRoot(container, ROOT_ERROR_HANDLERS).render(app);
  const tsr = window.$_TSR;
  if (tsr) {
    // A prerendered page: its records are embedded, hydration needs no fetch. This is what
    // TanStack's <RouterClient> does, with the router's state restored before rendering.
    // Restoring the state and hydrating the DOM run as two tasks: shorter main-thread blocks
    // (Total Blocking Time) on slow phones.
    void hydrate(router)
      .finally(() => tsr.h())
      // The page's lazy parts: already fetching, as the HTML lists their chunks as modulepreloads.
      .then(() => router.options.context.parts.load(prerenderedParts(router)))
      .then(() => new Promise((resolve) => setTimeout(resolve)))
      .then(mount);
  } else {
    // 404.html answers every unknown URL, so its embedded state cannot match the URL: load the
    // (missing) page first, then hydrate the same 404 markup.
    // `router.ssr` tells TanStack Router the tree is being hydrated (it then renders the same
    // Suspense boundaries as on the server); RouterClient sets it from the embedded state.
    void router.load().then(() => {
      router.ssr = { manifest: undefined };
      mount();
    });
  }
}
