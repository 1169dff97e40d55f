/**
 * Which page a request names. A page is asked for by URL (`https://rslib.rs/guide/start/`, its
 * twin's `.md` URL, a `#heading`) or by route (`/zh/config/lib/dts`, `config/lib/dts`); only the
 * routes of routes.json are ever served, so a path can reach no other file. What could name a
 * file outside the bundle (`..`, its escaped forms, another host) is refused as such, before any
 * look-up.
 */
import { langOfRoute, normalizeRoutePath } from '../../../schemas/paths.ts';
import type { RouteEntry } from '../../../schemas/route.ts';
import type { DocsBundle } from '../bundle/bundle.ts';
import { closest } from '../closest.ts';
import { ToolError } from '../errors.ts';

export interface PageRequest {
  route: RouteEntry;
  /** The `#id` the URL carried, if any. */
  anchor: string | null;
}

const refuse = (input: string, why: string) => new ToolError(`Refused "${input.slice(0, 120)}": ${why}. Ask for a page by its route (/guide/start/quick-start) or its URL on the site.`);

/** A path with any dot segment, backslash or control character, in itself or once decoded (up to three times: `%252e`). */
function leavesBundle(path: string): boolean {
  let current = path;
  for (let round = 0; round < 4; round++) {
    if (/\\|[\u0000-\u001f\u007f]/.test(current) || current.split('/').some((segment) => segment === '..' || segment === '.')) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return true;
    }
    if (decoded === current) return false;
    current = decoded;
  }
  return true;
}

/** The host names a URL may have: the site's published one and the one being read from. */
async function siteHosts(bundle: DocsBundle): Promise<Set<string>> {
  const hosts = new Set<string>([new URL(await bundle.siteUrl()).host]);
  if (bundle.source.siteUrl) hosts.add(new URL(bundle.source.siteUrl).host);
  return hosts;
}

export async function resolvePage(input: string, bundle: DocsBundle): Promise<PageRequest> {
  const text = input.trim();
  let path: string;
  let anchor: string | null = null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(text.startsWith('//') ? `https:${text}` : text);
    } catch {
      throw refuse(text, 'not a valid URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse(text, `a ${url.protocol} URL is not a page of the site`);
    if (!(await siteHosts(bundle)).has(url.host)) throw refuse(text, `${url.host} is another site`);
    // The raw path, before URL parsing resolved its dot segments away.
    const raw = text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*|^\/\/[^/?#]*/i, '');
    if (leavesBundle(raw.split(/[?#]/)[0]!)) throw refuse(text, 'the path leaves the site');
    path = url.pathname;
    // A site under a path (https://example.org/docs/): routes start below it.
    const prefix = new URL(bundle.source.siteUrl ?? (await bundle.siteUrl())).pathname.replace(/\/+$/, '');
    if (prefix && path.startsWith(`${prefix}/`)) path = path.slice(prefix.length);
    anchor = url.hash ? decodeURIComponent(url.hash.slice(1)) : null;
  } else {
    const [beforeHash, hash] = [text.split('#')[0]!, text.includes('#') ? text.slice(text.indexOf('#') + 1) : null];
    path = beforeHash.split('?')[0]!;
    if (leavesBundle(path)) throw refuse(text, 'the path leaves the site');
    anchor = hash || null;
  }
  // A twin's URL names its page: /guide/start/index.md, /guide/start/quick-start.md.
  const route = normalizeRoutePath(path.replace(/\.md$/, ''));
  const { byPath, list } = await bundle.routes();
  const found = byPath.get(route) ?? byPath.get(route.endsWith('/') ? route.slice(0, -1) : `${route}/`);
  if (!found) {
    // Among the pages of the language asked for: a reader of /zh/ wants a Chinese page.
    const near = closest(route, list.filter((r) => langOfRoute(r.path) === langOfRoute(route)).map((r) => r.path));
    throw new ToolError(`No page at ${route}. The closest routes: ${near.join(', ')}. list_pages gives every page.`);
  }
  return { route: found, anchor };
}
