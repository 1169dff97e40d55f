/**
 * A bundle read from a published site (https://rslib.rs/, or http://127.0.0.1:4173/ in tests):
 * each file is fetched from where docs/data.md says it is published. The bundle (bundle.ts)
 * keeps what it parsed, so each file is fetched once per process.
 */
import { BundleError } from '../errors.ts';
import { checkBundlePath, publishedPath } from './bundle-path.ts';
import type { BundleSource } from './source.ts';

/** A slow site fails the request that waits for it, not the server. */
const FETCH_TIMEOUT_MS = 15_000;

export function urlSource(siteUrl: string): BundleSource {
  const base = new URL(siteUrl);
  // The site may live under a path (https://example.org/docs/): files are below it.
  const prefix = base.pathname.replace(/\/+$/, '');
  const origin = base.origin;
  return {
    location: `${origin}${prefix}/`,
    siteUrl: `${origin}${prefix}`,
    async readText(file) {
      const url = new URL(`${prefix}${publishedPath(checkBundlePath(file))}`, origin);
      let response: Response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      } catch (error) {
        throw new BundleError(file, `cannot be fetched from ${url.href} (${(error as Error).message})`);
      }
      // A redirect may move within the site (a host adding a slash), never to another one.
      if (response.url && new URL(response.url).origin !== origin) throw new BundleError(file, `${url.href} redirected to another site (${new URL(response.url).origin})`);
      if (response.status === 404) throw new BundleError(file, `missing from the site: ${url.href} answered 404`);
      if (!response.ok) throw new BundleError(file, `cannot be fetched: ${url.href} answered ${response.status}`);
      return response.text();
    },
  };
}
