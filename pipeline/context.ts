/**
 * Where a run reads and writes (Paths). Stages are given what they need as arguments (the site config, the highlighter of
 * the run, the diagnostics collector); no stage keeps state of its own between runs.
 */

export interface Paths {
  /** Project root; file names in messages are relative to it. */
  root: string;
  /** content/ */
  content: string;
  /** dist-data/ */
  out: string;
  /** Where compiled pages are cached between runs. */
  cache: string;
  /** The project whose pipeline/, schemas/ and package-lock.json make the pipeline's version (see memo/code-version.ts). */
  code: string;
}
