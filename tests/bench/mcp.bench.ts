/**
 * The MCP server's budgets (issue 54), measured on its bin as published (mcp/build.mjs), spawned
 * and spoken to over stdio with plain JSON-RPC lines, so that no client library's cost is counted:
 * - start-up to the first answer: from spawn to the answer of the first search_docs call
 *   (initialize first), content/'s bundle, median of 7 starts: ≤ 300 ms;
 * - search_docs round trip, p95, warm: ≤ 10 ms on content/ (the relevance bench's queries, both
 *   languages, as an agent sends them: whole), ≤ 50 ms on a generated corpus of 10,000 pages per
 *   language (a split index, its parts read as queries reach them);
 * - resident memory, peak (VmHWM), after an agent's work on content/ (every page, those queries,
 *   the lists and resources): ≤ 150 MiB.
 * Then, for information, the search dialog's workload: every keystroke of those queries, which
 * reaches (and decodes) far more of the index than whole queries, and the memory after it.
 *
 *   npm run bench -- mcp
 *   MCP_BENCH_PAGES=10000 (default; 0 to skip the corpus)
 *   SEARCH_BENCH_CORPUS=<dir>  keep the corpus between runs (shared with search.bench.ts)
 *   MCP_BENCH_CORPUS_DATA=<dist-data>  measure on a corpus bundle built before, without building
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { trustedReaders } from '../../renderer/search/engine/index-readers.ts';
import { loadEngine } from '../../renderer/search/engine/local-source.ts';
import { searchDataPath } from '../../schemas/paths.ts';
import { DIALOG_REQUEST } from '../../mcp/src/tools/search-docs.ts';
import { writeCorpus } from './corpus.ts';
import { printRows } from './report.ts';
import { readerQueries } from './search-queries.ts';

const root = path.resolve(import.meta.dirname, '../..');
const BUDGET = { startMs: 300, contentP95Ms: 10, corpusP95Ms: 50, rssMiB: 150 };

/** A spawned server and a JSON-RPC caller over its standard input and output. */
interface Session {
  child: ChildProcess;
  call(method: string, params?: object): Promise<{ result?: Record<string, unknown>; error?: { message: string } }>;
  close(): Promise<void>;
}

function spawnServer(bin: string, dataDir: string): Session {
  // The bin itself, through its shebang and the V8 flags there, as a client's `npx` runs it.
  const child = spawn(bin, ['--data', dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<number, (message: never) => void>();
  let buffer = '';
  let id = 0;
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, end)) as { id?: number };
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined) waiting.get(message.id)?.(message as never);
    }
  });
  const send = (message: object) => child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  return {
    child,
    call: (method, params = {}) =>
      new Promise((resolve) => {
        waiting.set(++id, resolve);
        send({ id, method, params });
      }),
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}

