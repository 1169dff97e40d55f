/**
 * Stage 1, discover: the only stage that reads files. It gathers the site config, every
 * markdown file of both languages (stamped with mtime and size; shared fragments read), the
 * public assets, the search synonyms, the last-commit time of every content file (one `git log`
 * for the whole tree) and the pipeline's own code (its version); and later in the run, when a
 * stage asks (Reads), page sources, the previous run's state, cached page content and outputs.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, fstatSync, openSync, read, readdirSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { imageSize } from 'image-size';
import type { HastRoot } from '../../schemas/hast.ts';
import type { Lang } from '../../schemas/lang.ts';
import { PageRecord } from '../../schemas/page.ts';
import { RouteManifest } from '../../schemas/route.ts';
import { ResolvedSite } from '../../schemas/site.ts';
import { searchDataPath } from '../../schemas/paths.ts';
import { SearchIndexManifest } from '../../schemas/search-index.ts';
import { partFiles } from '../../schemas/search-format/codec.ts';
import { CODE_FOLDERS, codeVersionOf, type CodeSources } from '../memo/code-version.ts';
import { exportsOf, type PackageExport } from '../hovers/exports-probe.ts';
import { EXAMPLE_PROJECTS } from '../hovers/sample.ts';
import type { Paths } from '../context.ts';
import { harvestHighlights } from '../compile/highlight.ts';
import type { SampleHovers } from '../hovers/quick-info.ts';
import { BUNDLE_UNSAVED, HOVER_FOLDER, HOVER_PACK_NAME, hoverIndexOf, keyedEntries, keyedLines, PAGES_FOLDER, searchCacheFile, SUMMARIES_FILE, SUMMARIES_LOG, type BuildStamp, type BuildState, type SearchCache } from '../memo/incremental.ts';
import { searchBasePath, SPARE_RECORD, spareOf, type WorkerStamp } from './emit.ts';
import { STATE_LOG, StateTable, stateOfTable, type StateChange, type StateFile } from '../memo/state-file.ts';
import type { SearchIndexBase } from '../search/index-patch.ts';
import { decodeSearchBase } from '../search/base-file.ts';
import { isSharedPath, LANGS } from '../routes.ts';
import { SYNONYMS_FILE } from '../search/synonyms.ts';
import type { Discovered, ImageSize, PageContent, PageSummary, SourceFile } from '../types.ts';
import { contentHistoryOf, TRANSLATION_SKIP_MARKER, type ContentHistory } from '../translations/status.ts';

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
  const sources: SourceFile[] = [];
  const strayFiles: string[] = [];
  for (const lang of LANGS) {
    const folder = langFolderOf(paths, lang);
    for (const relPath of walk(path.join(paths.content, lang))) addFile(folder, lang, relPath, sources, strayFiles);
  }
  const code = readCodeSources(paths.code);
  return { siteSource: readSiteSource(paths), sources, strayFiles, ...publicOf(paths), ...gitHistory(paths), synonyms: readSynonyms(paths), codeVersion: codeVersionOf(code), rslibVersion: lockedVersion(code.lockfile, '@rslib/core'), rslibExports: rslibExportsOf(paths.code) };
}

/** The search synonym table beside the content (emitted as dist-data/search/synonyms.json), or null. */
function readSynonyms(paths: Paths): Discovered['synonyms'] {
  const full = path.join(paths.content, SYNONYMS_FILE);
  if (!existsSync(full)) return null;
  return { file: path.relative(paths.root, full).split(path.sep).join('/'), source: readFileSync(full, 'utf8') };
}

