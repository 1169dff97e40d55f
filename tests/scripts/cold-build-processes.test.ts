/**
 * A cold `npm run build` leaves no process behind (issue 21, item 5): not an esbuild service, a
 * worker, or a background `rm`, running or defunct. The build's own command line (package.json's
 * `build` script, without npm around it, whose update check may start a process of its own) runs
 * on a fixture site, in a folder that links what the build uses of this project, as the build
 * benchmark does, its scripts' bundles made afresh (esbuild runs). It runs under a child subreaper (prctl PR_SET_CHILD_SUBREAPER, from python's
 * ctypes): a process the build starts and leaves behind, at any depth, becomes that reaper's
 * child when its parent exits, instead of init's, so once the command has exited whatever is
 * still the reaper's child, running or a zombie nobody waited for, is what the build left.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkProject } from '../bench/project-copy.ts';
import { makeFixture } from '../pipeline/fixture.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/** Runs argv[1:] as a child subreaper's child; prints, as its last line, the exit code and the processes left. */
const SUBREAPER = String.raw`
import ctypes, json, os, sys
if ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
    sys.exit('prctl failed')
command = os.fork()
if command == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
_, status = os.waitpid(command, 0)
left = []
for pid in filter(str.isdigit, os.listdir('/proc')):
    try:
        stat = open(f'/proc/{pid}/stat').read()
        cmdline = open(f'/proc/{pid}/cmdline').read().replace('\0', ' ').strip()
    except OSError:
        continue
    state, ppid = stat[stat.rindex(')') + 2:].split()[:2]
    if int(ppid) == os.getpid():
        left.append(f"{pid} {state} {stat[stat.index('(') + 1:stat.rindex(')')]} {cmdline}")
print(json.dumps({'status': os.waitstatus_to_exitcode(status), 'left': left}))
`;

describe('a cold npm run build', () => {
  const site = makeFixture();

  it('leaves no process it started behind, running or defunct', () => {
    linkProject(site.root);
    const script = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build;
    // Bundles of the build's scripts made afresh (where node_modules/ still resolves), so that esbuild runs as on a first build.
    const env = { ...process.env, RSLIB_DOCS_BUNDLES: path.join(site.root, '.cache', 'bundles'), PATH: `${path.join(projectRoot, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };
    const run = spawnSync('python3', ['-c', SUBREAPER, 'sh', '-c', script], { cwd: site.root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as { status?: number; left?: string[] };
    expect(report.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(report.left).toEqual([]);
  }, 600_000);
});