async function initialize(session: Session): Promise<void> {
  await session.call('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'mcp-bench', version: '1' } });
  session.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
}

async function tool(session: Session, name: string, args: object): Promise<Record<string, unknown>> {
  const answer = await session.call('tools/call', { name, arguments: args });
  if (answer.error || answer.result?.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${answer.error?.message ?? JSON.stringify(answer.result?.content)}`);
  return answer.result!;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const median = (values: number[]) => percentile(values, 50);

/**
 * CPU time (user and system) a process has used so far, in ms, from /proc (10 ms ticks): what the
 * start-up costs whatever else the machine runs, where its wall time waits for a free core.
 */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Peak resident memory of a process in MiB (VmHWM), from /proc. */
function peakRssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

/** Round-trip times of search_docs for each query, after one warm-up pass. */
async function searchTimes(session: Session, queries: Query[]): Promise<number[]> {
  for (const q of queries) await tool(session, 'search_docs', q);
  const times: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    await tool(session, 'search_docs', q);
    times.push(performance.now() - t0);
  }
  return times;
}

type Query = { query: string; lang: 'en' | 'zh' };

/** The relevance bench's queries, whole, and as typed (each prefix from two characters), by language. */
function contentQueries(): { whole: Query[]; keystrokes: Query[] } {
  const cases = readerQueries();
  const of = (pick: (query: string) => string[]) => (['en', 'zh'] as const).flatMap((lang) => [...new Set(cases[lang].flatMap(({ query }) => pick(query)))].map((query) => ({ query, lang })));
  return {
    whole: of((query) => [query]),
    keystrokes: of((query) => Array.from({ length: query.length - 1 }, (_, i) => query.slice(0, i + 2)).filter((q) => q.trim().length >= 2)),
  };
}

async function contentBench(bin: string): Promise<boolean> {
  const dataDir = path.join(root, 'dist-data');
  if (!existsSync(path.join(dataDir, 'routes.json'))) {
    console.log('dist-data/ is missing: running npm run data');
    if (spawnSync('npm', ['run', 'data'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('npm run data failed');
  }
  const starts: number[] = [];
  const startCpu: number[] = [];
  for (let run = 0; run < 7; run++) {
    const t0 = performance.now();
    const session = spawnServer(bin, dataDir);
    await initialize(session);
    await tool(session, 'search_docs', { query: 'declaration files' });
    starts.push(performance.now() - t0);
    startCpu.push(cpuMs(session.child.pid!));
    await session.close();
  }

  const session = spawnServer(bin, dataDir);
  await initialize(session);
  const queries = contentQueries();
  const times = await searchTimes(session, queries.whole);
  // Everything the server can be asked on content/: every page whole, the lists, the resources.
  const routes = (JSON.parse(readFileSync(path.join(dataDir, 'routes.json'), 'utf8')) as { routes: Array<{ path: string }> }).routes;
  for (const route of routes) await tool(session, 'get_page', { page: route.path });
  for (const lang of ['en', 'zh']) await tool(session, 'list_pages', { lang });
  for (let cursor: string | undefined = '0'; cursor !== undefined; ) cursor = (await session.call('resources/list', cursor === '0' ? {} : { cursor })).result?.nextCursor as string | undefined;
  const rss = peakRssMiB(session.child.pid!);
  const keystrokeTimes = await searchTimes(session, queries.keystrokes);
  const keystrokeRss = peakRssMiB(session.child.pid!);
  await session.close();

  return printRows(`MCP server on content/ (${routes.length} pages; ${queries.whole.length} queries, ${queries.keystrokes.length} keystrokes)`, [
    { name: 'start-up to the first answer (search_docs), median of 7', value: median(starts), unit: 'ms', budget: BUDGET.startMs },
    { name: 'start-up to the first answer, slowest of 7 (informative)', value: Math.max(...starts), unit: 'ms' },
    { name: 'CPU time of the server to its first answer, median (informative)', value: median(startCpu), unit: 'ms' },
    { name: 'search_docs round trip, median', value: median(times), unit: 'ms' },
    { name: 'search_docs round trip, p95', value: percentile(times, 95), unit: 'ms', budget: BUDGET.contentP95Ms },
    { name: 'resident memory, peak, after every page, query and list', value: rss, unit: 'MiB', budget: BUDGET.rssMiB },
    { name: 'search_docs per keystroke, p95 (informative)', value: percentile(keystrokeTimes, 95), unit: 'ms' },
    { name: 'resident memory, peak, after the keystrokes too (informative)', value: keystrokeRss, unit: 'MiB' },
  ]);
}

/**
 * The same queries through the site's engine in this process, as the dialog asks it, warm: what
 * of the round trip is the engine's own ranking rather than the server's.
 */
async function engineAloneTimes(dataDir: string, queries: Query[]): Promise<number[]> {
  const readJson = async (file: string) => JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')) as unknown;
  const engines = { en: await loadEngine(searchDataPath('en'), readJson, Promise.resolve(trustedReaders)), zh: await loadEngine(searchDataPath('zh'), readJson, Promise.resolve(trustedReaders)) };
  for (const { query, lang } of queries) await engines[lang].search(query, DIALOG_REQUEST);
  const times: number[] = [];
  for (const { query, lang } of queries) {
    const t0 = performance.now();
    await engines[lang].search(query, DIALOG_REQUEST);
    times.push(performance.now() - t0);
  }
  return times;
}

/** Queries on the generated corpus (tests/bench/corpus.ts): words of its pages, names, typos, prefixes. */
function corpusQueries(pages: number): Query[] {
  const last = pages - 7;
  const en = ['format', `format${last}`, 'bundle 12', 'page 42', `page ${last}`, 'federation', 'federaton', 'modle federation', 'declaration files', 'options', 'group 7', 'value99', 'lib 7', 'watch source', 'usage notes', 'dependency', 'esm', 'syntax es2021', 'fo', 'de'];
  const zh = ['构建', '模块联邦', '产物格式', '页面 42', `页面 ${last}`, '分组 3', '配置插件', '编译', '类型声明', '构'];
  return [...en.map((query) => ({ query, lang: 'en' as const })), ...zh.map((query) => ({ query, lang: 'zh' as const }))];
}

/** search_docs on a corpus bundle, and the same queries through the engine alone. */
async function searchCorpus(bin: string, dataDir: string, pages: number): Promise<boolean> {
  const queries = corpusQueries(pages);
  const session = spawnServer(bin, dataDir);
  await initialize(session);
  const times = await searchTimes(session, queries);
  await session.close();
  const engineTimes = await engineAloneTimes(dataDir, queries);
  return printRows(`MCP server on a corpus of ${pages} pages per language (${queries.length} queries)`, [
    { name: 'search_docs round trip, median', value: median(times), unit: 'ms' },
    { name: 'search_docs round trip, p95', value: percentile(times, 95), unit: 'ms', budget: BUDGET.corpusP95Ms },
    { name: 'the site\'s engine alone, in this process, p95 (informative)', value: percentile(engineTimes, 95), unit: 'ms' },
  ]);
}

async function corpusBench(bin: string, pages: number): Promise<boolean> {
  const given = process.env.MCP_BENCH_CORPUS_DATA;
  if (given) return searchCorpus(bin, path.resolve(given), pages);
  const keep = process.env.SEARCH_BENCH_CORPUS;
  const work = keep ?? mkdtempSync(path.join(os.tmpdir(), 'mcp-bench-'));
  try {
    const corpus = path.join(work, `corpus-${pages}`);
    mkdirSync(corpus, { recursive: true });
    writeCorpus(corpus, pages);
    const t0 = performance.now();
    // Built by `npm run data`'s own command (scripts/data.mjs), in a process of its own with its
    // V8 settings, as a site of that size is built; not in this process, whose heap it would share.
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/data.mjs')], { cwd: corpus, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error(`the corpus of ${pages} pages per language did not build`);
    console.log(`\ncorpus ${pages}+${pages} pages built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return await searchCorpus(bin, path.join(corpus, 'dist-data'), pages);
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const binDir = mkdtempSync(path.join(os.tmpdir(), 'mcp-bench-bin-'));
  const bin = path.join(binDir, 'cli.js');
  try {
    if (spawnSync(process.execPath, [path.join(root, 'mcp/build.mjs'), '--outfile', bin], { stdio: 'inherit' }).status !== 0) throw new Error('mcp/build.mjs failed');
    let ok = await contentBench(bin);
    const pages = Number(process.env.MCP_BENCH_PAGES ?? 10_000);
    if (pages > 0) ok = (await corpusBench(bin, pages)) && ok;
    process.exitCode = ok ? 0 : 1;
  } finally {
    rmSync(binDir, { recursive: true, force: true });
  }
}

await main();