/** The pipeline's own sources and package-lock.json, which its version is computed from. */
function readCodeSources(projectDir: string): CodeSources {
  const files = new Map<string, string>();
  for (const folder of CODE_FOLDERS) {
    for (const rel of walk(path.join(projectDir, folder))) if (rel.endsWith('.ts')) files.set(`${folder}/${rel}`, readFileSync(path.join(projectDir, folder, rel), 'utf8'));
  }
  const lockfile = path.join(projectDir, 'package-lock.json');
  // The files the hovers of a file shown from an example project read beside it.
  const examples = new Map<string, string>();
  const projects = path.join(projectDir, EXAMPLE_PROJECTS);
  if (existsSync(projects)) {
    for (const rel of walk(projects)) if (EXAMPLE_SOURCE.test(rel)) examples.set(rel, readFileSync(path.join(projects, rel), 'utf8'));
  }
  return { files, lockfile: existsSync(lockfile) ? readFileSync(lockfile, 'utf8') : '', examples };
}

/** What @rslib/core's declaration entry exports (hovers/exports-probe.ts), as the project `root` has it installed; none without it. */
function rslibExportsOf(root: string): PackageExport[] {
  const pkg = path.join(root, 'node_modules', '@rslib', 'core');
  try {
    const types = (JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { types?: string }).types ?? 'index.d.ts';
    return exportsOf(readFileSync(path.join(pkg, types), 'utf8'));
  } catch {
    return [];
  }
}

/** The version of a package that package-lock.json locks, or null. */
function lockedVersion(lockfile: string, name: string): string | null {
  return new RegExp(`"node_modules/${name.replace('/', '\\/')}": \\{\\s*"version": "([^"]+)"`).exec(lockfile)?.[1] ?? null;
}

/** An example project's file that TypeScript may read (its build output and dependencies left out), and its tsconfig.json, which the hovers read its files with. */
const EXAMPLE_SOURCE = /^(?![^/]+\/(?:node_modules|dist)\/).*(?:\.[cm]?[jt]sx?|package\.json|tsconfig\.json)$/;

/**
 * discover, from the previous discovery and the paths (relative to content/) that changed
 * since, as a file watcher reports them: only those are looked at again. A path names a file
 * or a folder, present or gone; whatever the previous discovery had at or under it is replaced
 * by what is there now.
 */
