/**
 * The CPU time a command's process tree spends, by process and thread, sampled from /proc while it
 * runs (Linux; elsewhere nothing is sampled). A cold build of content/ keeps both cores of the
 * developers' machine busy until its end, so its CPU time, not its stages' wall time, says what
 * shortens it (docs/performance.md). Each thread is counted at its last sample: a thread that
 * ends between two samples (every 50 ms) loses at most that much.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** One thread's CPU time (user + system), in ms, with the command of its process and its own name. */
interface ThreadTime {
  tid: string;
  process: string;
  main: boolean;
  name: string;
  ms: number;
}

/**
 * A process's threads: CPU time, name, and the process's command line, as `commands` first saw
 * it (an exited process waiting for its parent keeps its main thread's times but no command line).
 */
function threadsOf(pid: string, tick: number, commands: Map<string, string>): ThreadTime[] {
  try {
    const process = commands.get(pid) || readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    if (process) commands.set(pid, process);
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        // Fields after the name: state is the first; utime and stime the 12th and 13th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ tid, process, main: tid === pid, name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / tick }];
      } catch {
        return []; // the thread ended meanwhile
      }
    });
  } catch {
    return []; // the process ended meanwhile
  }
}

/** The pids under `root` (itself included), from each process's parent in /proc. */
function treeOf(root: number): string[] {
  const children = new Map<string, string[]>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!;
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // ended meanwhile
    }
  }
  const tree: string[] = [];
  for (let queue = [String(root)]; queue.length > 0; ) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * Runs the command (its output ignored) and resolves with each thread's CPU time, in ms, keyed
 * by `group` of the thread: threads that map to the same key add up. Rejects when it fails.
 */
export function cpuByThread(command: string, args: readonly string[], cwd: string, group: (thread: Pick<ThreadTime, 'process' | 'main' | 'name'>) => string): Promise<Map<string, number>> {
  const tick = 100; // USER_HZ, 100 on Linux
  const onLinux = existsSync('/proc/self/stat');
  const last = new Map<string, ThreadTime>();
  const commands = new Map<string, string>();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'ignore' });
    const sample = () => {
      if (!child.pid || !onLinux) return;
      for (const pid of treeOf(child.pid)) for (const thread of threadsOf(pid, tick, commands)) last.set(thread.tid, thread);
    };
    const timer = setInterval(sample, 50);
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
      const totals = new Map<string, number>();
      for (const thread of last.values()) totals.set(group(thread), (totals.get(group(thread)) ?? 0) + thread.ms);
      resolve(totals);
    });
  });
}
