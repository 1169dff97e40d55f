/**
 * Stage 6, emit: the only stage that writes. Nothing in dist-data/ changes until the whole run
 * has succeeded: a failed run leaves the old bundle intact. A run's output either
 * - swaps a new bundle in: files go to a folder beside dist-data/ as they are produced, and the
 *   folder replaces dist-data/ with renames, so a reader sees the old bundle or the new one,
 *   never half of each. That folder is the spare, `dist-data.spare/`, when there is one: the
 *   bundle before the current one, kept by the last swap with a record of where it differs from
 *   the current one, so that a run changing a few files changes a few files there, not
 *   tens of thousands of links (see openSpare). Without a spare, a temporary folder gets the
 *   new files and links to the unchanged ones, and after the swap a spare is made;
 * - or, in a dev session once its own previous run wrote dist-data/, patches it: files are
 *   written beside their targets under a temporary name, renamed over them one by one when the
 *   run succeeds, and files the run no longer makes are removed. Linking tens of thousands of
 *   unchanged files into a new bundle would cost more than the rest of a one-page rebuild; the
 *   dev server, the one reader then, holds data requests while a rebuild runs.
 */
import { appendFileSync, closeSync, copyFileSync, ftruncateSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync, writeSync, writevSync, existsSync, statSync, rm } from 'node:fs';
import { open } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { PageContent, PageSummary } from '../types.ts';
import type { SampleHovers } from '../hovers/quick-info.ts';
import { encodeSearchBase } from '../search/base-file.ts';
import { BUNDLE_UNSAVED, hashOf, HOVER_FOLDER, hoverIndexOf, PAGES_FOLDER, searchCacheFile, SUMMARIES_FILE, SUMMARIES_LOG, type BuildStamp, type BuildState, type CacheContents, type SearchCache } from '../memo/incremental.ts';
import { STATE_LOG, STATE_LOG_MAX, tableOfState, type StateChange, type StateTable } from '../memo/state-file.ts';

export interface Output {
  /** Write a file (objects as JSON), relative to dist-data/. */
  write(rel: string, content: string | Buffer | object): void;
  /** Write a file made of these parts, one after another. */
  writeParts(rel: string, parts: readonly Buffer[]): void;
  /**
   * writeParts on libuv's threads, while this one goes on: the file counts as written at once,
   * and is on disk when the promise resolves, which the commit must wait for.
   */
  writePartsSoon(rel: string, parts: readonly Buffer[]): Promise<void>;
  /** Carry a file over unchanged from the current dist-data/; false when it is not there. */
  reuse(rel: string): boolean;
  /**
   * Carry over every file of the current dist-data/ not written (a run that knows it changed
   * only what it wrote). Only an output that knows the current files can: see `knowsFiles`.
   */
  reuseRest(except?: ReadonlySet<string>): void;
  /** Whether reuseRest can be called. */
  readonly knowsFiles: boolean;
  /** Put the new bundle in place; what is in dist-data/ afterwards. */
  commit(): Bundle;
  /** Drop the new bundle; the current one stays. */
  abort(): void;
}

/** The files of a dist-data/ folder this process wrote, and which folder it was (its inode). */
export interface Bundle {
  ino: number;
  files: Set<string>;
}

/**
 * The output of a run. With `current`, the bundle this process's last commit left, the run
 * patches dist-data/ (see above) when dist-data/ is still that folder. `fresh`: the run writes
 * every file anew (no state of an earlier run to carry files over by: the pipeline changed).
 */
export function openOutput(outDir: string, current?: Bundle, fresh = false): Output {
  const patch = current && statSync(outDir, { throwIfNoEntry: false })?.ino === current.ino;
  if (patch) {
    // Patched in place, dist-data/ is no longer what the spare's record says it trails.
    rmSync(path.join(spareOf(outDir), SPARE_RECORD), { force: true });
    return openPatch(outDir, current.files);
  }
  // Through the spare, a fresh run would unlink its every file before writing it, and leave the
  // bundle it replaces as a spare that differs in every file, each unlinked and linked again by
  // the next run (the first edit after: 0.83 s against 0.21 at 1,000 pages per language; 6.4 s
  // at 10,000): a temporary folder gets its files, the old bundle and spare are deleted in the
  // background, and the spare is made anew, of links (openSwap).
  return (fresh ? null : openSpare(outDir)) ?? openSwap(outDir);
}

export const spareOf = (outDir: string) => `${outDir}.spare`;
/** In the spare folder: which bundle it trails, that bundle's files, and where the two may differ. */
export const SPARE_RECORD = '.spare.json';