export function rediscover(paths: Paths, previous: Discovered, changed: Iterable<string>): Discovered {
  let siteSource = previous.siteSource;
  let { publicFiles, imageSizes } = previous;
  let sources = previous.sources;
  let strayFiles = previous.strayFiles;
  let synonyms = previous.synonyms;
  let added = false;
  for (const rel of new Set([...changed].map((p) => p.split(path.sep).join('/')))) {
    const [top = '', ...rest] = rel.split('/');
    const relPath = rest.join('/');
    if (rel === 'site.json') siteSource = readSiteSource(paths);
    else if (rel === SYNONYMS_FILE) synonyms = readSynonyms(paths);
    else if (top === 'public') ({ publicFiles, imageSizes } = publicOf(paths));
    else if ((LANGS as readonly string[]).includes(top)) {
      const lang = top as Lang;
      // The language folder itself (relPath ''): everything in it.
      const under = relPath ? `${relPath}/` : '';
      const gone = (file: { lang?: Lang; relPath?: string }, name: string) => (file.lang ?? lang) === lang && (name === relPath || name.startsWith(under));
      sources = sources.filter((file) => !gone(file, file.relPath));
      const folder = langFolderOf(paths, lang);
      strayFiles = strayFiles.filter((file) => !(file.startsWith(`${folder.rel}/`) && gone({}, file.slice(folder.rel.length + 1))));
      const absolute = path.join(paths.content, lang, relPath);
      const stat = statSync(absolute, { throwIfNoEntry: false });
      const now = stat?.isDirectory() ? walk(absolute).map((inner) => `${under}${inner}`) : stat?.isFile() ? [relPath] : [];
      if (now.length === 0) continue;
      // Both lists are new arrays (filtered above): the previous discovery is left as it was.
      for (const file of now) addFile(folder, lang, file, sources, strayFiles);
      added = true;
    }
  }
  // In discover's order: language, then path.
  if (added) sources = [...sources].sort((a, b) => LANGS.indexOf(a.lang) - LANGS.indexOf(b.lang) || (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  if (added) strayFiles = [...strayFiles].sort();
  // Commit times change with commits, not with saves: a session keeps the times it started with;
  // and the code it runs is the code it started with.
  return { siteSource, sources, strayFiles, publicFiles, imageSizes, lastUpdated: previous.lastUpdated, history: previous.history, synonyms, codeVersion: previous.codeVersion, rslibVersion: previous.rslibVersion, rslibExports: previous.rslibExports };
}

function readSiteSource(paths: Paths): string {
  const siteFile = path.join(paths.content, 'site.json');
  return existsSync(siteFile) ? readFileSync(siteFile, 'utf8') : '';
}

const IMAGE = /\.(svg|png|jpe?g|gif|webp|avif)$/i;

/**
 * content/public's files as site paths, and the size of each image whose file tells it: pages
 * give their images a width and height, so that the browser keeps their room before they load.
 */
function publicOf(paths: Paths): Pick<Discovered, 'publicFiles' | 'imageSizes'> {
  const dir = path.join(paths.content, 'public');
  const files = walk(dir);
  const imageSizes = new Map<string, ImageSize>();
  for (const file of files.filter((f) => IMAGE.test(f))) {
    const size = sizeOfImage(path.join(dir, file));
    if (size) imageSizes.set(`/${file}`, size);
  }
  return { publicFiles: new Set(files.map((f) => `/${f}`)), imageSizes };
}

/** An image's size, or null when its file does not tell one (an SVG without width, height or viewBox; a broken file). */
function sizeOfImage(file: string): ImageSize | null {
  try {
    const { width, height } = imageSize(readFileSync(file));
    return width > 0 && height > 0 ? { width: Math.round(width), height: Math.round(height) } : null;
  } catch {
    return null;
  }
}

/** A language folder: its absolute path, and its path relative to the root as messages name it. */
interface LangFolder {
  absolute: string;
  rel: string;
}

function langFolderOf(paths: Paths, lang: Lang): LangFolder {
  const absolute = path.join(paths.content, lang);
  return { absolute, rel: path.relative(paths.root, absolute).split(path.sep).join('/') };
}

/**
 * One file of a language folder: a page or fragment (stamped, fragments read), or a stray file.
 * Paths are joined by hand: at 10,000 pages per language, path.join and path.relative per file
 * cost as much as the stat.
 */
function addFile(folder: LangFolder, lang: Lang, relPath: string, sources: SourceFile[], strayFiles: string[]): void {
  const absolute = `${folder.absolute}/${relPath}`;
  const file = `${folder.rel}/${relPath}`;
  if (!relPath.endsWith('.md')) {
    strayFiles.push(file);
    return;
  }
  const stat = statSync(absolute);
  const entry: SourceFile = { file, lang, relPath, mtimeMs: stat.mtimeMs, size: stat.size };
  if (isSharedPath(relPath)) entry.source = readFileSync(absolute, 'utf8');
  sources.push(entry);
}

/** Read the text of the given sources (those the cache cannot answer for). */
export function readSources(paths: Paths, files: SourceFile[]): void {
  for (const file of files) file.source ??= readFileSync(path.join(paths.root, file.file), 'utf8');
}

/**
 * Last commit time of every file under content/, and the history the translation states come
 * from, from ONE `git log` call (and one for the commits marked [skip translation]): the log
 * lists commits newest first, so the first time a file appears is its last change.
 */
function gitHistory(paths: Paths): { lastUpdated: Map<string, number>; history: ContentHistory } {
  const times = new Map<string, number>();
  const git = (args: string[]) => execFileSync('git', args, { cwd: paths.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 1024 * 1024 });
  const content = path.relative(paths.root, paths.content) || '.';
  let log: string;
  let marked: Set<string>;
  try {
    log = git(['log', '--format=@%ct %H', '--name-only', '--no-renames', '--', content]);
    marked = new Set(git(['log', '--fixed-strings', `--grep=${TRANSLATION_SKIP_MARKER}`, '--format=%H', '--', content]).split('\n').filter(Boolean));
  } catch {
    // Not a git checkout: no times, which the records say with null.
    return { lastUpdated: times, history: { unavailable: 'not a git checkout', files: new Map() } };
  }
  // Paths in the log are relative to the repository top, which may be above the project root.
  let prefix = '';
  let shallow = false;
  try {
    prefix = git(['rev-parse', '--show-prefix']).trim();
    shallow = git(['rev-parse', '--is-shallow-repository']).trim() === 'true';
  } catch {
    prefix = '';
  }
  let current = 0;
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) current = Number(line.slice(1).split(' ')[0]) * 1000;
    else if (line) {
      const file = prefix && line.startsWith(prefix) ? line.slice(prefix.length) : line;
      if (!times.has(file)) times.set(file, current);
    }
  }
  const unavailable = shallow ? 'a shallow clone: its history is cut short' : null;
  return { lastUpdated: times, history: { unavailable, files: unavailable ? new Map() : contentHistoryOf(log, marked, prefix) } };
}

