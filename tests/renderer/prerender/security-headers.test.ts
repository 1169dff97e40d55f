import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, formatHeadersFile, inlineScriptHashes, parseHeadersFile, routeOfHtmlFile } from '../../../renderer/prerender/security-headers.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('security headers', () => {
  it('hashes each distinct inline script, and no script loaded from a file', () => {
    const html = '<script>boot()</script><script type="module" src="/_assets/a.js"></script><script class="$tsr">state=1</script><script>boot()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('boot()'), sha('state=1')].sort());
  });

  it('allows the site\'s own scripts and the page\'s inline ones, nothing from elsewhere', () => {
    const policy = contentSecurityPolicy(["'sha256-abc='"]);
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('writes and reads back the _headers format', () => {
    const rules = new Map<string, Record<string, string>>([
      ['/*', { 'X-Content-Type-Options': 'nosniff' }],
      ['/guide/a', { 'Content-Security-Policy': "default-src 'self'; script-src 'self'" }],
    ]);
    const text = formatHeadersFile(rules);
    expect(text).toBe("/*\n  X-Content-Type-Options: nosniff\n/guide/a\n  Content-Security-Policy: default-src 'self'; script-src 'self'\n");
    expect(parseHeadersFile(text)).toEqual(rules);
  });

  it('maps HTML files to the paths they answer', () => {
    expect(['index.html', 'zh/index.html', 'guide/start/quick-start.html', '404.html'].map(routeOfHtmlFile)).toEqual(['/', '/zh/', '/guide/start/quick-start', '/404.html']);
  });
});
