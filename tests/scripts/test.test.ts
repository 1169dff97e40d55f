/** `npm test`'s orchestrator (scripts/test.ts): a step's exit code and output, and the one closing line CI reads. */
import { describe, expect, it } from 'vitest';
import { combinedCounts, formatCounts, lanesOf, runStep, type StepResult } from '../../scripts/test.ts';

const result = (name: string, code: number, output = ''): StepResult => ({ name, code, seconds: 1, output });

describe('npm test', () => {
  it("keeps a step's exit code and its output, stdout and stderr", async () => {
    const printed: string[] = [];
    const run = await runStep({ name: 'x', command: ['node', '-e', "console.log('out'); console.error('err'); process.exit(3)"], live: true }, (text) => printed.push(text));
    expect(run.code).toBe(3);
    expect(run.output).toContain('out\n');
    expect(run.output).toContain('err\n');
    expect(printed.join('')).toBe(run.output);
  });

  it('fails a step whose command cannot start', async () => {
    expect((await runStep({ name: 'x', command: ['no-such-command-of-ours'] }, () => {})).code).not.toBe(0);
  });

  it("adds each check step as one test to vitest's last summary line", () => {
    const vitest = result('vitest', 1, 'tests: 1 passed, 9 failed, 9 skipped\n…\ntests: 500 passed, 2 failed, 1 skipped\nafter\n');
    const counts = combinedCounts([result('typecheck', 0), result('check:samples', 1), vitest], new Set(['vitest']));
    expect(formatCounts(counts)).toBe('tests: 501 passed, 3 failed, 1 skipped');
  });

  it('counts a vitest run that printed no summary, or failed with every test passing, as a failure', () => {
    const vitest = new Set(['vitest']);
    expect(combinedCounts([result('vitest', 1, 'Error: config does not load\n')], vitest)).toEqual({ passed: 0, failed: 1, skipped: 0 });
    expect(combinedCounts([result('vitest', 1, 'tests: 7 passed, 0 failed, 0 skipped\nUnhandled error\n')], vitest)).toEqual({ passed: 7, failed: 1, skipped: 0 });
    expect(combinedCounts([result('vitest', 0, 'tests: 7 passed, 0 failed, 0 skipped\n')], vitest)).toEqual({ passed: 7, failed: 0, skipped: 0 });
  });

  it('runs every check in npm test, and no browser or example build in test:unit', () => {
    const all = lanesOf('all').flat(2);
    expect(all.map((step) => step.name).sort()).toEqual(['check:deps', 'check:samples', 'check:state', 'check:translations', 'typecheck', 'vitest']);
    expect(all.find((step) => step.name === 'vitest')!.command).toEqual(['vitest', 'run']);
    const unit = lanesOf('unit').flat(2);
    expect(unit.map((step) => step.command.join(' '))).not.toContain('tsx scripts/check-samples.ts');
    expect(unit.find((step) => step.name.startsWith('vitest'))!.command).toEqual(['vitest', 'run', '--project', 'unit']);
  });
});
