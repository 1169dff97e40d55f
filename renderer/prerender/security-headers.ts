/**
 * The HTTP headers a static host sends with the site, written by prerender to dist/_headers (the
 * format Netlify and Cloudflare Pages read: a path, then its headers indented) and read by
 * `npm run serve`, so one file says what every host sends.
 *
 * The Content-Security-Policy allows only the site's own scripts: files from its origin, and the
 * inline scripts of each page by their sha256 (the theme boot script and the router's embedded
 * state, which differs per page, so every page has its own policy). Styles also allow inline
 * `style` attributes: highlighted code colours its tokens with them.
 */
import { createHash } from 'node:crypto';

/** Headers every response gets. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** sha256 source expressions of the inline <script> elements (those without src) of a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export type HeaderRules = Map<string, Record<string, string>>;

/** `_headers` text: one block per path, in the order given. */
export function formatHeadersFile(rules: HeaderRules): string {
  const blocks: string[] = [];
  for (const [path, headers] of rules) blocks.push([path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'));
  return `${blocks.join('\n')}\n`;
}

export function parseHeadersFile(text: string): HeaderRules {
  const rules: HeaderRules = new Map();
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = {};
      rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(':');
    if (current && colon > 0) current[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/**
 * The URL path a page's HTML file answers: index.html → /, zh/index.html → /zh/, a/b.html → /a/b;
 * a 404 page keeps its file name (zh/404.html), as it answers many URLs.
 */
export function routeOfHtmlFile(file: string): string {
  const path = `/${file.split('\\').join('/')}`;
  if (path.endsWith('/index.html')) return path.slice(0, -'index.html'.length);
  if (path.endsWith('/404.html')) return path;
  return path.replace(/\.html$/, '');
}
