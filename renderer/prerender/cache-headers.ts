/**
 * How long a browser or CDN may keep each kind of file of dist/: one table, written into
 * dist/_headers by prerender (the file static hosts such as Cloudflare Pages and Netlify read)
 * and so sent by `npm run serve` too, which answers with the rules of that file.
 *
 * Rules never overlap on Cache-Control: a host merges every rule that matches a path (Cloudflare
 * joins two values of one header with a comma), so `/*` carries none.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const CACHE_CONTROL = {
  /** Content-hashed: a changed file gets a new name, so the old name never changes. */
  immutable: 'public, max-age=31536000, immutable',
  /** Images keep their name across deploys: an hour, so in-app navigations reuse them. */
  image: 'public, max-age=3600',
  /** HTML and dist-data: the same URL gets new content on a deploy, so it is asked again. */
  revalidate: 'public, max-age=0, must-revalidate',
} as const;

/** Path patterns of _headers (`*` matches the rest of the path) and their Cache-Control. */
export const CACHE_RULES: ReadonlyArray<readonly [pattern: string, cacheControl: string]> = [
  ['/_assets/*', CACHE_CONTROL.immutable],
  ['/_data/*', CACHE_CONTROL.revalidate],
];

const IMAGE = /\.(svg|png|jpe?g|gif|webp|avif|ico)$/i;

/**
 * The rules of the public files (content/public, copied to the root of dist/): a folder of
 * images only, or an image, is kept an hour; anything else is revalidated.
 */
export function publicCacheRules(publicDir: string): Array<[string, string]> {
  const rules: Array<[string, string]> = [];
  let names: string[];
  try {
    names = readdirSync(publicDir).sort();
  } catch {
    return rules; // a site without public files
  }
  for (const name of names) {
    const path = join(publicDir, name);
    if (statSync(path).isDirectory()) {
      const files = (readdirSync(path, { recursive: true }) as string[]).filter((file) => statSync(join(path, file)).isFile());
      rules.push([`/${name}/*`, files.every((file) => IMAGE.test(file)) ? CACHE_CONTROL.image : CACHE_CONTROL.revalidate]);
    } else {
      rules.push([`/${name}`, IMAGE.test(name) ? CACHE_CONTROL.image : CACHE_CONTROL.revalidate]);
    }
  }
  return rules;
}

/** Whether a _headers path pattern matches a URL path: exactly, or up to its trailing `*`. */
export function patternMatches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}
