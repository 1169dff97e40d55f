/**
 * The hovers of config samples (issue 42): what asking TypeScript about every sample's names
 * costs, cold (every sample of content/, one language service) and warm after a one-page edit
 * (that page's changed sample only), and what they add to a config page's record. Runs on a copy
 * of content/ in a temporary folder, in this process.
 *
 * Budgets: a warm one-page edit asks TypeScript about the changed samples only (1 here), and no
 * config page's record (that of /config/lib/format, and the one that grows most) grows by more
 * than half, gzip.
 *
 *   npm run bench -- hovers
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { build } from '../../pipeline/build.ts';
import type { HastChild, HastRoot } from '../../schemas/hast.ts';
import { printRows, type Row } from './report.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const root = mkdtempSync(path.join(os.tmpdir(), 'rslib-docs-hovers-bench-'));
const EDITED = 'content/en/config/lib/format.md';

/** The body as it would be without hovers: the names unwrapped, the queries' answers and the table gone. */
function withoutHovers(body: HastRoot): HastRoot {
  const strip = (nodes: readonly HastChild[]): HastChild[] => {
    const out: HastChild[] = [];
    for (const node of nodes) {
      if (node.type === 'text') {
        const last = out.at(-1);
        if (last?.type === 'text') last.value += node.value;
        else out.push({ ...node });
      } else if (node.tagName === 'code-hovers') continue;
      else if (node.properties.dataHover !== undefined) out.push(...strip(node.children));
      else {
        const { dataQuery: _, ...properties } = node.properties;
        if (node.properties.dataQuery !== undefined) delete properties.style;
        out.push({ ...node, properties, children: strip(node.children) });
      }
    }
    return out;
  };
  return { type: 'root', children: strip(body.children) };
}

try {
  cpSync(path.join(projectRoot, 'content'), path.join(root, 'content'), { recursive: true });
  let started = performance.now();
  const cold = await build({ root });
  const coldMs = performance.now() - started;
  if (!cold.ok) throw new Error(`cold build failed: ${JSON.stringify(cold.diagnostics.slice(0, 3))}`);

  const file = path.join(root, EDITED);
  writeFileSync(file, readFileSync(file, 'utf8').replace("lib: [{ format: 'esm' }, { format: 'cjs' }],", "lib: [{ format: 'cjs' }, { format: 'esm' }],"));
  started = performance.now();
  const warm = await build({ root });
  const warmMs = performance.now() - started;
  if (!warm.ok) throw new Error('warm build failed');

  // A prose edit of a page with samples: their hovers and highlighted blocks come from the cache.
  const prose = path.join(root, 'content/en/guide/start/quick-start.md');
  writeFileSync(prose, `${readFileSync(prose, 'utf8')}\nOne more sentence for the benchmark.\n`);
  started = performance.now();
  const proseEdit = await build({ root });
  const proseMs = performance.now() - started;
  if (!proseEdit.ok) throw new Error('prose edit build failed');

  const gzip = (bytes: Buffer) => gzipSync(bytes).length / 1024;
  /** A record's gzip size with its hovers, and as it would be without them. */
  const sizes = (file: string) => {
    const record = readFileSync(file);
    const parsed = JSON.parse(record.toString()) as { body: HastRoot };
    return { with: gzip(record), without: gzip(Buffer.from(JSON.stringify({ ...parsed, body: withoutHovers(parsed.body) }))) };
  };
  const format = sizes(path.join(root, 'dist-data/pages/en/config/lib/format.json'));
  const growth = format.with / format.without - 1;
  // Every config page of both languages: the one whose record grows most.
  const configPages = (readdirSync(path.join(root, 'dist-data/pages'), { recursive: true }) as string[]).filter((rel) => /^(en|zh)[\\/]config[\\/].*\.json$/.test(rel));
  const [worstPage, worstGrowth] = configPages
    .map((rel): [string, number] => {
      const page = sizes(path.join(root, 'dist-data/pages', rel));
      return [rel.split(path.sep).join('/'), page.with / page.without - 1];
    })
    .reduce((a, b) => (b[1] > a[1] ? b : a));

  const rows: Row[] = [
    { name: `cold: samples asked about (distinct, en and zh)`, value: cold.hovers?.computed ?? 0, unit: '' },
    { name: `cold: hovers stage (TypeScript 7's server, on a worker while pages compile)`, value: Math.round((cold.hovers?.ms ?? 0) / 100) / 10, unit: 's' },
    { name: `cold: the build waiting for it, and putting hovers into pages`, value: Math.round((cold.hovers?.waitedMs ?? 0) / 100) / 10, unit: 's' },
    { name: `cold: whole data build`, value: Math.round(coldMs / 100) / 10, unit: 's' },
    { name: `warm, one sample edited: samples of the compiled pages`, value: warm.hovers?.samples ?? 0, unit: '' },
    { name: `warm, one sample edited: asked about`, value: warm.hovers?.computed ?? 0, unit: '', budget: 2 },
    { name: `warm, one sample edited: hovers stage`, value: Math.round(warm.hovers?.ms ?? 0) / 1000, unit: 's' },
    { name: `warm, one sample edited: whole data build`, value: Math.round(warmMs) / 1000, unit: 's' },
    { name: `warm, prose of a page with samples edited: asked about`, value: proseEdit.hovers?.computed ?? 0, unit: '', budget: 1 },
    { name: `warm, prose of a page with samples edited: whole data build`, value: Math.round(proseMs) / 1000, unit: 's', budget: 1 },
    { name: `/config/lib/format record without hovers (gzip)`, value: Math.round(format.without * 100) / 100, unit: 'KB' },
    { name: `/config/lib/format record with hovers (gzip)`, value: Math.round(format.with * 100) / 100, unit: 'KB' },
    { name: `  growth`, value: Math.round(growth * 1000) / 10, unit: '%', budget: 50 },
    { name: `most grown of the ${configPages.length} config records (${worstPage})`, value: Math.round(worstGrowth * 1000) / 10, unit: '%', budget: 50 },
  ];
  process.exitCode = printRows('Hovers of config samples (content/)', rows) ? 0 : 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
