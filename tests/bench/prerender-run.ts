/**
 * One prerender in its own process (NODE_ENV=production), so that peak memory belongs to it
 * alone. Prints one JSON line: { ms, maxRssMiB, pages }.
 *   tsx tests/bench/prerender-run.ts <dist-data> <out> <ssr> <public>
 */
import { performance } from 'node:perf_hooks';
import { prerender } from '../../renderer/prerender/prerender.ts';

const [dataDir, outDir, ssrDir, publicDir] = process.argv.slice(2);
if (!dataDir || !outDir || !ssrDir || !publicDir) throw new Error('usage: prerender-run.ts <dist-data> <out> <ssr> <public>');
const started = performance.now();
const { pages } = await prerender({ dataDir, outDir, ssrDir, publicDir, quiet: true });
const ms = performance.now() - started;
// Worker threads count towards the process: maxRSS covers the whole prerender.
console.log(JSON.stringify({ ms, maxRssMiB: process.resourceUsage().maxRSS / 1024, pages }));
