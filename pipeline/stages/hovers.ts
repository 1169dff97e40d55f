/**
 * Stage 2a, hovers: TypeScript's language server is asked about every name of the pages' config
 * samples (hovers/quick-info.ts), once for all of them: a sample shown in both languages, or on
 * several pages, is one sample. Each sample's answer is kept in the cache, keyed by the sample
 * and the pipeline's version (which covers the installed declarations and TypeScript,
 * memo/code-version.ts), so a warm one-page edit asks only about that page's changed samples,
 * and a run whose samples are all known never starts TypeScript. When many pages may have
 * samples, TypeScript is asked on a worker thread while the pages compile on this one; the
 * answers go into the compiled pages afterwards (hovers/apply.ts).
 */
import { createHash } from 'node:crypto';
import type { CompileInput } from '../compile/compile-page.ts';
import { mayHaveSamples, samplesOfPage } from '../hovers/page-samples.ts';
import { quickInfoOf, type SampleHovers } from '../hovers/quick-info.ts';
import { sampleKey, type SampleBlock } from '../hovers/sample.ts';
import type { HoverWork, Run } from '../run.ts';
import { startWorker } from '../workers/worker.ts';
import { compileOrder } from '../workers/compile-pool.ts';
import { exportsProbe } from '../hovers/exports-probe.ts';
import { writeHoverPack } from './emit.ts';

/**
 * Pages that may have samples (hovers/page-samples.ts: mayHaveSamples) from which the stage runs
 * on a worker thread: its start-up (a third of a second, on the other core) is then well paid.
 */
export const HOVER_WORKER_MIN_PAGES = 8;

/**
 * The old generation the hovers' worker may grow to, in MB. What it holds alive stayed at
 * 100-135 MB through a cold 10,000+10,000 build (each thread's heap logged), but under the
 * process's own ceiling V8 let its heap grow to some 430 MB between collections, beside the
 * compile's workers; under this one V8 collects sooner (a lower ceiling lowers how far past what
 * it holds a heap may grow) and its heap stayed at 125-200 MB. A worker that runs out of it hands
 * the samples it has not answered to this thread (askHovers).
 */
export const HOVERS_OLD_GENERATION_MB = 384;

/** Where the stage's answers are kept, and what decides them. */
export interface HoverPlace {
  /** The project whose node_modules hold the declarations and TypeScript. */
  code: string;
  /** The pipeline's cache folder, with the pipeline's version; no cache with `noCache`. */
  cache: string;
  codeVersion: string;
  noCache: boolean;
}

/**
 * What the stage's worker is given: the project whose node_modules hold the declarations and
 * TypeScript, and the samples to ask about (sorted by key). It answers with each one's hovers.
 * The worker only asks: this thread finds the samples and reads and writes the cache, so that
 * the worker loads TypeScript's client and nothing of the pipeline (it starts the server sooner).
 */
export interface HoverJob {
  code: string;
  samples: Array<[string, SampleBlock]>;
}
/** The worker's messages: answers as they come, a few hundred at a time, then the end. */
export type HoverJobMessage = { answers: Array<[string, SampleHovers]> } | { done: true };

/** The stage under way: its answers by sample key, and a way to stop it when the run fails first. */
export interface HoversUnderWay {
  /** Every answer not handed to a listener (onAnswers), once all are in. */
  hovers: Promise<Map<string, SampleHovers>>;
  /**
   * Hands `listener` the answers known now (the cache's, and those that came before it), then
   * each batch as it comes. They are the listener's to keep: the stage lets go of them.
   */
  onAnswers(listener: (answers: ReadonlyMap<string, SampleHovers>) => void): void;
  /** Stops the stage's worker, if it is still at work. */
  cancel(): void;
}

/**
 * Starts asking about the samples of these pages that the cache does not know: on a worker
 * thread when many pages may have samples, else here (then it goes on when this thread waits).
 * `run.hoverWork` gets what it did.
 */
