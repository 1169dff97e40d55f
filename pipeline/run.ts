/**
 * What a run is asked to do (BuildOptions), what it answers (BuildResult), and what every stage
 * of it is given (Run): the paths, the options, the diagnostics collector, a dev session's
 * memory, what discover found, and the reads it answers later in the run.
 */
import type { Highlighter } from './compile/highlight.ts';
import type { Paths } from './context.ts';
import type { Diagnostic, Diagnostics } from './diagnostics.ts';
import type { HoverInfo } from './hovers/quick-info.ts';
import type { BuildMemory } from './memo/build-memory.ts';
import type { SearchLayoutOptions } from './search/layout.ts';
import type { Reads } from './stages/discover.ts';
import type { Discovered } from './types.ts';

export interface BuildOptions {
  root: string;
  /** Defaults: <root>/content, <root>/dist-data, <root>/.cache/pipeline, and the pipeline's own project. */
  paths?: Partial<Paths>;
  /** Reuse a highlighter across runs (watch mode, tests). */
  highlighter?: Highlighter;
  /** Skip the cache entirely (both reading and writing). */
  noCache?: boolean;
  /**
   * Write dist-data/ even when pages have errors (pages whose record is invalid are left out).
   * For previews while writing (dev mode); a build for publishing never sets it.
   */
  force?: boolean;
  /** Upper bound on compile worker threads (default: the machine's cores, at most 4). */
  maxWorkers?: number;
  /** Markdown each compile worker must have (default SOURCE_PER_WORKER_MIN; tests: workers on a small site). */
  sourcePerWorker?: number;
  /** Characters of bodies waiting for their hovers held in memory, the rest set aside on disk (default WAITING_IN_MEMORY; tests: none). */
  waitingInMemory?: number;
  /** Old generation of the hovers' worker, in MB (default HOVERS_OLD_GENERATION_MB; tests: too small, so that the stage goes on without it). */
  hoversOldGenerationMb?: number;
  /** Pages a run with a cache may compile and hold their summaries in memory meanwhile; one that compiles more sets them all aside on disk until the compile ends (default SUMMARIES_HELD; tests: fewer). */
  summariesHeld?: number;
  /** From this many pages a cold build analyzes search records in a worker (default SEARCH_WORKER_MIN_PAGES). */
  searchWorkerFrom?: number;
  /** From this many pages a cold build analyzes the search records of its languages after the first in workers (default SEARCH_SPLIT_MIN_PAGES). */
  searchSplitFrom?: number;
  /** When to split a language's search index, and into parts of what size (tests: a small site's index split). */
  searchLayout?: SearchLayoutOptions;
  /**
   * Kept by a caller that builds again and again (the dev server): the cache is read from it
   * instead of disk once it holds it, and written to disk only by saveBuildMemory.
   */
  memory?: BuildMemory;
  /**
   * With `memory`: the paths under content/ that changed since this memory's last run, as a
   * file watcher reports them; only those are looked at again. Without it, every file is.
   */
  changed?: Iterable<string>;
  /**
   * With `memory`: write dist-data/ and every search index even when they are up to date, so
   * that the memory holds all that later runs reuse (the dev server's first run: without it,
   * the first save would do that work).
   */
  prime?: boolean;
  /** Filled with each stage's wall time in ms, by stage name, when given (the site benchmark prints them). */
  timings?: Record<string, number>;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  pages: number;
  /** Pages compiled in this run (the rest came from the cache). */
  compiled: number;
  /** Whether dist-data/ was replaced. */
  emitted: boolean;
  /** Whether the run worked from the changed pages alone, the rest of the site carried over (see memo/narrow.ts). */
  narrow?: true;
  /** Config samples whose hovers the pages compiled needed, those TypeScript was asked about, and how long that took (ms); absent when the run stopped at once, nothing changed. */
  hovers?: HoverWork;
}

/** What the hovers stage (stages/hovers.ts) did, for the bench: samples asked about, and those the cache answered. */
export interface HoverWork {
  samples: number;
  computed: number;
  /** Time spent in the stage, in milliseconds, wherever it ran (on a worker thread, while the pages compiled). */
  ms: number;
  /** Time the run spent on hovers after the pages compiled, in milliseconds: waiting for the stage, and putting its answers into the pages. */
  waitedMs: number;
}

/** One run, as every stage sees it. */
export interface Run {
  paths: Paths;
  options: BuildOptions;
  diagnostics: Diagnostics;
  /** A dev session's memory (none with noCache). */
  kept: BuildMemory | undefined;
  found: Discovered;
  reads: Reads;
  /** Hash of what this run read (see inputsStampOf); null when it leaves no stamp (dev session, noCache, prime). */
  readInputs: string | null;
  /** What the hovers stage did in this run (stages/hovers.ts), reported to the caller. */
  hoverWork: HoverWork;
  /** Each export of @rslib/core's declaration as the hovers print it, by where our pages document it (HoverInfo.page): hovers/exports-probe.ts. */
  exportInfos: Map<string, HoverInfo>;
  /** The probe's sample key, once the hovers stage has it. */
  exportsProbe?: string;
  /** When the run started (Date.now()): what another process (a dev session) wrote to the cache since is not this run's to prune. */
  startedAt: number;
}