/** The previous run's state, or null when missing, unreadable or from another pipeline. */
export function readState(cacheDir: string, inputs: string): BuildState | null {
  const table = readStateTable(cacheDir)?.table;
  if (table?.data.inputs !== inputs) return null;
  const state = stateOfTable(table.data);
  // A dev session wrote dist-data/ after this state was saved: what the state says of the bundle
  // (its records, llms-full.txt ranges and search indexes) may be of another one. Those are made
  // again; the pages' summaries hold.
  if (existsSync(path.join(cacheDir, BUNDLE_UNSAVED))) Object.assign(state, { records: {}, llmsFull: {}, searchIndex: {} });
  try {
    const summaries = JSON.parse(readFileSync(path.join(cacheDir, SUMMARIES_FILE), 'utf8')) as BuildState['summaries'];
    // Summaries narrow runs added since (see writeStateChange).
    const log = existsSync(path.join(cacheDir, SUMMARIES_LOG)) ? readFileSync(path.join(cacheDir, SUMMARIES_LOG), 'utf8') : '';
    for (const [key, summary] of keyedLines(log)) summaries[key] = JSON.parse(summary) as PageSummary;
    return { ...state, summaries };
  } catch {
    return null;
  }
}

/**
 * The state without its summaries (a few megabytes at 10,000 pages per language, where the
 * summaries are tens), with the changes narrow runs logged since applied, and how many; or null.
 */
export function readStateTable(cacheDir: string): { table: StateTable; logged: number } | null {
  let table: StateTable;
  try {
    table = new StateTable(JSON.parse(readFileSync(path.join(cacheDir, 'state.json'), 'utf8')) as StateFile);
  } catch {
    return null;
  }
  let logged = 0;
  const log = existsSync(path.join(cacheDir, STATE_LOG)) ? readFileSync(path.join(cacheDir, STATE_LOG), 'utf8') : '';
  for (const line of log.split('\n')) {
    let change: StateChange;
    try {
      change = JSON.parse(line) as StateChange;
    } catch {
      break; // the end, or a line cut short: the state is what the lines before made
    }
    // Logged onto another state.json (one written since, when the log could not be emptied): stale.
    if (change.on !== table.data.fingerprint || !table.apply(change)) break;
    logged++;
  }
  return { table, logged };
}

/** Up to this many pages to compile, each one's previous highlighted blocks are looked up. */
export const SEED_HIGHLIGHTS_UP_TO = 20;

/** The highlighted code blocks of a page's cached content (an edited page's blocks are most likely unchanged). */
export function previousHighlights(cacheDir: string, key: string | undefined) {
  const content = key ? readPageContent(cacheDir, key) : null;
  const blocks = content?.highlights && content.body ? harvestHighlights(JSON.parse(content.body) as HastRoot, content.highlights) : [];
  // Its samples' blocks before their hovers, and its hover texts' declarations, highlighted as blocks are.
  for (const [key, pre] of content?.hovers?.blocks ?? []) blocks.push([key, JSON.parse(pre) as import('hast').Element]);
  for (const text of content?.hovers?.texts ?? []) if (text.key && text.head) blocks.push([text.key, JSON.parse(text.head) as import('hast').Element]);
  return blocks;
}

