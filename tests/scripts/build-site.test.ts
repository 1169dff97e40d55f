/**
 * An incremental `npm run build` (issue 21, item 4) makes the same dist/ as a clean build of the
 * same tree, byte for byte, while it skips the Vite builds whose sources did not change and
 * renders only the routes whose inputs did. One fixture site goes through a series of edits (a
 * page's text, a title its neighbours and the sidebar show, frontmatter reordered, a page added,
 * a page deleted, a change to the renderer), each built incrementally in the same folder, and
 * compared with a clean build of the tree as it then is, in a folder of its own.
 *
 * The renderer is a copy of this project's (renderer/, schemas/ and the files the builds read),
 * so that the last edit can change it. A clean build here is the pipeline from nothing, then
 * prerender without state into a folder holding only the client build: the bundles of a clean
 * build in a folder of its own (the first build of the incremental folder, and one after the
 * renderer change); tests/renderer/reproducible-build.test.ts shows that building them again
 * gives the same bytes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseFiles, baseSite, makeFixture } from '../pipeline/fixture.ts';
import { tempDir } from '../temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const production = { ...process.env, NODE_ENV: 'production' };

/** A copy of what the two Vite builds read, with this project's packages. */
function copyProject(): string {
  const project = tempDir('rslib-docs-renderer-');
  for (const rel of ['renderer', 'schemas', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    cpSync(path.join(root, rel), path.join(project, rel), { recursive: true, preserveTimestamps: true });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(project, 'node_modules'));
  return project;
}

/** Every file under `dir`, by path relative to it. */
function filesUnder(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, rel);
    if (statSync(file).isFile()) found.set(rel.split(path.sep).join('/'), readFileSync(file));
  }
  return found;
}

/** Paths that differ between two trees: missing on either side, or other bytes. */
function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((rel) => !a.get(rel) || !b.get(rel) || !a.get(rel)!.equals(b.get(rel)!)).sort();
}

interface SiteBuildReport {
  client: string;
  ssr: string;
  rendered: number;
  unchanged: number;
}

/** `build-site.ts`'s report lines, read back. */
function parseReport(out: string): SiteBuildReport {
  const bundles = /client build (\w+) \(\d+ ms\), server build (\w+)/.exec(out);
  const pages = /prerendered (\d+) routes \((\d+) unchanged\)/.exec(out);
  if (!bundles || !pages) throw new Error(`no report in:\n${out}`);
  return { client: bundles[1]!, ssr: bundles[2]!, rendered: Number(pages[1]), unchanged: Number(pages[2]) };
}

const files: Record<string, string> = {
  ...baseFiles(),
  'en/blog/post.md': '---\ntitle: Post\ndate: 2025-05-14\ndescription: Hello\n---\n# Post\n\nText.\n',
  'zh/blog/post.md': '---\ndate: 2025-05-14\n---\n# 文章\n\n你好。\n',
};