interface SpareRecord {
  /** The inode of the dist-data/ folder the spare trails: first, so that spareTrails (stages/discover.ts) reads it from the file's first bytes. */
  of: number;
  files: string[];
  differ: string[];
}

/**
 * A swap through the spare: the spare has every file of dist-data/ that its record does not
 * list as differing (as a link to the same file, or an equal copy), so the new bundle is made
 * there by writing what the run writes, linking the differing files the run carries over, and
 * removing what the new bundle does not have. After the swap the old bundle is the spare, and
 * differs from the new one where this run wrote or removed files. Null when there is no spare,
 * or its record is not about the current dist-data/.
 */
export function openSpare(outDir: string): Output | null {
  const spare = spareOf(outDir);
  const ino = statSync(outDir, { throwIfNoEntry: false })?.ino;
  let record: SpareRecord;
  try {
    record = JSON.parse(readFileSync(path.join(spare, SPARE_RECORD), 'utf8')) as SpareRecord;
  } catch {
    return null;
  }
  if (ino === undefined || record.of !== ino) return null;
  // From here on the spare is being changed: no later run may trust it until a commit says what it holds.
  rmSync(path.join(spare, SPARE_RECORD));
  const current = new Set(record.files);
  const differ = new Set(record.differ);
  const written = new Set<string>();
  const kept = new Set<string>();
  const dirFor = folderMaker();
  // The spare's file for `rel`, and whether it is the spare's own copy, to be written over (ownCopy).
  const targetOf = (rel: string) => {
    const target = path.join(spare, rel);
    dirFor(target);
    written.add(rel);
    kept.delete(rel);
    return { target, own: ownCopy(target) };
  };
  const put = (rel: string, writeTo: (file: number) => number) => {
    const { target, own } = targetOf(rel);
    const fd = openSync(target, own ? 'r+' : 'w');
    try {
      const bytes = writeTo(fd);
      if (own) ftruncateSync(fd, bytes);
    } finally {
      closeSync(fd);
    }
  };
  const putSoon = async (rel: string, parts: readonly Buffer[]) => {
    const { target, own } = targetOf(rel);
    await writeAllSoon(target, parts, own);
  };
  const reuse = (rel: string) => {
    if (written.has(rel) || kept.has(rel)) return true;
    if (!current.has(rel)) return false;
    if (differ.has(rel)) {
      const target = path.join(spare, rel);
      dirFor(target);
      rmSync(target, { force: true });
      linkSync(path.join(outDir, rel), target);
    }
    kept.add(rel);
    return true;
  };
  return {
    knowsFiles: true,
    write: (rel, content) => put(rel, (file) => writeOne(file, content)),
    writeParts: (rel, parts) => put(rel, (file) => writeAll(file, parts)),
    writePartsSoon: putSoon,
    reuse,
    reuseRest(except) {
      for (const rel of current) if (!written.has(rel) && !except?.has(rel)) reuse(rel);
    },
    commit() {
      const files = new Set([...written, ...kept]);
      // What the spare has and the new bundle must not: files of the current bundle it did not
      // differ in, and those it differed in.
      for (const rel of current) if (!files.has(rel) && !differ.has(rel)) removeWithEmptyFolders(spare, rel);
      for (const rel of differ) if (!files.has(rel)) removeWithEmptyFolders(spare, rel);
      const old = `${outDir}.old-${process.pid}-${Date.now()}`;
      renameSync(outDir, old);
      renameSync(spare, outDir);
      renameSync(old, spare);
      const of = statSync(outDir).ino;
      const removed = [...current].filter((rel) => !files.has(rel));
      writeSpareRecord(spare, { of, files: [...files], differ: [...written, ...removed] });
      return { ino: of, files };
    },
    abort() {
      // Half changed and without a record: the next swap makes a new spare.
    },
  };
}

/**
 * Whether the spare's file at `target` is its own copy, to be written over where it is and cut
 * to its new length: one link, an older bundle's file that no other folder has. Its blocks and
 * cached pages are reused: llms-full.txt (146 MB at 10,000 pages per language) took 13-16 ms to
 * write over, against 36-71 ms to unlink and write anew (on a file system mounted with `discard`,
 * freeing blocks waits for the disk). Anything else there is removed (a link to the current
 * bundle's file: writing through it would change that bundle before this one is in place), and a
 * new file written.
 */