export function startHovers(run: Run, inputs: readonly CompileInput[]): HoversUnderWay & { uses: Map<string, number> } {
  const started = performance.now();
  // In the order the pages compile in (workers/compile-pool.ts): a page's answers come about when it is compiled.
  const sources = compileOrder(inputs).map((index) => inputs[index]!.source).filter(mayHaveSamples);
  const all = new Map<string, SampleBlock>();
  // How many of the pages have each sample.
  const uses = new Map<string, number>();
  for (const source of sources) {
    const keys = new Set<string>();
    for (const sample of samplesOfPage(source)) {
      const key = sampleKey(sample);
      all.set(key, sample);
      keys.add(key);
    }
    for (const key of keys) uses.set(key, (uses.get(key) ?? 0) + 1);
  }
  return { ...askHovers(run, withExportsProbe(run, all), sources.length >= HOVER_WORKER_MIN_PAGES, started), uses };
}

/**
 * The samples with the probe of @rslib/core's exports first (hovers/exports-probe.ts), whose
 * answer, when it comes, says how each export is declared (`run.exportInfos`), for
 * dist-data/names.json. Only a run that compiles pages asks: the others carry names.json over.
 */
function withExportsProbe(run: Run, samples: ReadonlyMap<string, SampleBlock>): Map<string, SampleBlock> {
  const probe = exportsProbe(run.found.rslibExports);
  if (!probe) return new Map(samples);
  const key = sampleKey(probe);
  run.exportsProbe = key;
  return new Map([[key, probe], ...samples]);
}

/**
 * The hovers of these samples (by key): from the cache, else from TypeScript (on a worker thread
 * when `onWorker`), which is asked about the missing ones at once, in the order given, and hands
 * them over as they come.
 */
function askHovers(run: Run, samples: ReadonlyMap<string, SampleBlock>, onWorker: boolean, started = performance.now()): HoversUnderWay {
  const place = placeOf(run);
  const { hovers, missing } = cachedHovers(run, place, samples);
  const listeners: Array<(answers: ReadonlyMap<string, SampleHovers>) => void> = [];
  const packing = packer(place);
  // The samples TypeScript has answered.
  const answered = new Set<string>();
  const take = (answers: ReadonlyMap<string, SampleHovers>) => {
    for (const key of answers.keys()) answered.add(key);
    // Kept for the stage's end only while no listener has them: at 10,000 pages per language the
    // answers ran ahead of the compile, and held here to its end they were some 85 MB of the main
    // thread's heap where the data step peaks (the compile lets each go once its pages have it).
    if (listeners.length === 0) for (const [key, answer] of answers) hovers.set(key, answer);
    packing.add(answers);
    noteExports(run, answers);
    for (const listener of listeners) listener(answers);
  };
  const onAnswers = (listener: (answers: ReadonlyMap<string, SampleHovers>) => void) => {
    listeners.push(listener);
    listener(hovers);
    hovers.clear();
  };
  noteExports(run, hovers);
  const done = () => {
    packing.flush();
    // The pages' samples: the probe of the package's exports is none of them.
    const probe = (of: ReadonlyMap<string, SampleBlock>) => (run.exportsProbe && of.has(run.exportsProbe) ? 1 : 0);
    count(run, { samples: samples.size - probe(samples), computed: missing.size - probe(missing), ms: samples.size > 0 ? performance.now() - started : 0 });
    return hovers;
  };
  if (missing.size === 0) return { hovers: Promise.resolve(done()), onAnswers, cancel: () => undefined };
  if (!onWorker) return { hovers: quickInfoOf(place.code, missing, take).then(done), onAnswers, cancel: () => undefined };
  const worker = startWorker(new URL('../workers/hovers-worker.ts', import.meta.url), { code: place.code, samples: [...missing] } satisfies HoverJob, { youngGeneration: 'v8', oldGenerationMb: run.options.hoversOldGenerationMb ?? HOVERS_OLD_GENERATION_MB });
  const answers = new Promise<Map<string, SampleHovers>>((resolve, reject) => {
    let outOfMemory = false;
    worker.on('message', (message: HoverJobMessage) => {
      if ('answers' in message) take(new Map(message.answers));
      else resolve(done());
    });
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY') return reject(error);
      // The samples it had not answered are asked here.
      outOfMemory = true;
      const unanswered = new Map([...missing].filter(([key]) => !answered.has(key)));
      quickInfoOf(place.code, unanswered, take).then(() => resolve(done()), reject);
    });
    worker.once('exit', (code) => outOfMemory || reject(new Error(`hovers worker exited with code ${code} before it answered`)));
  });
  answers.catch(() => undefined); // awaited by the caller; a cancelled stage's rejection is expected
  return { hovers: answers, onAnswers, cancel: () => void worker.terminate() };
}