describe('an incremental site build', () => {
  const project = copyProject();
  const site = makeFixture(files, baseSite());
  const current = { ...files };

  /** What the last build printed on stderr (warnings: Vite's, Rolldown's, prerender's). */
  let stderr = '';
  /** `npm run build` in the incremental folder: data, then build-site. */
  async function build(): Promise<SiteBuildReport> {
    const result = await site.build();
    if (!result.ok) throw new Error(site.messages(result).join('\n'));
    const run = spawnSync(process.execPath, ['scripts/build-site.mjs', '--root', site.root, '--project', project], { cwd: root, env: production, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`build-site exited with ${run.status}:\n${run.stderr}`);
    stderr = run.stderr;
    return parseReport(run.stdout);
  }

  /** The client's and server's bundles of a clean build, kept for the clean builds of later trees. */
  let bundles = '';
  function keepBundles(from: string): void {
    bundles = tempDir('rslib-docs-bundles-');
    cpSync(path.join(from, 'dist', '_assets'), path.join(bundles, 'dist', '_assets'), { recursive: true });
    cpSync(path.join(from, 'dist', 'manifest.json'), path.join(bundles, 'dist', 'manifest.json'));
    cpSync(path.join(from, 'dist-ssr'), path.join(bundles, 'dist-ssr'), { recursive: true });
  }

  /** dist/ of a clean build of the tree as it is now, in a folder of its own. */
  async function cleanDist(): Promise<Map<string, Buffer>> {
    const clean = makeFixture(current, baseSite());
    const result = await clean.build();
    if (!result.ok) throw new Error(clean.messages(result).join('\n'));
    const outDir = path.join(clean.root, 'dist');
    cpSync(path.join(bundles, 'dist'), outDir, { recursive: true });
    const args = ['renderer/prerender/prerender.ts', '--data', path.join(clean.root, 'dist-data'), '--out', outDir, '--ssr', path.join(bundles, 'dist-ssr'), '--public', path.join(clean.root, 'content', 'public')];
    execFileSync(tsx, args, { cwd: root, env: production, stdio: 'pipe' });
    return filesUnder(outDir);
  }

  function edit(changes: Record<string, string | null>): void {
    for (const [rel, text] of Object.entries(changes)) {
      if (text === null) {
        delete current[rel];
        rmSync(path.join(site.root, 'content', rel));
      } else {
        current[rel] = text;
        site.write({ [rel]: text });
      }
    }
  }

  const dist = () => filesUnder(path.join(site.root, 'dist'));
  const htmlTime = (rel: string) => statSync(path.join(site.root, 'dist', rel)).mtimeMs;
  /** Every route of the fixture: home, guide (3 pages) and the blog post, in both languages. */
  const ROUTES = 10;

  it('builds everything the first time, then nothing while nothing changed', async () => {
    const first = await build();
    expect(first).toEqual({ client: 'built', ssr: 'built', rendered: ROUTES, unchanged: 0 });
    // Nothing a writer could act on is printed: no warning of Vite's or Rolldown's about our own setup.
    expect(stderr).toBe('');
    keepBundles(site.root);
    const again = await build();
    expect(again).toEqual({ client: 'reused', ssr: 'reused', rendered: 0, unchanged: ROUTES });
  }, 60_000);

  it("renders only the page whose text changed, and the result is a clean build's", async () => {
    const untouched = htmlTime('zh/guide/a.html');
    edit({ 'en/guide/a.md': '# Page A\n\nAbout A, and more.\n' });
    expect(await build()).toEqual({ client: 'reused', ssr: 'reused', rendered: 1, unchanged: ROUTES - 1 });
    expect(htmlTime('zh/guide/a.html')).toBe(untouched);
    expect(differences(dist(), await cleanDist())).toEqual([]);
  }, 60_000);

  it('renders the pages that show a changed title (prev/next, sidebar), not the others', async () => {
    edit({ 'en/guide/b.md': '# Page Bee\n\nAbout B.\n' });
    const report = await build();
    // b itself and the English pages whose sidebar or prev/next link names it.
    expect(report.rendered).toBeGreaterThan(1);
    expect(report.rendered).toBeLessThan(ROUTES / 2 + 1);
    expect(differences(dist(), await cleanDist())).toEqual([]);
  }, 60_000);

  it('renders nothing more than needed when only the order of frontmatter keys changed', async () => {
    edit({ 'en/blog/post.md': '---\ndescription: Hello\ndate: 2025-05-14\ntitle: Post\n---\n# Post\n\nText.\n' });
    expect((await build()).rendered).toBeLessThanOrEqual(1);
    expect(differences(dist(), await cleanDist())).toEqual([]);
  }, 60_000);

  it('renders a new page, and drops a deleted one with its data and twin', async () => {
    // A page has a twin in the other language (the pipeline's missing-twin rule).
    edit({ 'en/guide/c.md': '# Page C\n\nAbout C.\n', 'zh/guide/c.md': '# 页面 C\n\n关于 C。\n' });
    const added = await build();
    expect(added.rendered).toBeGreaterThanOrEqual(2);
    expect(added.unchanged + added.rendered).toBe(ROUTES + 2);
    expect(dist().has('guide/c.html')).toBe(true);
    expect(differences(dist(), await cleanDist())).toEqual([]);

    edit({ 'en/guide/c.md': null, 'zh/guide/c.md': null });
    const removed = await build();
    expect(removed.rendered + removed.unchanged).toBe(ROUTES);
    const after = dist();
    expect([...after.keys()].filter((rel) => rel.includes('guide/c.'))).toEqual([]);
    expect(differences(after, await cleanDist())).toEqual([]);
  }, 60_000);

  it('builds both bundles again and renders every page after a change to the renderer', async () => {
    const strings = path.join(project, 'renderer', 'strings', 'en.ts');
    writeFileSync(strings, readFileSync(strings, 'utf8').replace("outlineToggle: 'On this page'", "outlineToggle: 'In this page'"));
    expect(await build()).toEqual({ client: 'built', ssr: 'built', rendered: ROUTES, unchanged: 0 });
    // The reference: a whole clean build of the changed renderer, in a folder of its own.
    const clean = makeFixture(current, baseSite());
    const result = await clean.build();
    if (!result.ok) throw new Error(clean.messages(result).join('\n'));
    execFileSync(process.execPath, ['scripts/build-site.mjs', '--root', clean.root, '--project', project], { cwd: root, env: production, stdio: 'pipe' });
    expect(differences(dist(), filesUnder(path.join(clean.root, 'dist')))).toEqual([]);
    expect(dist().get('guide/index.html')?.toString()).toContain('In this page');
  }, 60_000);

  it('builds the client again when its files are gone, and renders every page into it', async () => {
    rmSync(path.join(site.root, 'dist'), { recursive: true });
    mkdirSync(path.join(site.root, 'dist'));
    expect(await build()).toEqual({ client: 'built', ssr: 'reused', rendered: ROUTES, unchanged: 0 });
  }, 60_000);
});
