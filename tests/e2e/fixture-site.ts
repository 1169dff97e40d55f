/**
 * A whole site built from a fixture content tree, for browser tests of what the Rslib content
 * does not have (a sidebar of hundreds of pages, …): the real pipeline writes its dist-data/,
 * the renderer's client build in dist/ (made by global setup) is copied beside it, and
 * `renderer/prerender/prerender.ts --data --out --public` renders every route. Served on 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startServer, type RunningServer } from '../../scripts/serve.ts';
import type { SiteConfigInput } from '../../schemas/site.ts';
import { makeFixture } from '../pipeline/fixture.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface FixtureSite {
  url: string;
  /** The built site (HTML per route, _data/). */
  dir: string;
  close(): Promise<void>;
}

/** `prepare`: runs in the fixture's folder before it is built (to commit its history, say). */
export async function buildFixtureSite(files: Record<string, string>, site: SiteConfigInput, prepare?: (root: string) => void): Promise<FixtureSite> {
  const fixture = makeFixture(files, site);
  prepare?.(fixture.root);
  const result = await fixture.build();
  if (!result.ok) throw new Error(`fixture site does not build:\n${fixture.messages(result).join('\n')}`);
  const dir = path.join(fixture.root, 'dist');
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(root, 'dist', '_assets'), path.join(dir, '_assets'), { recursive: true });
  cpSync(path.join(root, 'dist', 'manifest.json'), path.join(dir, 'manifest.json'));
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['renderer/prerender/prerender.ts', '--data', path.join(fixture.root, 'dist-data'), '--out', dir, '--public', path.join(fixture.root, 'content', 'public')],
    { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'pipe' },
  );
  const server: RunningServer = await startServer({ port: 0, dir });
  return {
    url: server.url,
    dir,
    // Its folder goes with the test file's other temp folders (tests/temp-dir.ts).
    close: () => server.close(),
  };
}
