/**
 * Two clean builds of the same tree are byte-identical (issue 21): dist-data/, the client build
 * (its chunks, CSS and manifest), the server build and every prerendered file, `_headers` with its
 * script hashes included. A fixture site (pages in both languages, code in several languages,
 * tabs, a blog post and its feeds) goes through the real pipeline, the real Vite builds and the
 * real prerender twice, each time from nothing. It has enough pages that prerender renders them on
 * its workers, a share at a time, and what they write is also compared with one thread's render.
 * Highlighting under a slow clock has its own test (tests/pipeline/compile/highlight.test.ts),
 * since a fast machine rarely shows it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { createHighlighter } from '../../pipeline/compile/highlight.ts';
import { prerender } from '../../renderer/prerender/prerender.ts';
import { makeFixture, namePagesTree } from '../pipeline/fixture.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

// A config sample links its names' hovers to the pages that document them, which the tree has.
const { files: namePages, site } = namePagesTree();
const files = {
  ...namePages,
  'en/guide/a.md': [
    '# Page A',
    '',
    '```ts title="rslib.config.ts" {2}',
    "import { defineConfig } from '@rslib/core';",
    'export default defineConfig({ lib: [{ format: "esm", autoExternal: { dependencies: true } }] });',
    '```',
    '',
    '::::tabs',
    ':::tab[npm]',
    '```bash',
    'npm add @rslib/core -D',
    '```',
    ':::',
    ':::tab[json]',
    '```json',
    '{ "scripts": { "build": "rslib build" } }',
    '```',
    ':::',
    '::::',
    '',
    '## Types {#types}',
    '',
    '```tsx',
    'export const App = ({ name }: { name?: string }) => <p className="x">{name ?? "none"}</p>;',
    '```',
    '',
  ].join('\n'),
  'en/blog/post.md': '---\ntitle: Post\ndate: 2025-05-14\ndescription: Hello\n---\n# Post\n\nText.\n',
  'zh/blog/post.md': '---\ndate: 2025-05-14\n---\n# 文章\n\n你好。\n',
  // Pages enough for prerender's workers (two at least: 60 routes a worker), in both languages.
  ...Object.fromEntries(
    Array.from({ length: 64 }, (_, i) => [
      [`en/more/page-${i}.md`, `# More ${i}\n\nSee [page A](../guide/a.md#types).\n\n\`\`\`js\nexport const n = ${i};\n\`\`\`\n`],
      [`zh/more/page-${i}.md`, `# 更多 ${i}\n\n见 [页面 A](../guide/a.md)。\n`],
    ]).flat(),
  ),
};

/** Every file under `dir`, by path relative to it. */
function filesUnder(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, rel);
    if (statSync(file).isFile()) found.set(rel.split(path.sep).join('/'), readFileSync(file));
  }
  return found;
}

