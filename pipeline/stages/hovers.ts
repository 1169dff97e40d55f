/**
 * Stage 2a, hovers: before pages compile, TypeScript's language server is asked about every
 * name of their config samples (hovers/quick-info.ts), once for all of them: a sample shown in
 * both languages, or on several pages, is one sample. Each sample's answer is kept in the cache,
 * keyed by the sample and the pipeline's version (which covers the installed declarations,
 * memo/code-version.ts), so a warm one-page edit asks only about that page's changed samples,
 * and a run whose samples are all known never starts TypeScript.
 */
import { createHash } from 'node:crypto';
import type { CompileInput } from '../compile/compile-page.ts';
import { samplesOfPage } from '../hovers/page-samples.ts';
import { quickInfoOf, type SampleHovers } from '../hovers/quick-info.ts';
import { sampleKey, type SampleBlock } from '../hovers/sample.ts';
import type { HoverWork, Run } from '../run.ts';
import { writeHovers } from './emit.ts';

/** The inputs, each with the hovers of its samples. */
export async function addHovers(run: Run, inputs: readonly CompileInput[], work?: HoverWork): Promise<CompileInput[]> {
  const started = performance.now();
  const samplesOf = inputs.map((input) => samplesOfPage(input.source));
  const all = new Map<string, SampleBlock>();
  for (const samples of samplesOf) for (const sample of samples) all.set(sampleKey(sample), sample);
  if (all.size === 0) return [...inputs];
  const cacheKey = (key: string) => createHash('sha256').update(`${run.found.codeVersion}\0${key}`).digest('hex').slice(0, 32);
  const known = new Map<string, SampleHovers>();
  const missing = new Map<string, SampleBlock>();
  for (const [key, sample] of all) {
    const cached = run.options.noCache ? null : run.reads.hovers(cacheKey(key));
    if (cached) known.set(key, cached);
    else missing.set(key, sample);
  }
  if (missing.size > 0) {
    // Sorted: the language server gets the same files in the same order on every run.
    const sorted = new Map([...missing].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const [key, hovers] of await quickInfoOf(run.paths.code, sorted)) {
      known.set(key, hovers);
      if (!run.options.noCache) writeHovers(run.paths.cache, cacheKey(key), hovers);
    }
  }
  if (work) {
    work.samples += all.size;
    work.computed += missing.size;
    work.ms += performance.now() - started;
  }
  return inputs.map((input, i) => (samplesOf[i]!.length ? { ...input, hovers: Object.fromEntries(samplesOf[i]!.map((sample) => [sampleKey(sample), known.get(sampleKey(sample))!])) } : input));
}
