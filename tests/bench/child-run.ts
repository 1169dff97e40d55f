/**
 * A data step in its own process (pipeline-run.ts), as the pipeline and search benches run one:
 * its peak memory is the run's alone, and the bench's own process holds nothing of the build.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TreeMemory } from './tree-memory.ts';

const here = import.meta.dirname;

/** What pipeline-run.ts prints: wall and CPU time (ms), peak memory (MiB: its own, and of every process it started), the record sizes, and what the hovers asked and carried. */
export interface PipelineRun {
  ms: number;
  cpuMs: number;
  maxRssMiB: number;
  tree: TreeMemory;
  hovers: { samples: number; asked: number; hoveredNames: number; hoverTexts: number };
  ok: boolean;
  pages: number;
  compiled: number;
  recordRaw: number;
  recordGzip: number;
  errors: unknown[];
}

/** The last line of a child's output, as JSON. */
export function lastJsonLine<T>(out: string): T {
  return JSON.parse(out.trim().split('\n').at(-1)!) as T;
}

/** `npm run data` of the site at `root`, cold or warm as its cache is; throws when the build fails. */
export function pipelineRun(root: string): PipelineRun {
  // Bundled, as `npm run data` runs the pipeline (bundled-run.mjs), not compiled by tsx as it loads.
  const result = lastJsonLine<PipelineRun>(execFileSync(process.execPath, [path.join(here, 'bundled-run.mjs'), 'tests/bench/pipeline-run.ts', root], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
  if (!result.ok) throw new Error(`build failed in ${root}: ${JSON.stringify(result.errors)}`);
  return result;
}

/** Peak memory of a data step (MiB), by pages per language: 1 GiB up to 1,000, 1.5 GiB at 10,000. */
export function dataMemoryBudgetMiB(perLanguage: number): number {
  return perLanguage <= 1000 ? 1024 : 1536;
}
