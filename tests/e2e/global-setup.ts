/**
 * e2e globalSetup: builds the site once (`npm run build`; skipped with E2E_SKIP_BUILD=1 when dist/
 * exists), serves dist/ on 127.0.0.1 on an ephemeral port and starts one Chromium that every
 * test file connects to. Test files read both through `inject('baseUrl')` / `inject('wsEndpoint')`.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../scripts/serve.ts';
import { launchBrowserServer } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    wsEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..');
  const built = existsSync(resolve(root, 'dist/index.html')) && existsSync(resolve(root, 'dist/404.html'));
  if (!(process.env.E2E_SKIP_BUILD === '1' && built)) {
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
  const server = await startServer({ port: 0 });
  const browser = await launchBrowserServer();
  project.provide('baseUrl', server.url);
  project.provide('wsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.close();
  };
}
