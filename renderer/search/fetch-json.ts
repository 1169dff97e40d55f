/**
 * One fetch per search data file and page life, shared by the first-load bundle (the search
 * button starts fetching the index on hover, focus, first key or idle, while the dialog's code
 * is still loading) and the lazy search chunk that parses it. Tiny on purpose: it is in the
 * first-load bundle. A failed fetch is forgotten so that a later try fetches again.
 */
import { promiseCache } from '../lib/promise-cache.ts';

const started = promiseCache<unknown>();

export function fetchJson(url: string, fetchImpl: typeof fetch = fetch): Promise<unknown> {
  return started.get(url, async () => {
    const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return response.json() as Promise<unknown>;
  });
}

/** Starts fetching without waiting (and without an unhandled rejection). */
export function prefetchJson(url: string): void {
  fetchJson(url).catch(() => undefined);
}
