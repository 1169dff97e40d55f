/**
 * Pipeline benchmark: cold, warm and one-page-touched builds of the real content/ and of
 * generated corpora (BENCH_PAGES, default 1,000 and 10,000 pages per language), with peak memory,
 * record sizes and search index sizes.
 * Budgets: cold 1,000+1,000 under 20 s and 1 GiB (issue 2); cold 10,000+10,000 under 3 min and
 * 1.5 GiB (issue 7); a warm rebuild after one change under 1 s at every size.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { writeCorpus } from './corpus.ts';
import { printRows, type Row } from './report.ts';

const here = import.meta.dirname;
const tsx = path.resolve(here, '../../node_modules/.bin/tsx');

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

/** Every file of a language's index: `search/<lang>.json` and, when split, `search/<lang>/*`. */
function searchIndexGzipKB(root: string, lang: string): number {
  const dir = path.join(root, 'dist-data', 'search');
  const files = [path.join(dir, `${lang}.json`), ...(existsSync(path.join(dir, lang)) ? readdirSync(path.join(dir, lang)).map((f) => path.join(dir, lang, f)) : [])];
  const total = files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
  return Math.round(total / 102.4) / 10;
}

/** Budgets by size: issue 2 for 1,000 pages per language, issue 7 for 10,000. */
const BUDGETS: Record<number, { cold: number; memory: number }> = {
  2002: { cold: 20, memory: 1024 },
  20002: { cold: 180, memory: 1536 },
};

function scenario(label: string, root: string, touch: string): Row[] {
  rmSync(path.join(root, '.cache'), { recursive: true, force: true });
  rmSync(path.join(root, 'dist-data'), { recursive: true, force: true });
  const cold = run(root);
  const warm = run(root);
  appendFileSync(path.join(root, 'content', touch), '\nOne more sentence for the benchmark.\n');
  const touched = run(root);
  if (touched.compiled !== 1) throw new Error(`expected one page recompiled, got ${touched.compiled}`);
  const budget = BUDGETS[cold.pages];
  return [
    { name: `${label}: cold build (${cold.pages} pages)`, value: cold.ms / 1000, unit: 's', ...(budget ? { budget: budget.cold } : {}) },
    { name: `${label}: pages per second (cold)`, value: Math.round(cold.pages / (cold.ms / 1000)), unit: 'pg/s' },
    { name: `${label}: peak memory (cold)`, value: Math.round(cold.maxRssMiB), unit: 'MiB', ...(budget ? { budget: budget.memory } : {}) },
    { name: `${label}: warm build, nothing changed`, value: warm.ms / 1000, unit: 's', budget: 1 },
    { name: `${label}: warm build, one page changed`, value: touched.ms / 1000, unit: 's', budget: 1 },
    { name: `${label}: peak memory (warm, one page changed)`, value: Math.round(touched.maxRssMiB), unit: 'MiB' },
    { name: `${label}: average record size raw`, value: Math.round(cold.recordRaw / 102.4) / 10, unit: 'KB' },
    { name: `${label}: average record size gzip`, value: Math.round(cold.recordGzip / 102.4) / 10, unit: 'KB' },
    { name: `${label}: search index en (all files, gzip; a first query needs less)`, value: searchIndexGzipKB(root, 'en'), unit: 'KB' },
    { name: `${label}: search index zh (all files, gzip)`, value: searchIndexGzipKB(root, 'zh'), unit: 'KB' },
  ];
}

const scales = (process.env.BENCH_PAGES ?? '1000,10000').split(',').map(Number).filter((n) => n > 0);
const work = mkdtempSync(path.join(os.tmpdir(), 'rslib-docs-bench-'));
try {
  const real = path.join(work, 'real');
  cpSync(path.resolve(here, '../../content'), path.join(real, 'content'), { recursive: true });
  const rows = scenario('content/', real, 'en/guide/start/quick-start.md');
  for (const perLanguage of scales) {
    const corpus = path.join(work, `corpus-${perLanguage}`);
    writeCorpus(corpus, perLanguage);
    rows.push(...scenario(`corpus ${perLanguage}+${perLanguage}`, corpus, 'en/docs/p1.md'));
    rmSync(corpus, { recursive: true, force: true });
  }
  process.exitCode = printRows('Pipeline (npm run data, in-process time; memory is the whole process)', rows) ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
