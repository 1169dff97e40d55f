/**
 * A deploy caches as `npm start` does: the built dist/_headers (what Cloudflare Pages or Netlify
 * read) names the caching of every kind of file, and the server sends exactly that.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { patternMatches } from '../../renderer/prerender/cache-headers.ts';
import { parseHeadersFile } from '../../renderer/prerender/security-headers.ts';
import { baseUrl } from './helpers.ts';

const dist = path.resolve(import.meta.dirname, '../../dist');

describe('caching of the built site', () => {
  it('sends for an asset, a page, a 404, data and a public image the Cache-Control that _headers gives it', async () => {
    const rules = parseHeadersFile(readFileSync(path.join(dist, '_headers'), 'utf8'));
    const cacheControlOf = (urlPath: string) => [...rules].filter(([pattern, headers]) => headers['Cache-Control'] && patternMatches(pattern, urlPath)).map(([, headers]) => headers['Cache-Control']);
    const asset = `/_assets/${readdirSync(path.join(dist, '_assets')).find((file) => file.endsWith('.js'))}`;
    const expected: Record<string, string> = {
      [asset]: 'public, max-age=31536000, immutable',
      '/guide/start/': 'public, max-age=0, must-revalidate',
      '/zh/guide/start/quick-start': 'public, max-age=0, must-revalidate',
      '/_data/routes.json': 'public, max-age=0, must-revalidate',
      '/rslib-logo.svg': 'public, max-age=3600',
      '/icons/configure.svg': 'public, max-age=3600',
    };
    for (const [urlPath, cacheControl] of Object.entries(expected)) {
      // Exactly one rule of the file says it (a host would merge two), and the server sends it.
      expect(cacheControlOf(urlPath), urlPath).toEqual([cacheControl]);
      const response = await fetch(baseUrl() + urlPath);
      expect(response.status, urlPath).toBe(200);
      expect(response.headers.get('cache-control'), urlPath).toBe(cacheControl);
    }
    expect(cacheControlOf('/404.html')).toEqual(['public, max-age=0, must-revalidate']);
    expect((await fetch(`${baseUrl()}/guide/nope`)).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });
});