/**
 * A page's cache file (see writePageContent) split at its first newline: the JSON line of all but
 * the body, then the body's JSON. The first line's JSON has every newline escaped. Null when the
 * file is absent or torn (the page is then recompiled).
 */
function readPageFile(cacheDir: string, key: string): { rest: Buffer; body: Buffer } | null {
  try {
    const bytes = readFileSync(path.join(cacheDir, PAGES_FOLDER, `${key}.json`));
    const newline = bytes.indexOf(0x0a);
    return newline < 0 ? null : { rest: bytes.subarray(0, newline), body: bytes.subarray(newline + 1) };
  } catch {
    return null;
  }
}

/** The stamp of a worker's last bundle in `dir` (stages/emit.ts: writeWorkerStamp), or null. */
export function readWorkerStamp(dir: string, name: string): WorkerStamp | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, `${name}.stamp.json`), 'utf8')) as WorkerStamp;
  } catch {
    // None yet, or one cut short: the worker is bundled.
    return null;
  }
}

/** A body set aside by this run (stages/emit.ts: setAsideBody), read back and removed. */
export function takeSetAsideBody(dir: string, index: number): string {
  const file = path.join(dir, `${index}.json`);
  const body = readFileSync(file, 'utf8');
  rmSync(file);
  return body;
}

/** The summaries set aside while the pages compiled (stages/emit.ts: setAsideSummaries), by cache key, each parsed as its line is read; the file removed. */
export function takeSetAsideSummaries(file: string): Map<string, PageSummary> {
  const bytes = readFileSync(file);
  rmSync(file);
  const summaries = new Map<string, PageSummary>();
  for (const [key, json] of keyedEntries(bytes)) summaries.set(key, JSON.parse(json) as PageSummary);
  return summaries;
}

/**
 * The hovers earlier runs kept (stages/emit.ts: writeHoverPack), by cache key: the index of the
 * pipeline's version read at the first question, each pack when a key in it is first asked for,
 * and each answer parsed when asked for. A line cut short (a run killed while it wrote) is no
 * answer.
 */
export function hoverCacheReader(cacheDir: string): (codeVersion: string, key: string) => SampleHovers | null {
  let index: { codeVersion: string; packs: Map<string, string> } | null = null;
  const packs = new Map<string, Map<string, string>>();
  return (codeVersion, key) => {
    if (index?.codeVersion !== codeVersion) index = { codeVersion, packs: keyedLines(textOf(path.join(cacheDir, HOVER_FOLDER, hoverIndexOf(codeVersion)))) };
    const pack = index.packs.get(key);
    if (pack === undefined || !HOVER_PACK_NAME.test(pack)) return null;
    let answers = packs.get(pack);
    if (!answers) packs.set(pack, (answers = keyedLines(textOf(path.join(cacheDir, HOVER_FOLDER, pack)))));
    const json = answers.get(key);
    try {
      return json === undefined ? null : (JSON.parse(json) as SampleHovers);
    } catch {
      return null;
    }
  };
}

/** The packs the hovers' index of a version of the pipeline names (stages/emit.ts: pruneCache keeps them). */
export function hoverPacksNamed(cacheDir: string, codeVersion: string): Set<string> {
  return new Set(keyedLines(textOf(path.join(cacheDir, HOVER_FOLDER, hoverIndexOf(codeVersion)))).values());
}

/** A file's text, '' when it cannot be read. */
const textOf = (file: string): string => readFileOrNull(file)?.toString('utf8') ?? '';

/** A page's cached body and markdown; null when absent or torn (then it is recompiled). */
export function readPageContent(cacheDir: string, key: string): PageContent | null {
  const file = readPageFile(cacheDir, key);
  if (!file) return null;
  try {
    const body = file.body.toString('utf8');
    return { ...(JSON.parse(file.rest.toString('utf8')) as Omit<PageContent, 'body'>), body: body === 'null' ? null : body };
  } catch {
    return null;
  }
}

