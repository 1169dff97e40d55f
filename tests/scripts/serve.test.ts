/** `npm run serve` as a static host: clean URLs, the headers of dist/_headers, and refusals. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, startServer, type RunningServer } from '../../scripts/serve.ts';
import { tempDir } from '../temp-dir.ts';

const dir = tempDir('serve-');
let server: RunningServer;

beforeAll(async () => {
  mkdirSync(path.join(dir, 'guide'), { recursive: true });
  mkdirSync(path.join(dir, 'zh/guide'), { recursive: true });
  writeFileSync(path.join(dir, 'zh/guide/b.html'), '<h1>b</h1>');
  writeFileSync(path.join(dir, 'zh/404.html'), '<h1>找不到</h1>');
  writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(dir, 'guide/a.html'), '<h1>a</h1>');
  writeFileSync(path.join(dir, '404.html'), '<h1>missing</h1>');
  mkdirSync(path.join(dir, '_assets'), { recursive: true });
  writeFileSync(path.join(dir, '_assets/app-Ab12.js'), 'run()');
  writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, '_headers'), "/*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n/_assets/*\n  Cache-Control: public, max-age=31536000, immutable\n/logo.svg\n  Cache-Control: public, max-age=3600\n/guide/a\n  Content-Security-Policy: script-src 'self' 'sha256-a='\n/404.html\n  Content-Security-Policy: script-src 'self' 'sha256-missing='\n/zh/404.html\n  Content-Security-Policy: script-src 'self' 'sha256-zh='\n");
  server = await startServer({ port: 0, dir });
});
afterAll(() => server.close());

/** A raw request (fetch would refuse some of these paths). */
function send(method: string, target: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path: target }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('npm run serve', () => {
  it("answers an unknown URL with the nearest folder's 404 page and its policy, as static hosts do", async () => {
    const zh = await send('GET', '/zh/guide/nope');
    expect([zh.status, zh.body]).toEqual([404, '<h1>找不到</h1>']);
    expect(zh.headers['content-security-policy']).toBe("script-src 'self' 'sha256-zh='");
    expect(zh.headers['x-content-type-options']).toBe('nosniff');
    expect((await send('HEAD', '/zh/nope')).status).toBe(404);
    const root = await send('GET', '/guide/nope');
    expect([root.status, root.body]).toEqual([404, '<h1>missing</h1>']);
    // Pages that exist are served as before, with and without the extension.
    expect((await send('GET', '/zh/guide/b')).body).toBe('<h1>b</h1>');
    expect((await send('GET', '/zh/guide/b.html')).status).not.toBe(404);
  });

  it('sends every response the common headers and a page its own policy', async () => {
    const page = await send('GET', '/guide/a');
    expect(page.status).toBe(200);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['content-security-policy']).toBe("script-src 'self' 'sha256-a='");
    const missing = await send('GET', '/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('missing');
    expect(missing.headers['content-security-policy']).toBe("script-src 'self' 'sha256-missing='");
  });

  it('answers 405 with Allow to methods other than GET and HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await send(method, '/guide/a');
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
    expect((await send('HEAD', '/guide/a')).status).toBe(200);
  });

  it('answers 414 to an overlong URL and 404 to an overlong file name, instead of failing', async () => {
    expect((await send('GET', `/${'a'.repeat(8000)}`)).status).toBe(414);
    expect((await send('GET', `/${'a'.repeat(MAX_URL_LENGTH - 10)}`)).status).toBe(404);
    expect((await send('GET', `/guide/${'b'.repeat(300)}`)).status).toBe(404);
  });

  it('answers a malformed path with 400 or 404, never 500: a NUL, a bad escape, an overlong segment', async () => {
    for (const target of ['/a%00b', '/guide/%00', '/%0a', '/%E0%A4%A', '/%', '/zh/%ZZ', `/${'%C3%A9'.repeat(200)}`, `/zh/${'x'.repeat(256)}/a`]) {
      const { status } = await send('GET', target);
      expect([400, 404], target).toContain(status);
    }
    expect((await send('GET', '/a%00b')).status).toBe(400);
    expect((await send('GET', '/%E0%A4%A')).status).toBe(400);
  });

  it('caches as dist/_headers says: hashed assets immutable, a named image an hour, anything else revalidated', async () => {
    expect((await send('GET', '/_assets/app-Ab12.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await send('GET', '/logo.svg')).headers['cache-control']).toBe('public, max-age=3600');
    expect((await send('GET', '/guide/a')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await send('GET', '/zh/guide/nope')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('closes while a client holds a connection that has sent no request yet (a browser opens such sockets ahead)', async () => {
    const own = await startServer({ port: 0, dir });
    const socket = connect(own.port, '127.0.0.1');
    await new Promise((connected) => socket.once('connect', connected));
    const ended = new Promise((closed) => socket.once('close', closed));
    // Within the test's own timeout: Node alone waits for the socket's headers timeout (60 s).
    await own.close();
    await ended;
    expect(socket.destroyed).toBe(true);
  });

  it('does not serve the headers file, nor anything outside the folder', async () => {
    expect((await send('GET', '/_headers')).status).toBe(404);
    expect((await send('GET', '/../../etc/passwd')).status).not.toBe(200);
    expect((await send('GET', '/%2e%2e/%2e%2e/etc/passwd')).status).not.toBe(200);
  });
});