describe('a clean build', () => {
  const fixture = makeFixture(files, site);

  /** One clean build of the fixture's tree, moved to `<root>/build-<name>/` once done. */
  async function cleanBuild(name: string): Promise<string> {
    for (const output of ['dist-data', 'dist-data.spare', '.cache', 'dist', 'dist-ssr']) rmSync(path.join(fixture.root, output), { recursive: true, force: true });
    // A highlighter of its own: nothing carried over from the other build.
    const result = await build({ root: fixture.root, highlighter: await createHighlighter() });
    if (!result.ok) throw new Error(fixture.messages(result).join('\n'));
    const env = { ...process.env, NODE_ENV: 'production' };
    const ssrDir = path.join(fixture.root, 'dist-ssr');
    execFileSync(bin('vite'), ['build', '--config', 'renderer/vite.config.ts', '--ssr', '--outDir', ssrDir, '--logLevel', 'error'], { cwd: root, env, stdio: 'pipe' });
    const outDir = path.join(fixture.root, 'dist');
    execFileSync(bin('vite'), ['build', '--config', 'renderer/vite.config.ts', '--outDir', outDir, '--logLevel', 'error'], { cwd: root, env, stdio: 'pipe' });
    const args = ['renderer/prerender/prerender.ts', '--data', path.join(fixture.root, 'dist-data'), '--out', outDir, '--ssr', ssrDir, '--public', path.join(fixture.root, 'content', 'public')];
    execFileSync(bin('tsx'), args, { cwd: root, env, stdio: 'pipe' });
    const kept = path.join(fixture.root, `build-${name}`);
    mkdirSync(kept);
    for (const output of ['dist-data', 'dist', 'dist-ssr']) renameSync(path.join(fixture.root, output), path.join(kept, output));
    return kept;
  }

  it('is byte for byte the same as the one before it', async () => {
    const first = filesUnder(await cleanBuild('first'));
    const second = filesUnder(await cleanBuild('second'));

    // What the comparison covers: every route's HTML, with the router's embedded state, and the CSP.
    expect(first.get('dist/guide/a.html')?.toString()).toContain('$_TSR');
    expect(first.get('dist/_headers')?.toString()).toContain("script-src 'self' 'sha256-");
    expect(first.has('dist-data/feeds/blog-en.xml')).toBe(true);
    expect(first.has('dist-ssr/entry-server.js')).toBe(true);
    expect([...first.keys()].filter((rel) => /^dist\/_assets\/entry-client-[\w-]+\.js$/.test(rel))).toHaveLength(1);
    expect(first.get('dist/manifest.json')?.toString()).toContain('renderer/app/entry-client.tsx');

    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    const differing = [...first].filter(([rel, bytes]) => !bytes.equals(second.get(rel)!)).map(([rel]) => rel);
    expect(differing).toEqual([]);

    // The same HTML from one thread as from the workers, who took the routes a share at a time.
    expect([...first.keys()].filter((rel) => /^dist\/(zh\/)?more\/page-\d+\.html$/.test(rel))).toHaveLength(128);
    if (Math.min(os.availableParallelism(), 4) > 1) {
      const kept = path.join(fixture.root, 'build-first');
      const oneThread = path.join(fixture.root, 'one-thread');
      cpSync(path.join(kept, 'dist'), oneThread, { recursive: true, filter: (source) => !source.endsWith('.html') && path.basename(source) !== '_headers' });
      await prerender({ dataDir: path.join(kept, 'dist-data'), outDir: oneThread, ssrDir: path.join(kept, 'dist-ssr'), publicDir: path.join(fixture.root, 'content', 'public'), maxWorkers: 1, quiet: true });
      const rendered = filesUnder(oneThread);
      const html = [...first.keys()].filter((rel) => rel.startsWith('dist/') && (rel.endsWith('.html') || rel === 'dist/_headers'));
      expect(html.length).toBeGreaterThan(130);
      expect(html.filter((rel) => !rendered.get(rel.slice('dist/'.length))?.equals(first.get(rel)!))).toEqual([]);

      // A route that fails on a worker fails prerender, naming the route, once no worker writes any more.
      writeFileSync(path.join(kept, 'dist-data', 'pages', 'zh', 'more', 'page-40.json'), '{ "cut short": ');
      rmSync(oneThread, { recursive: true });
      cpSync(path.join(kept, 'dist'), oneThread, { recursive: true, filter: (source) => !source.endsWith('.html') && path.basename(source) !== '_headers' });
      await expect(prerender({ dataDir: path.join(kept, 'dist-data'), outDir: oneThread, ssrDir: path.join(kept, 'dist-ssr'), publicDir: path.join(fixture.root, 'content', 'public'), maxWorkers: 2, quiet: true })).rejects.toThrow(/\/zh\/more\/page-40/);
      const writtenByThen = [...filesUnder(oneThread).keys()].sort();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect([...filesUnder(oneThread).keys()].sort()).toEqual(writtenByThen);
    }
  }, 90_000);
});