/** The body of a page's cached content as the bytes of its JSON, not decoded (a record is written from them as they are). */
export function readPageBody(cacheDir: string, key: string): Buffer | null {
  return readPageFile(cacheDir, key)?.body ?? null;
}

export function readSearchCache(cacheDir: string, lang: Lang): SearchCache {
  try {
    return JSON.parse(readFileSync(path.join(cacheDir, searchCacheFile(lang)), 'utf8')) as SearchCache;
  } catch {
    return {};
  }
}

/** The analyzed search index the previous run kept (see search/index-patch.ts), or null. */
export function readSearchBase(cacheDir: string, lang: Lang): SearchIndexBase | null {
  try {
    return decodeSearchBase(readFileSync(searchBasePath(cacheDir, lang)));
  } catch {
    return null;
  }
}

/**
 * Every file of a language's index that a previous run wrote to `outDir`, read from its
 * `search/<lang>.json`: what the next run may carry over unchanged. Null when any of them is
 * missing or the entry is unreadable, so that a run never carries over half an index.
 */
export function searchIndexPaths(outDir: string, lang: 'en' | 'zh'): string[] | null {
  try {
    const json = JSON.parse(readFileSync(path.join(outDir, searchDataPath(lang)), 'utf8')) as { layout?: unknown };
    if (json.layout !== 'split') return [searchDataPath(lang)];
    const manifest = SearchIndexManifest.parse(json);
    const files = [searchDataPath(lang), ...partFiles(manifest).map((file) => `search/${file}`)];
    return files.every((file) => existsSync(path.join(outDir, file))) ? files : null;
  } catch {
    return null;
  }
}

