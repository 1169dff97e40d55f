/**
 * Where a run reads and writes (Paths), and the pipeline's version, which every cache key
 * includes. Stages are given what they need as arguments (the site config, the highlighter of
 * the run, the diagnostics collector); no stage keeps state of its own between runs.
 */

/** Bump when the output of compiling a page changes, so cached pages are recompiled. */
export const PIPELINE_VERSION = 11;

export interface Paths {
  /** Project root; file names in messages are relative to it. */
  root: string;
  /** content/ */
  content: string;
  /** dist-data/ */
  out: string;
  /** Where compiled pages are cached between runs. */
  cache: string;
}
