/**
 * Stage 1, discover: the only stage that reads files. It gathers the site config, every
 * markdown source of both languages (pages and shared fragments), the public assets, the
 * last-commit time of every content file (one `git log` for the whole tree) and, on request,
 * cached compile results.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Lang } from '../schemas/lang.ts';
import type { Paths } from './context.ts';
import { LANGS } from './routes.ts';

export interface SourceFile {
  /** Relative to the project root, e.g. content/en/guide/start/index.md (used in messages). */
  file: string;
  lang: Lang;
  /** Relative to the language folder, e.g. guide/start/index.md. */
  relPath: string;
  source: string;
}

export interface Discovered {
  siteSource: string;
  sources: SourceFile[];
  /** Files in content/en or content/zh that are not markdown (reported, never routed). */
  strayFiles: string[];
  /** Public assets as site paths, e.g. /rslib-logo.svg. */
  publicFiles: Set<string>;
  /** Last commit time in ms by file path relative to the root; absent when untracked. */
  lastUpdated: Map<string, number>;
}

function walk(dir: string, base = ''): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(path.join(dir, entry.name), rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

export function discover(paths: Paths): Discovered {
  const siteFile = path.join(paths.content, 'site.json');
  const siteSource = existsSync(siteFile) ? readFileSync(siteFile, 'utf8') : '';
  const sources: SourceFile[] = [];
  const strayFiles: string[] = [];
  for (const lang of LANGS) {
    const langDir = path.join(paths.content, lang);
    for (const relPath of walk(langDir)) {
      const file = path.relative(paths.root, path.join(langDir, relPath)).split(path.sep).join('/');
      if (!relPath.endsWith('.md')) {
        strayFiles.push(file);
        continue;
      }
      sources.push({ file, lang, relPath, source: readFileSync(path.join(langDir, relPath), 'utf8') });
    }
  }
  const publicFiles = new Set(walk(path.join(paths.content, 'public')).map((f) => `/${f}`));
  return { siteSource, sources, strayFiles, publicFiles, lastUpdated: gitLastUpdated(paths) };
}

/**
 * Last commit time of every file under content/, from ONE `git log` call: the log lists
 * commits newest first, so the first time a file appears is its last change.
 */
export function gitLastUpdated(paths: Paths): Map<string, number> {
  const times = new Map<string, number>();
  let log: string;
  try {
    log = execFileSync('git', ['log', '--format=@%ct', '--name-only', '--no-renames', '--', path.relative(paths.root, paths.content) || '.'], {
      cwd: paths.root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return times; // not a git checkout: no times, which the records say with null
  }
  // Paths in the log are relative to the repository top, which may be above the project root.
  let prefix = '';
  try {
    prefix = execFileSync('git', ['rev-parse', '--show-prefix'], { cwd: paths.root, encoding: 'utf8' }).trim();
  } catch {
    prefix = '';
  }
  let current = 0;
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) current = Number(line.slice(1)) * 1000;
    else if (line) {
      const file = prefix && line.startsWith(prefix) ? line.slice(prefix.length) : line;
      if (!times.has(file)) times.set(file, current);
    }
  }
  return times;
}

/** Cached compile results by key; missing or unreadable entries are simply not returned. */
export function readCache<T>(cacheDir: string, keys: Iterable<string>): Map<string, T> {
  const found = new Map<string, T>();
  for (const key of keys) {
    const file = path.join(cacheDir, `${key}.json`);
    if (!existsSync(file)) continue;
    try {
      found.set(key, JSON.parse(readFileSync(file, 'utf8')) as T);
    } catch {
      // A torn cache entry is recompiled and rewritten.
    }
  }
  return found;
}
