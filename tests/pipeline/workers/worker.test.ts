/** Worker threads from TypeScript modules: run from a bundle, and old bundles cleared away. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hashOf } from '../../../pipeline/memo/incremental.ts';
import { startWorker } from '../../../pipeline/workers/worker.ts';

const bundles = path.resolve(import.meta.dirname, '../../../node_modules/.cache/rslib-docs-workers');
const echoBundles = () => (existsSync(bundles) ? readdirSync(bundles).filter((name) => name.startsWith('echo-worker-')) : []);

describe('startWorker', () => {
  it('runs a TypeScript worker that imports project modules, and deletes bundles of its older code after a day', async () => {
    for (const name of echoBundles()) rmSync(path.join(bundles, name));
    mkdirSync(bundles, { recursive: true });
    const old = path.join(bundles, 'echo-worker-0000000000000000.mjs');
    const recent = path.join(bundles, 'echo-worker-1111111111111111.mjs');
    writeFileSync(old, '');
    writeFileSync(recent, '');
    const twoDaysAgo = (Date.now() - 2 * 24 * 60 * 60 * 1000) / 1000;
    utimesSync(old, twoDaysAgo, twoDaysAgo);

    const worker = startWorker(new URL('../fixtures/echo-worker.ts', import.meta.url), 'hello');
    const message = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    expect(message).toMatchObject({ echo: 'hello', hash: hashOf('hello'), execArgv: [] });

    const left = echoBundles();
    expect(left).not.toContain(path.basename(old));
    expect(left).toContain(path.basename(recent));
    expect(left.filter((name) => name !== path.basename(recent))).toHaveLength(1); // the bundle just made
    rmSync(recent);
  });

  it("gives a worker the pipeline's young generation, or V8's own when asked, and an old generation's ceiling", async () => {
    const limitsOf = async (heap?: Parameters<typeof startWorker>[2]) => {
      const worker = startWorker(new URL('../fixtures/echo-worker.ts', import.meta.url), 'limits', heap);
      const message = await new Promise<{ resourceLimits: { maxYoungGenerationSizeMb: number; maxOldGenerationSizeMb: number } }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
      return message.resourceLimits;
    };
    const pipelines = await limitsOf();
    const v8s = await limitsOf({ youngGeneration: 'v8', oldGenerationMb: 300 });
    expect(pipelines.maxYoungGenerationSizeMb).toBe(128);
    expect(v8s.maxYoungGenerationSizeMb).toBeLessThan(128);
    expect(v8s.maxOldGenerationSizeMb).toBe(300);
  });

  it('runs a worker from its last bundle while the files it was made from are unchanged, and from a new one after an edit', async () => {
    const dir = path.resolve(import.meta.dirname, '../../.tmp');
    mkdirSync(dir, { recursive: true });
    const name = `stamped-worker-${process.pid}`;
    const module = path.join(dir, `${name}.ts`);
    const stamp = path.join(bundles, `${name}.stamp.json`);
    const answer = (): Promise<unknown> => {
      const worker = startWorker(pathToFileURL(module), null);
      return new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    };
    // Saved a while ago: a file saved while esbuild reads it leaves no stamp.
    const write = (version: string, secondsAgo: number) => {
      writeFileSync(module, `import { parentPort } from 'node:worker_threads';\nparentPort!.postMessage('${version}');\n`);
      utimesSync(module, Date.now() / 1000 - secondsAgo, Date.now() / 1000 - secondsAgo);
    };
    try {
      write('first', 60);
      expect(await answer()).toBe('first');
      const stamped = statSync(stamp).mtimeMs;
      expect(await answer()).toBe('first');
      expect(statSync(stamp).mtimeMs).toBe(stamped); // not bundled again
      write('second', 30);
      expect(await answer()).toBe('second');
    } finally {
      rmSync(module, { force: true });
      rmSync(stamp, { force: true });
      for (const bundle of readdirSync(bundles)) if (bundle.startsWith(`${name}-`)) rmSync(path.join(bundles, bundle));
    }
  });

  it("starts a worker without the parent's flags: under tsx, no tsx loader in the worker", () => {
    const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
    const out = execFileSync(tsx, [path.resolve(import.meta.dirname, '../fixtures/start-echo-worker.ts')], { encoding: 'utf8' });
    const flags = JSON.parse(out.trim().split('\n').at(-1)!) as { parent: string[]; worker: string[] };
    expect(flags.parent.join(' ')).toContain('tsx');
    expect(flags.worker).toEqual([]);
  });
});