/**
 * The cache's hovers of these samples, and the samples it does not know, in the order given: the
 * language server gets the same files in the same order on every run. (A name is asked about in
 * the first sample that has it, and answered alike in any: the order decides only when an answer
 * is there.)
 */
function cachedHovers(run: Run, place: HoverPlace, samples: ReadonlyMap<string, SampleBlock>): { hovers: Map<string, SampleHovers>; missing: Map<string, SampleBlock> } {
  const hovers = new Map<string, SampleHovers>();
  const missing = new Map<string, SampleBlock>();
  for (const [key, sample] of samples) {
    const cached = place.noCache ? null : run.reads.hovers(place.codeVersion, cacheKeyOf(place, key));
    if (cached) hovers.set(key, cached);
    else missing.set(key, sample);
  }
  return { hovers, missing };
}

/**
 * Answers kept in the cache for the next run, a pack of at least PACK_ANSWERS at a time (and the
 * rest once all are in): TypeScript's answers come a few dozen at a time, and a pack is a file.
 */
function packer(place: HoverPlace): { add(answers: ReadonlyMap<string, SampleHovers>): void; flush(): void } {
  let packing: Array<readonly [string, SampleHovers]> = [];
  const flush = () => {
    if (!place.noCache) writeHoverPack(place.cache, place.codeVersion, packing);
    packing = [];
  };
  return {
    add(answers) {
      for (const [key, answer] of answers) packing.push([cacheKeyOf(place, key), answer]);
      if (packing.length >= PACK_ANSWERS) flush();
    },
    flush,
  };
}

/** Answers a pack of the cache holds, at least (but the last of a run). */
const PACK_ANSWERS = 500;

const cacheKeyOf = (place: HoverPlace, key: string) => createHash('sha256').update(`${place.codeVersion}\0${key}`).digest('hex').slice(0, 32);

/**
 * The hovers of samples the pages have and the stage did not find before they compiled (one in
 * a shared fragment, or one its scan does not read as the parser does), asked about here, after
 * the compile; `run.hoverWork` counts them.
 */
export async function hoversOfMissed(run: Run, samples: ReadonlyMap<string, SampleBlock>): Promise<Map<string, SampleHovers>> {
  return samples.size === 0 ? new Map() : askHovers(run, samples, false).hovers;
}

/** The exports' declarations, from the probe's answer among these (withExportsProbe). */
function noteExports(run: Run, answers: ReadonlyMap<string, SampleHovers>): void {
  const probe = run.exportsProbe ? answers.get(run.exportsProbe) : undefined;
  for (const info of probe?.infos ?? []) if (info.page) run.exportInfos.set(info.page, info);
}

/** Adds what the stage did to the run's tally (`run.hoverWork`). */
function count(run: Run, work: Omit<HoverWork, 'waitedMs'>): void {
  run.hoverWork.samples += work.samples;
  run.hoverWork.computed += work.computed;
  run.hoverWork.ms += work.ms;
}

const placeOf = (run: Run): HoverPlace => ({ code: run.paths.code, cache: run.paths.cache, codeVersion: run.found.codeVersion, noCache: Boolean(run.options.noCache) });