function ownCopy(target: string): boolean {
  const stats = statSync(target, { throwIfNoEntry: false });
  if (stats?.isFile() && stats.nlink === 1) return true;
  rmSync(target, { force: true });
  return false;
}

function writeSpareRecord(spare: string, { of, files, differ }: SpareRecord): void {
  writeFileSync(path.join(spare, SPARE_RECORD), JSON.stringify({ of, files, differ }));
}

/**
 * After a swap without a spare: a spare made of links to every file of the new bundle (a
 * second of work at 40,000 files, once), so that the next run changes only what it writes. The
 * `large` files are copied instead: the spare's own copies, the next run writes over them in
 * place (ownCopy) rather than writing new files of their size: the first one-page edit after a
 * cold build at 10,000 pages per language (llms-full.txt: 146 MB) went from 1,130 to 742 ms.
 */
function makeSpare(outDir: string, files: ReadonlySet<string>, large: ReadonlySet<string>): void {
  const spare = spareOf(outDir);
  const making = `${outDir}.tmp-${process.pid}`;
  rmSync(making, { recursive: true, force: true });
  const dirFor = folderMaker();
  for (const rel of files) {
    const target = path.join(making, rel);
    dirFor(target);
    if (large.has(rel)) copyFileSync(path.join(outDir, rel), target);
    else linkSync(path.join(outDir, rel), target);
  }
  if (existsSync(spare)) {
    const stale = `${outDir}.old-${process.pid}-${Date.now()}-spare`;
    renameSync(spare, stale);
    removeInBackground(stale);
  }
  renameSync(making, spare);
  writeSpareRecord(spare, { of: statSync(outDir).ino, files: [...files], differ: [] });
}

/**
 * Deletes what processes that are gone left beside a folder: beside dist-data/, a new bundle
 * never put in place (the run was killed) or an old one whose deletion did not finish; beside
 * the cache folder, what pruneCache took out of it and had not deleted.
 */
function removeLeftovers(outDir: string): void {
  const name = path.basename(outDir);
  // The pid that made it: `<name>.tmp-<pid>`, `<name>.old-<pid>-<time>`.
  for (const sibling of filesIn(path.dirname(outDir))) if (leftBehind(sibling, [`${name}.tmp-`, `${name}.old-`])) removeInBackground(path.join(path.dirname(outDir), sibling));
}

/** Whether `name` is one of these prefixes and the pid of a process that is gone (another than this one): what a killed run left. */
function leftBehind(name: string, prefixes: readonly string[]): boolean {
  const kind = prefixes.find((prefix) => name.startsWith(prefix));
  const pid = kind ? Number.parseInt(name.slice(kind.length), 10) : NaN;
  return pid > 0 && pid !== process.pid && !isRunning(pid);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // someone else's process
  }
}

/** Unlinking tens of thousands of files takes longer than the rest of a warm build: a detached process does it. */
function removeInBackground(dir: string): void {
  spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
}

/** Writes a file's content (objects as JSON) to a path or an open file, from its start; its length in bytes. */
function writeOne(file: string | number, content: string | Buffer | object): number {
  const data = typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content);
  writeFileSync(file, data);
  return typeof data === 'string' ? Buffer.byteLength(data) : data.length;
}

