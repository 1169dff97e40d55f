/**
 * Pipeline benchmark: cold, warm and one-page-touched builds of the real content/ and of a
 * generated corpus of 1,000 pages per language, with peak memory and record sizes.
 * Budgets (issue 2): cold 1,000+1,000 under 20 s and 1 GiB; warm rebuild after one change under 1 s.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeCorpus } from './corpus.ts';
import { printRows, type Row } from './report.ts';

const here = import.meta.dirname;
const tsx = path.resolve(here, '../../node_modules/.bin/tsx');
const perLanguage = Number(process.env.BENCH_PAGES ?? 1000);

interface Run {
  ms: number;
  maxRssMiB: number;
  ok: boolean;
  pages: number;
  compiled: number;
  recordRaw: number;
  recordGzip: number;
  errors: unknown[];
}

function run(root: string): Run {
  const out = execFileSync(tsx, [path.join(here, 'pipeline-run.ts'), root], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(out.trim().split('\n').at(-1)!) as Run;
  if (!result.ok) throw new Error(`build failed in ${root}: ${JSON.stringify(result.errors)}`);
  return result;
}

function scenario(label: string, root: string, touch: string): { rows: Row[]; cold: Run } {
  rmSync(path.join(root, '.cache'), { recursive: true, force: true });
  rmSync(path.join(root, 'dist-data'), { recursive: true, force: true });
  const cold = run(root);
  const warm = run(root);
  appendFileSync(path.join(root, 'content', touch), '\nOne more sentence for the benchmark.\n');
  const touched = run(root);
  if (touched.compiled !== 1) throw new Error(`expected one page recompiled, got ${touched.compiled}`);
  const big = cold.pages >= 2000;
  return {
    cold,
    rows: [
      { name: `${label}: cold build (${cold.pages} pages)`, value: cold.ms / 1000, unit: 's', ...(big ? { budget: 20 } : {}) },
      { name: `${label}: pages per second (cold)`, value: Math.round(cold.pages / (cold.ms / 1000)), unit: 'pg/s' },
      { name: `${label}: peak memory (cold)`, value: Math.round(cold.maxRssMiB), unit: 'MiB', ...(big ? { budget: 1024 } : {}) },
      { name: `${label}: warm build, nothing changed`, value: warm.ms / 1000, unit: 's', budget: 1 },
      { name: `${label}: warm build, one page changed`, value: touched.ms / 1000, unit: 's', budget: 1 },
      { name: `${label}: average record size raw`, value: Math.round(cold.recordRaw / 102.4) / 10, unit: 'KB' },
      { name: `${label}: average record size gzip`, value: Math.round(cold.recordGzip / 102.4) / 10, unit: 'KB' },
    ],
  };
}

const work = mkdtempSync(path.join(os.tmpdir(), 'rslib-docs-bench-'));
try {
  const real = path.join(work, 'real');
  cpSync(path.resolve(here, '../../content'), path.join(real, 'content'), { recursive: true });
  const enPages = readdirSync(path.join(real, 'content/en/guide/start'));
  const realResult = scenario('content/', real, `en/guide/start/${enPages.find((f) => f.endsWith('.md'))}`);
  const corpus = path.join(work, 'corpus');
  writeCorpus(corpus, perLanguage);
  const corpusResult = scenario(`corpus ${perLanguage}+${perLanguage}`, corpus, 'en/docs/p1.md');
  const ok = printRows('Pipeline', [...realResult.rows, ...corpusResult.rows]);
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