/** The last clean run's stamp (see BuildStamp), or null. */
export function readStamp(cacheDir: string): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(path.join(cacheDir, 'stamp.json'), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

/** Which dist-data/ folder is there, and when its routes.json was written; null when either is missing. */
export function outputIdentity(outDir: string): BuildStamp['out'] | null {
  const folder = statSync(outDir, { throwIfNoEntry: false });
  const routes = statSync(path.join(outDir, 'routes.json'), { throwIfNoEntry: false });
  return folder && routes ? { ino: folder.ino, routesMtimeMs: routes.mtimeMs } : null;
}

/**
 * Whether the spare bundle beside `outDir` has a record, and it is about the current dist-data/:
 * its first bytes say (the record is `{"of":<inode>,…`, and lists every file after that).
 */
export function spareTrails(outDir: string): boolean {
  const ino = statSync(outDir, { throwIfNoEntry: false })?.ino;
  let head: string;
  try {
    const fd = openSync(path.join(spareOf(outDir), SPARE_RECORD), 'r');
    const bytes = Buffer.alloc(64);
    try {
      head = bytes.subarray(0, readSync(fd, bytes)).toString();
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
  return ino !== undefined && head.startsWith(`{"of":${ino},`);
}

/** A file of the current dist-data/, or null. */
export function readOutput(outDir: string, rel: string): Buffer | null {
  return readFileOrNull(path.join(outDir, rel));
}

const readAt = promisify(read);

/**
 * A file's bytes read on libuv's threads in one request, null when it cannot be read. fs/promises'
 * readFile asks for 512 KB at a time, each request made by this thread once the last is done:
 * it reads only while this thread waits. Opened here, at once, for the same reason: opened and
 * measured on libuv's threads too, the read itself waited for this thread's next turn of the
 * event loop, and a narrow run's thread has none until its search is patched (llms-full.txt of
 * 10,000 pages per language, asked for as the run began, was read only then: 0.71 s after).
 */
async function readFileSoon(file: string): Promise<Buffer | null> {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const size = fstatSync(fd).size;
    const bytes = Buffer.allocUnsafe(size);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await readAt(fd, bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return bytes.subarray(0, at);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** A file's bytes, null when it cannot be read. */
function readFileOrNull(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/**
 * The discover stage of a run: every file of content/ (or, in a dev session, the previous
 * discovery with the paths its watcher reported looked at again), and the reads of the cache
 * and the current dist-data/ the later stages ask for (see Reads).
 */
export function discoverRun(paths: Paths, kept: { discovered?: Discovered } | undefined, changed: Iterable<string> | undefined): { found: Discovered; reads: Reads } {
  const found = kept?.discovered && changed ? rediscover(paths, kept.discovered, changed) : discover(paths);
  if (kept) kept.discovered = found;
  return { found, reads: readsOf(paths) };
}

/**
 * What a run reads after discovery, each when a stage asks for it: a run reads what it uses (a
 * one-page edit reads one page's source and cached content, not the site's). Every read of the
 * pipeline is here, in discover; the stages are handed this object.
 */
export interface Reads {
  /** Reads the text of these sources (those the cache cannot answer for). */
  sources(files: SourceFile[]): void;
  /** The previous run's state, when it was made with these inputs. */
  state(inputs: string): BuildState | null;
  /** The previous run's state without its summaries, as a table (see readStateTable). */
  stateTable(): ReturnType<typeof readStateTable>;
  /** Whether the spare bundle trails the current dist-data/ (see stages/emit.ts: openSpare). */
  spareTrails(): boolean;
  /** The last clean run's stamp. */
  stamp(): BuildStamp | null;
  /** A page's cached content. */
  pageContent(key: string): PageContent | null;
  /** The body of a page's cached content, as the UTF-8 bytes of its JSON (not decoded: it is written as it is). */
  pageBody(key: string): Buffer | null;
  /** A config sample's hovers kept by an earlier run (stages/hovers.ts), by their cache key. */
  hovers(codeVersion: string, key: string): SampleHovers | null;
  /** The hover packs the index of a version of the pipeline names, as it is now (hoverPacksNamed). */
  hoverPacks(codeVersion: string): Set<string>;
  /** The code blocks a page's cached content highlighted. */
  highlights(key: string | undefined): ReturnType<typeof previousHighlights>;
  searchCache(lang: Lang): SearchCache;
  searchBase(lang: Lang): SearchIndexBase | null;
  /** Every file of a language's search index in dist-data/, or null. */
  searchIndexFiles(lang: Lang): string[] | null;
  /** A file of dist-data/ as it is. */
  output(rel: string): Buffer | null;
  /** The same, read on libuv's threads while this one goes on (null when it cannot be read). */
  outputSoon(rel: string): Promise<Buffer | null>;
  /** Which dist-data/ is there. */
  outputIdentity(): BuildStamp['out'] | null;
}

export function readsOf(paths: Paths): Reads {
  return {
    sources: (files) => readSources(paths, files),
    state: (inputs) => readState(paths.cache, inputs),
    stateTable: () => readStateTable(paths.cache),
    spareTrails: () => spareTrails(paths.out),
    stamp: () => readStamp(paths.cache),
    pageContent: (key) => readPageContent(paths.cache, key),
    pageBody: (key) => readPageBody(paths.cache, key),
    highlights: (key) => previousHighlights(paths.cache, key),
    hovers: hoverCacheReader(paths.cache),
    hoverPacks: (codeVersion) => hoverPacksNamed(paths.cache, codeVersion),
    searchCache: (lang) => readSearchCache(paths.cache, lang),
    searchBase: (lang) => readSearchBase(paths.cache, lang),
    searchIndexFiles: (lang) => searchIndexPaths(paths.out, lang),
    output: (rel) => readOutput(paths.out, rel),
    outputSoon: (rel) => readFileSoon(path.join(paths.out, rel)),
    outputIdentity: () => outputIdentity(paths.out),
  };
}

/** What `npm run search:export` reads of a dist-data/ folder: the resolved site and every page record. */
export interface DistData {
  site: ResolvedSite;
  pages: PageRecord[];
}

export async function readDistData(dir: string): Promise<DistData> {
  const readJson = async (file: string): Promise<unknown> => JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  const site = ResolvedSite.parse(await readJson('site.json'));
  const manifest = RouteManifest.parse(await readJson('routes.json'));
  const pages = await Promise.all(manifest.routes.map(async (route) => PageRecord.parse(await readJson(route.data))));
  return { site, pages };
}