function openSwap(outDir: string): Output {
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  removeLeftovers(outDir);
  const files = new Set<string>();
  // Files written of LARGE_FILE or more, which the spare gets as copies (makeSpare).
  const large = new Set<string>();
  const dirFor = folderMaker();
  const put = (rel: string, writeTo: (file: string) => number) => {
    const target = path.join(tmp, rel);
    dirFor(target);
    // A file carried over is a link to the current bundle's: writing through it would change
    // that bundle (and the site's copy of it) before this one is in place.
    if (files.has(rel)) rmSync(target);
    if (writeTo(target) >= LARGE_FILE) large.add(rel);
    else large.delete(rel);
    files.add(rel);
  };
  return {
    knowsFiles: false,
    reuseRest() {
      throw new Error('A swap without a spare does not know the current files');
    },
    write: (rel, content) => put(rel, (file) => writeOne(file, content)),
    ...partsWriters((rel, parts) => put(rel, (file) => writeAll(file, parts))),
    reuse(rel) {
      // Parts named by their content can repeat in a split index's manifest.
      if (files.has(rel)) return true;
      const target = path.join(tmp, rel);
      dirFor(target);
      try {
        linkSync(path.join(outDir, rel), target);
        files.add(rel);
        return true;
      } catch {
        return false;
      }
    },
    commit() {
      const old = existsSync(outDir) ? `${outDir}.old-${process.pid}-${Date.now()}` : null;
      if (old) renameSync(outDir, old);
      renameSync(tmp, outDir);
      // The old bundle is out of the way already. (A cold build has none, and starts no process.)
      if (old) removeInBackground(old);
      makeSpare(outDir, files, large);
      return { ino: statSync(outDir).ino, files };
    },
    abort() {
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

function openPatch(outDir: string, current: ReadonlySet<string>): Output {
  const files = new Set<string>();
  const staged: Array<{ rel: string; large: boolean }> = [];
  const temporary = (rel: string) => temporaryOf(outDir, rel);
  const dirFor = folderMaker();
  const put = (rel: string, writeTo: (file: string) => number) => {
    const target = temporary(rel);
    dirFor(target);
    const size = writeTo(target);
    files.add(rel);
    staged.push({ rel, large: size >= LARGE_FILE && current.has(rel) });
  };
  return {
    knowsFiles: true,
    write: (rel, content) => put(rel, (file) => writeOne(file, content)),
    ...partsWriters((rel, parts) => put(rel, (file) => writeAll(file, parts))),
    reuse(rel) {
      if (!current.has(rel)) return false;
      files.add(rel);
      return true;
    },
    reuseRest(except) {
      for (const rel of current) if (!except?.has(rel)) files.add(rel);
    },
    commit() {
      // Renaming over a large file frees its blocks there and then (tens of milliseconds for
      // llms-full.txt): the old one is moved aside first and deleted in the background. Each
      // commit's aside name is new: saves in quick succession come before the last one's delete
      // has run, and renaming over that file cost what moving aside avoids (80-110 ms of a dev
      // rebuild at 10,000 pages per language, ext4 also writing out the file renamed).
      const aside: string[] = [];
      for (const { rel, large } of staged) {
        const target = path.join(outDir, rel);
        if (large) renameSync(target, aside[aside.push(`${target}.old-${process.pid}-${process.hrtime.bigint()}`) - 1]!);
        renameSync(temporary(rel), target);
      }
      for (const file of aside) rm(file, { force: true }, () => {});
      for (const rel of current) if (!files.has(rel)) removeWithEmptyFolders(outDir, rel);
      return { ino: statSync(outDir).ino, files };
    },
    abort() {
      for (const { rel } of staged) rmSync(temporary(rel), { force: true });
    },
  };
}

/** Writes `parts` one after another, a batch of writeBatches at a time, to a path or an open file (from its start); the bytes written. */
function writeAll(file: string | number, parts: readonly Buffer[]): number {
  const fd = typeof file === 'number' ? file : openSync(file, 'w');
  let bytes = 0;
  try {
    for (const { batch, size } of writeBatches(parts)) {
      // A short write is finished from a copy (rare: regular files are written whole).
      const written = writevSync(fd, batch);
      if (written < size) writeSync(fd, Buffer.concat(batch).subarray(written));
      bytes += size;
    }
  } finally {
    if (fd !== file) closeSync(fd);
  }
  return bytes;
}

/** writeAll on libuv's threads, to a new file or over `own` one (then cut to its new length). */
async function writeAllSoon(file: string, parts: readonly Buffer[], own: boolean): Promise<void> {
  const handle = await open(file, own ? 'r+' : 'w');
  try {
    let bytes = 0;
    for (const { batch, size } of writeBatches(parts)) {
      const { bytesWritten } = await handle.writev(batch);
      if (bytesWritten < size) await handle.write(Buffer.concat(batch).subarray(bytesWritten));
      bytes += size;
    }
    if (own) await handle.truncate(bytes);
  } finally {
    await handle.close();
  }
}

/** `parts` a thousand at a time (a system call takes at most 1,024 buffers), with each batch's bytes. */
function* writeBatches(parts: readonly Buffer[]): Generator<{ batch: readonly Buffer[]; size: number }> {
  for (let start = 0; start < parts.length; start += 1000) {
    const batch = parts.slice(start, start + 1000);
    yield { batch, size: batch.reduce((sum, part) => sum + part.length, 0) };
  }
}

/** An output's writeParts, and its writePartsSoon made of it, at once: only a narrow run writes soon, and it goes through the spare (openSpare). */
function partsWriters(writeParts: Output['writeParts']): Pick<Output, 'writeParts' | 'writePartsSoon'> {
  return { writeParts, writePartsSoon: async (rel, parts) => writeParts(rel, parts) };
}

/** From this size, a file a patch replaces is deleted in the background, and a swap's new spare gets a copy of it, not a link (makeSpare). */
const LARGE_FILE = 1024 * 1024;

/** Creates a file's folder once per folder. */
function folderMaker(): (file: string) => void {
  const made = new Set<string>();
  return (file) => {
    const dir = path.dirname(file);
    if (made.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
}

/** A file of dist-data/ gone, and the folders it leaves empty (a deleted section's folder). */
function removeWithEmptyFolders(outDir: string, rel: string): void {
  rmSync(path.join(outDir, rel), { force: true });
  for (let dir = path.dirname(rel); dir !== '.'; dir = path.dirname(dir)) {
    try {
      rmdirSync(path.join(outDir, dir));
    } catch {
      return; // not empty
    }
  }
}

/**
 * A compiled page's content, written as soon as the page is compiled: one line of JSON with all
 * but the body, then the body's JSON as it goes into the record (never parsed on the way).
 */
export function writePageContent(cacheDir: string, key: string, { body, ...rest }: PageContent): void {
  mkdirSync(path.join(cacheDir, PAGES_FOLDER), { recursive: true });
  writeFileSync(path.join(cacheDir, PAGES_FOLDER, `${key}.json`), `${JSON.stringify(rest)}\n${body ?? 'null'}`);
}

/**
 * The body of a compiled page waiting for its samples' answers, set aside in `dir` (under the
 * cache) while the pages compile on: at 10,000 pages per language the pages compile faster than
 * TypeScript answers, and thousands of bodies waited in memory (stages/compile.ts). Removed once read back.
 */
export function setAsideBody(dir: string, index: number, body: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${index}.json`), body);
}

/** Removes the folder of bodies set aside by a run, whatever is left in it. */
export function removeSetAside(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A batch of samples' hovers, by cache key, for the next runs' hovers stage (discover.ts:
 * hoverCacheReader): one pack file for the batch, named by its content, then its keys appended
 * to the index of the pipeline's version: one file a batch, not one a sample, on the main thread
 * (content/ asks about some 300 samples, the 1,000+1,000 corpus 3,000). The pack is complete
 * before the index names it, so a run killed in between leaves only a pack no one reads.
 */
export function writeHoverPack(cacheDir: string, codeVersion: string, answers: ReadonlyArray<readonly [key: string, hovers: SampleHovers]>): void {
  if (answers.length === 0) return;
  const dir = path.join(cacheDir, HOVER_FOLDER);
  const text = answers.map(([key, hovers]) => `${key}\t${JSON.stringify(hovers)}\n`).join('');
  const pack = `${hashOf(text).slice(0, 20)}.tsv`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, pack), text);
  appendFileSync(path.join(dir, hoverIndexOf(codeVersion)), answers.map(([key]) => `${key}\t${pack}\n`).join(''));
}

/**
 * A narrow run's change to the state (read with `logged` changes in the log): logged too, or once
 * the log is long, the state with the change written whole and the log emptied. The new pages'
 * summaries are appended to theirs.
 */
export function writeStateChange(cacheDir: string, state: StateTable, logged: number, change: StateChange, summaries: ReadonlyMap<string, PageSummary>): void {
  appendFileSync(path.join(cacheDir, SUMMARIES_LOG), [...summaries].map(([key, summary]) => KEYED_LINES.entry(key, JSON.stringify(summary), false)).join(''));
  if (logged < STATE_LOG_MAX) {
    appendFileSync(path.join(cacheDir, STATE_LOG), `${JSON.stringify(change)}\n`);
    return;
  }
  if (!state.apply(change)) throw new Error('a narrow run changed a file or route its state does not have');
  writeFileSync(path.join(cacheDir, 'state.json'), JSON.stringify(state.data));
  rmSync(path.join(cacheDir, STATE_LOG), { force: true });
}

/**
 * A file of a dev session's bundle written after its run (llms-full.txt, see writeSiteFiles in
 * stages/records.ts): beside its target, then renamed over it. This runs when edits pause or the
 * session closes, so the old file is freed there and then, not moved aside for a delete in the
 * background that a closing process would not wait for. Nothing is written when dist-data/ is no
 * longer that bundle: the run that replaced it wrote its own.
 */
export function writeIntoBundle(outDir: string, bundle: Bundle, rel: string, parts: readonly Buffer[]): void {
  if (statSync(outDir, { throwIfNoEntry: false })?.ino !== bundle.ino) return;
  const temporary = temporaryOf(outDir, rel);
  writeAll(temporary, parts);
  renameSync(temporary, path.join(outDir, rel));
}

/** Where a dev session's patch writes a file of dist-data/ before renaming it over its target. */
const temporaryOf = (outDir: string, rel: string) => path.join(outDir, `${rel}.tmp-${process.pid}`);

/** Whether a dev session's writes to dist-data/ are ahead of the state it saved: marked before it writes, cleared once it saved (see BUNDLE_UNSAVED). */
export function markBundleUnsaved(cacheDir: string, unsaved: boolean): void {
  const file = path.join(cacheDir, BUNDLE_UNSAVED);
  if (!unsaved) return rmSync(file, { force: true });
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, '');
}

export function writeStamp(cacheDir: string, stamp: BuildStamp): void {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(path.join(cacheDir, 'stamp.json'), JSON.stringify(stamp));
}

/**
 * `JSON.stringify(record)` as UTF-8 bytes, made an entry at a time into parts of about
 * JSON_PART_CHARS characters: the cache's summaries and search records are records of thousands of
 * entries, and as one string (two bytes a character once it holds one outside Latin-1) their JSON
 * was about 600 MB of the data step's heap at its peak, at 10,000 pages per language.
 */
export function* jsonParts(record: Readonly<Record<string, unknown>>): Generator<Buffer> {
  const entries = new EntryText(JSON_OBJECT);
  for (const [key, value] of Object.entries(record)) {
    const part = entries.add(key, value);
    if (part) yield part;
  }
  yield entries.end();
}

/** How keyed entries are written: as one JSON object, or a line each (`key`, a tab, the JSON) as the summaries' log. */
interface EntryFormat {
  start: string;
  entry(key: string, json: string, first: boolean): string;
  end: string;
}

const JSON_OBJECT: EntryFormat = { start: '{', entry: (key, json, first) => `${first ? '' : ','}${JSON.stringify(key)}:${json}`, end: '}' };
const KEYED_LINES: EntryFormat = { start: '', entry: (key, json) => `${key}\t${json}\n`, end: '' };

/** Keyed entries' text made an entry at a time, handed out in parts (see jsonParts). */
class EntryText {
  private text: string;
  private first = true;

  constructor(private readonly format: EntryFormat) {
    this.text = format.start;
  }

  /** The entry put after the others (none when its value has no JSON); the text so far, once it passes JSON_PART_CHARS. */
  add(key: string, value: unknown): Buffer | null {
    const json = JSON.stringify(value);
    if (json === undefined) return null;
    this.text += this.format.entry(key, json, this.first);
    this.first = false;
    if (this.text.length < JSON_PART_CHARS) return null;
    const part = Buffer.from(this.text);
    this.text = '';
    return part;
  }

  /** The rest of the text, closed. */
  end(): Buffer {
    return Buffer.from(`${this.text}${this.format.end}`);
  }
}

const JSON_PART_CHARS = 1 << 20;

/** `record` as JSON in `file`, each part written as it is made (jsonParts): never the whole text in memory. */
function writeJson(file: string, record: Readonly<Record<string, unknown>>): void {
  const fd = openSync(file, 'w');
  try {
    for (const part of jsonParts(record)) writeAll(fd, [part]);
  } finally {
    closeSync(fd);
  }
}

/** What a run writes of its cache ahead (writeAhead) is named `<prefix><pid>-<name>` in the cache folder until it is put in place under its name. */
const AHEAD_PREFIX = 'ahead-';

/**
 * Parts of the cache (the pages' summaries, a language's search records), each written as JSON to
 * a file of its own in the cache folder, for writeCache to put in place under its name: made
 * once final (the summaries once the pages are derived, the search records once the records are
 * written: see memo/run-memo.ts), and not held in memory until the cache is written
 * (at 10,000 pages per language, that was about 300 MB of array buffers at the data step's peak). Files
 * that runs which are gone left are removed first. Returns each part's file by the name writeCache
 * gives them (SUMMARIES_FILE, searchCacheFile).
 */
export function writeAhead(cacheDir: string, { summaries, search = {} }: { summaries?: BuildState['summaries']; search?: CacheContents['search'] }): Map<string, string> {
  mkdirSync(cacheDir, { recursive: true });
  for (const name of filesIn(cacheDir)) if (leftBehind(name, [AHEAD_PREFIX])) rmSync(path.join(cacheDir, name), { force: true });
  const parts: Array<[string, Readonly<Record<string, unknown>>]> = Object.entries(search).map(([lang, cache]) => [searchCacheFile(lang), cache]);
  if (summaries) parts.unshift([SUMMARIES_FILE, summaries]);
  const files = new Map<string, string>();
  for (const [name, value] of parts) {
    const file = aheadFile(cacheDir, name);
    writeJson(file, value);
    files.set(name, file);
  }
  return files;
}

/** Keyed entries of a file of the cache folder, written a part at a time as they come (openSearchAhead, setAsideSummaries). */
export interface AheadEntries<T> {
  add(key: string, value: T): void;
  /** The file closed; where it is. */
  close(): string;
  /** The file closed and removed: a run that will not use it. */
  abort(): void;
}

/**
 * A language's search records for the cache, written ahead as the records stage makes them, page
 * by page: the same file as writeAhead writes of the whole record at once (for writeCache to put
 * in place under searchCacheFile's name), which then need not be held until the stage ends.
 */
export function openSearchAhead(cacheDir: string, lang: string): AheadEntries<SearchCache[string]> {
  return aheadEntries(cacheDir, searchCacheFile(lang), JSON_OBJECT);
}

/**
 * The summaries of the pages a large site compiles past the first it holds (SUMMARIES_HELD in
 * stages/compile.ts), set aside in a file of the cache folder until the compile ends, a line each
 * as in the summaries' log: read back then (takeSetAsideSummaries in stages/discover.ts), once
 * the compile's workers are gone.
 */
export function setAsideSummaries(cacheDir: string): AheadEntries<PageSummary> {
  return aheadEntries(cacheDir, 'summaries-set-aside.tsv', KEYED_LINES);
}

/** Named as the parts of the cache written ahead, so that what a killed run left goes at the next (writeAhead). */
function aheadEntries<T>(cacheDir: string, name: string, format: EntryFormat): AheadEntries<T> {
  mkdirSync(cacheDir, { recursive: true });
  const file = aheadFile(cacheDir, name);
  const fd = openSync(file, 'w');
  const entries = new EntryText(format);
  return {
    add: (key, value) => {
      const part = entries.add(key, value);
      if (part) writeAll(fd, [part]);
    },
    close: () => {
      try {
        writeAll(fd, [entries.end()]);
      } finally {
        closeSync(fd);
      }
      return file;
    },
    abort: () => {
      closeSync(fd);
      rmSync(file, { force: true });
    },
  };
}

const aheadFile = (cacheDir: string, name: string): string => path.join(cacheDir, `${AHEAD_PREFIX}${process.pid}-${name}`);

/**
 * What changed of the cache: the state when it did, and the changed languages' search caches.
 * The state goes in two files: its summaries, most of its size, apart (see readState). A part
 * written ahead (`ahead`: its file by name, see writeAhead) is renamed into place, whatever the
 * contents hold for it; one that did not change (a state like the last run's) is removed.
 */
export function writeCache(cacheDir: string, contents: CacheContents, ahead: ReadonlyMap<string, string> = new Map()): void {
  mkdirSync(cacheDir, { recursive: true });
  const { state, search, bases } = contents;
  const put = (name: string, value: Readonly<Record<string, unknown>>) => {
    const written = ahead.get(name);
    if (written) renameSync(written, path.join(cacheDir, name));
    else writeJson(path.join(cacheDir, name), value);
  };
  if (state) {
    const { summaries, ...rest } = state;
    // Summaries first: a state is read with the summaries file beside it.
    put(SUMMARIES_FILE, summaries);
    rmSync(path.join(cacheDir, SUMMARIES_LOG), { force: true });
    writeFileSync(path.join(cacheDir, 'state.json'), JSON.stringify(tableOfState(rest)));
    // Changes logged onto the state before: stale now (and ignored if left: see readStateTable).
    rmSync(path.join(cacheDir, STATE_LOG), { force: true });
    // Written whole after a run, the state describes dist-data/ as that run left it.
    markBundleUnsaved(cacheDir, false);
  }
  for (const [lang, cache] of Object.entries(search)) put(searchCacheFile(lang), cache);
  for (const [lang, base] of Object.entries(bases)) writeFileSync(searchBasePath(cacheDir, lang), encodeSearchBase(base));
  for (const file of ahead.values()) rmSync(file, { force: true });
}

/**
 * Takes out of the cache what no later run reads: the compiled pages under keys that `pageKeys`
 * (this run's, every page's) do not hold, and the hovers' indexes of other versions of the
 * pipeline than `codeVersion` with the packs that only they name (`packs`: those its index names,
 * discover.ts: hoverPacksNamed); of those, the files written before `since` (the run's start).
 * A page's key holds the pipeline's version, so each change of the pipeline left the whole
 * site's compiled pages behind (1.6 GB in six at 1,000 pages per language). Moved out with a
 * rename each, then deleted by a detached process, as old bundles are: unlinking thousands of
 * files takes seconds (and, on a file system mounted with `discard`, waits for the disk).
 */
export function pruneCache(cacheDir: string, keep: { pageKeys: ReadonlySet<string>; codeVersion: string; packs: ReadonlySet<string> }, since: number): void {
  removeLeftovers(cacheDir);
  const stale: string[] = [];
  // A file written since the run started is another process's (a dev session's), whatever its name.
  const take = (file: string) => {
    if ((statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? since) < since) stale.push(file);
  };
  const pages = path.join(cacheDir, PAGES_FOLDER);
  for (const name of filesIn(pages)) if (!(name.endsWith('.json') && keep.pageKeys.has(name.slice(0, -'.json'.length)))) take(path.join(pages, name));
  const hovers = path.join(cacheDir, HOVER_FOLDER);
  const index = hoverIndexOf(keep.codeVersion);
  for (const name of filesIn(hovers)) if (name !== index && !keep.packs.has(name)) take(path.join(hovers, name));
  if (stale.length === 0) return;
  const aside = `${cacheDir}.old-${process.pid}-${Date.now()}`;
  mkdirSync(aside);
  stale.forEach((file, k) => renameSync(file, path.join(aside, String(k))));
  removeInBackground(aside);
}

/** The names in a folder, none when it is not there. */
function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Where a language's analyzed index is kept, in V8's serialization: at 10,000 pages per language
 * its 20 MB took 200 ms to read and parse as JSON and 90 ms so, a tenth of a one-page rebuild
 * in a new process (and it is written again after each).
 */
export const searchBasePath = (cacheDir: string, lang: string) => path.join(cacheDir, `search-base-${lang}.v8`);

/** How long bundles of a worker's older code stay (see writeWorkerBundle). */
const KEEP_OLD_BUNDLES_MS = 24 * 60 * 60 * 1000;

/**
 * A worker's bundle (see workers/worker.ts) in `dir` as `<name>-<hash of its code>.mjs`: written once,
 * under a temporary name renamed into place whole (processes may make the same bundle at once).
 * Bundles of the worker's older code are deleted once a day old: a process started earlier may
 * still start workers from one. The bundle's path.
 */
export function writeWorkerBundle(dir: string, name: string, code: string): string {
  const file = path.join(dir, `${name}-${hashOf(code).slice(0, 16)}.mjs`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  writeWhole(file, code);
  for (const entry of readdirSync(dir)) {
    const old = path.join(dir, entry);
    if (!entry.startsWith(`${name}-`) || old === file) continue;
    const stat = statSync(old, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > KEEP_OLD_BUNDLES_MS) rmSync(old, { force: true });
  }
  return file;
}

/** What a worker's bundle was made from (workers/worker.ts): the bundle, the project's files it was made from (relative to the project), and their key (runtime/bundle-inputs.mjs: inputsKey). */
export interface WorkerStamp {
  file: string;
  inputs: string[];
  key: string;
}

/** What a worker's bundle in `dir` was made from (workers/worker.ts): its file, its inputs and their key; null removes it. */
export function writeWorkerStamp(dir: string, name: string, stamp: WorkerStamp | null): void {
  const file = path.join(dir, `${name}.stamp.json`);
  if (stamp) writeWhole(file, JSON.stringify(stamp));
  else rmSync(file, { force: true });
}

/** `data` put under `file` whole, under a temporary name renamed into place: another process or thread may be reading it. */
function writeWhole(file: string, data: string): void {
  const temporary = `${file}.${process.pid}-${threadId}`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** `npm run search:export`'s two files in `outDir`: the hosted records and the index settings. */
export function writeSearchExport(outDir: string, indexName: string, records: unknown[], settings: object): { recordsFile: string; settingsFile: string } {
  mkdirSync(outDir, { recursive: true });
  const recordsFile = path.join(outDir, `${indexName}.records.json`);
  const settingsFile = path.join(outDir, `${indexName}.settings.json`);
  writeFileSync(recordsFile, `${JSON.stringify(records, null, 2)}\n`);
  writeFileSync(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);
  return { recordsFile, settingsFile };
}
