/**
 * The peak memory of a process and every process it starts (TypeScript's compiler and language
 * server, for the hovers), sampled from /proc on a thread of its own every 50 ms: the process's own
 * maxRSS leaves its children out, and its main thread is too busy to sample while a build runs.
 * Linux only; elsewhere nothing is sampled.
 */
import { Worker } from 'node:worker_threads';

export interface TreeMemory {
  /** The largest sum of the tree's resident memory at one time, in MiB. */
  totalMiB: number;
  /** The largest resident memory of one process of the tree, in MiB, and that process's command. */
  largestMiB: number;
  largest: string;
  /** The largest resident memory of a process of the tree other than the root, in MiB. */
  childrenMiB: number;
}

const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const root = String(workerData.pid);
const peak = { totalMiB: 0, largestMiB: 0, largest: '', childrenMiB: 0 };
const rssOf = (pid) => { try { return Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/' + pid + '/status', 'utf8'))[1]) / 1024; } catch { return 0; } };
const sample = () => {
  if (!existsSync('/proc/self/status')) return;
  const children = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync('/proc/' + pid + '/stat', 'utf8');
      const parent = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      children.set(parent, [...(children.get(parent) || []), pid]);
    } catch {}
  }
  let total = 0;
  for (let queue = [root]; queue.length; ) {
    const pid = queue.shift();
    queue.push(...(children.get(pid) || []));
    const rss = rssOf(pid);
    total += rss;
    if (rss > peak.largestMiB) {
      peak.largestMiB = rss;
      try { peak.largest = readFileSync('/proc/' + pid + '/cmdline', 'utf8').split('\\0').filter(Boolean).slice(0, 3).join(' '); } catch {}
    }
    if (pid !== root && rss > peak.childrenMiB) peak.childrenMiB = rss;
  }
  peak.totalMiB = Math.max(peak.totalMiB, total);
};
const timer = setInterval(sample, 50);
parentPort.on('message', () => { clearInterval(timer); sample(); parentPort.postMessage(peak); });
`;

/** Starts sampling the tree of the process `pid` (this one by default); `stop` gives the peaks. */
export function sampleTreeMemory(pid = process.pid): { stop(): Promise<TreeMemory> } {
  const worker = new Worker(SAMPLER, { eval: true, workerData: { pid } });
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (peak: TreeMemory) => {
          void worker.terminate();
          resolve(peak);
        });
        worker.postMessage('stop');
      }),
  };
}
