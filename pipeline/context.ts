/**
 * What every stage is given: where things are, the validated site config, the shared
 * highlighter and the diagnostics collector. Created once per run by build.ts; no stage keeps
 * state of its own between runs.
 */
import type { SiteConfig } from '../schemas/site.ts';
import type { Diagnostics } from './diagnostics.ts';
import type { Highlighter } from './highlight.ts';

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

export interface BuildContext {
  paths: Paths;
  site: SiteConfig;
  diagnostics: Diagnostics;
  highlighter: Highlighter;
}
