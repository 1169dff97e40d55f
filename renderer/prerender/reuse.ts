/**
 * Which routes prerender may leave as they are: a route's HTML is a function of the code that
 * renders it (the server build), the client's assets it links, and the dist-data/ files its render
 * asked for (pages.ts, recordingDataSource). The state file keeps, per route, those
 * files and a key over all of it; a route whose key is the same now, and whose HTML file is still
 * the one written then, is not rendered again. A stale state costs a render, never a wrong page:
 * anything missing or unreadable reads as changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Assets } from './pages.ts';

/** Bumped when the state's meaning changes: an older state then reuses nothing. */
const STATE_VERSION = 1;

export interface RouteState {
  /** Key of what the HTML was made from (routeKey). */
  key: string;
  /** dist-data/ files the render read. */
  reads: string[];
  /** Size of the HTML file written: a file changed since (or cut short) is rendered again. */
  size: number;
  /** The page's inline script hashes, for `_headers` without reading the page back. */
  scriptHashes: string[];
}

export interface PrerenderState {
  version: number;
  routes: Record<string, RouteState>;
}

export function readState(file: string | undefined): PrerenderState {
  const empty: PrerenderState = { version: STATE_VERSION, routes: {} };
  if (!file || !existsSync(file)) return empty;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as PrerenderState;
    return state.version === STATE_VERSION && state.routes ? state : empty;
  } catch {
    return empty;
  }
}

/** Written whole (temp file, rename): a run killed while writing leaves the previous state. */
export function writeState(file: string, state: PrerenderState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}

/** sha256 of bytes, hex, shortened: keys only need to differ, not to be secrets. */
function digest(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/**
 * The code and assets every page is made with: every file of the server build (its entry and
 * prerender-worker.js bundle all code that writes a page, documentHtml and the page head
 * included) and the client assets the pages link. The same build made again gives the same key.
 */
export function renderKey(ssrDir: string, assets: Assets): string {
  const files = (readdirSync(ssrDir, { recursive: true }) as string[]).map((rel) => rel.split('\\').join('/')).sort();
  const parts: (string | Buffer)[] = [JSON.stringify(assets)];
  for (const rel of files) {
    const file = join(ssrDir, rel);
    if (statSync(file).isFile()) parts.push(rel, readFileSync(file));
  }
  return digest(...parts);
}

/**
 * Digests of dist-data/ files, each read once however many routes read it (a shell, a sidebar).
 * `known` gives files whose digest is known without reading them: the records, by the content
 * hash routes.json lists for each (the pipeline writes a record again exactly when that hash
 * changes). Reading and hashing every record took 0.2 to 0.4 s of a one-page edit's rebuild at
 * 2,000 pages.
 */
export function fileDigests(dataDir: string, known: Iterable<readonly [dataPath: string, digest: string]> = []): (dataPath: string) => string {
  const digests = new Map<string, string>([...known].map(([dataPath, value]) => [dataPath, `listed:${value}`]));
  return (dataPath) => {
    let value = digests.get(dataPath);
    if (value === undefined) {
      try {
        value = digest(readFileSync(join(dataDir, dataPath)));
      } catch {
        value = 'missing';
      }
      digests.set(dataPath, value);
    }
    return value;
  };
}

/** Key of one route's HTML: the render key, the route itself, and each file it read. */
export function routeKey(render: string, route: { path: string; lang: string }, reads: readonly string[], digestOf: (dataPath: string) => string): string {
  return digest(render, route.path, route.lang, ...reads.flatMap((read) => [read, digestOf(read)]));
}

/** The route's state when its HTML can stay: same key, and the file as written then. */
export function reusable(previous: RouteState | undefined, key: (reads: readonly string[]) => string, htmlFile: string): RouteState | undefined {
  if (!previous || previous.key !== key(previous.reads)) return undefined;
  return statSync(htmlFile, { throwIfNoEntry: false })?.size === previous.size ? previous : undefined;
}

/**
 * Removes every file under `outDir` a clean build would not have made there: `keep(rel)` says
 * which stay (the client build's, and those this run wrote or linked). Folders emptied by it go.
 * Returns how many files it removed.
 */
export function sweep(outDir: string, keep: (rel: string) => boolean): number {
  let removed = 0;
  const visit = (dir: string, prefix: string): boolean => {
    let empty = true;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix + entry.name;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        const before = removed;
        if (visit(path, `${rel}/`) && removed > before) rmSync(path, { recursive: true });
        else empty = false;
      } else if (keep(rel)) {
        empty = false;
      } else {
        rmSync(path);
        removed++;
      }
    }
    return empty;
  };
  if (existsSync(outDir)) visit(outDir, '');
  return removed;
}
