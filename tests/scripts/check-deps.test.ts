/** `npm run check:deps`: each house rule of .dependency-cruiser.cjs fires on a project that breaks it, and only then. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDeps } from '../../scripts/check-deps.ts';
import { tempDir } from '../temp-dir.ts';

function projectOf(files: Record<string, string>): string {
  const project = tempDir('rslib-docs-deps-');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text);
  }
  return project;
}

/** The names of the rules broken, once each. */
async function brokenRules(files: Record<string, string>): Promise<string[]> {
  const { report } = await checkDeps(projectOf(files));
  return [...new Set([...report.matchAll(/error ([\w-]+):/g)].map((match) => match[1]!))].sort();
}

describe('npm run check:deps', () => {
  it('passes a project that keeps the rules, lazy parts that use their loader included', async () => {
    expect(
      await brokenRules({
        'schemas/page.ts': 'export interface Page { title: string }\n',
        'pipeline/build.ts': "import type { Page } from '../schemas/page.ts';\nexport const build = (page: Page): string => page.title;\n",
        'renderer/parts.ts': "export type Cache = Map<string, unknown>;\nexport const loadHome = () => import('./home.tsx');\n",
        'renderer/home.tsx': "import type { Cache } from './parts.ts';\nexport const Home = (cache: Cache) => cache.size;\n",
      }),
    ).toEqual([]);
  });

  it('finds a ring of imports, type-only ones included', async () => {
    expect(
      await brokenRules({
        'pipeline/a.ts': "import type { B } from './b.ts';\nexport interface A { b?: B }\n",
        'pipeline/b.ts': "import type { A } from './a.ts';\nexport interface B { a?: A }\n",
      }),
    ).toEqual(['no-circular']);
  });

  it('keeps renderer and pipeline apart, and schemas free of both and of Node built-ins', async () => {
    expect(
      await brokenRules({
        'pipeline/build.ts': "import { App } from '../renderer/app.ts';\nexport const build = () => App;\n",
        'renderer/app.ts': "import { hashOf } from '../pipeline/hash.ts';\nexport const App = hashOf;\n",
        'pipeline/hash.ts': 'export const hashOf = (text: string) => text;\n',
        'schemas/page.ts': "import { readFileSync } from 'node:fs';\nimport { build } from '../pipeline/build.ts';\nexport const page = () => [readFileSync, build];\n",
      }),
    ).toEqual(['pipeline-not-to-renderer', 'renderer-not-to-pipeline', 'schemas-not-to-pipeline-or-renderer', 'schemas-without-node-io']);
  });

  it("keeps the build's code out of scripts/, and runtime/ free of every side: what commands and build share lives there", async () => {
    expect(
      await brokenRules({
        'runtime/flags.mjs': 'export const flags = 1;\n',
        'pipeline/build.ts': "import { flags } from '../runtime/flags.mjs';\nexport const build = () => flags;\n",
        'renderer/prerender.ts': "import { flags } from '../runtime/flags.mjs';\nexport const render = () => flags;\n",
      }),
    ).toEqual([]);
    expect(
      await brokenRules({
        'scripts/bundle.mjs': 'export const bundle = 1;\n',
        'pipeline/worker.ts': "import { bundle } from '../scripts/bundle.mjs';\nexport const worker = () => bundle;\n",
        'runtime/flags.mjs': "import { worker } from '../pipeline/worker.ts';\nexport const flags = worker;\n",
      }),
    ).toEqual(['build-not-to-scripts', 'runtime-stands-alone']);
  });

  it('keeps the renderer out of content/: what it shows comes through dist-data/', async () => {
    const files = {
      'content/search-synonyms.json': '{ "en": [], "zh": [] }\n',
      'schemas/paths.ts': "export const SYNONYMS = 'search/synonyms.json';\n",
    };
    expect(await brokenRules({ ...files, 'renderer/search/synonyms.ts': "import { SYNONYMS } from '../../schemas/paths.ts';\nexport const path = SYNONYMS;\n" })).toEqual([]);
    expect(await brokenRules({ ...files, 'renderer/search/synonyms.ts': "import table from '../../content/search-synonyms.json';\nexport const sets = table.en;\n" })).toEqual(['renderer-not-to-content']);
  });

  it('lets schemas import zod only', async () => {
    const pkg = (name: string) => ({
      [`node_modules/${name}/package.json`]: JSON.stringify({ name, version: '1.0.0', main: 'index.js' }),
      [`node_modules/${name}/index.js`]: 'module.exports = {};\n',
    });
    expect(
      await brokenRules({
        'package.json': JSON.stringify({ dependencies: { zod: '1.0.0', minisearch: '1.0.0' } }),
        ...pkg('zod'),
        ...pkg('minisearch'),
        'schemas/page.ts': "import { z } from 'zod';\nexport const Page = z;\n",
        'schemas/search-format/codec.ts': "import type { Options } from 'minisearch';\nimport { Page } from '../page.ts';\nexport type Setup = Options;\nexport const codec = Page;\n",
      }),
    ).toEqual(['schemas-import-zod-only']);
  });
});
