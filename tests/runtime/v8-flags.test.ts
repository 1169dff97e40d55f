import { setImmediate as nextTurn } from 'node:timers/promises';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../runtime/v8-flags.mjs';

describe('collectGarbage', () => {
  it('collects what nothing holds, at once, and leaves no `gc` to later contexts', async () => {
    let held: object | null = { payload: new Array(1000).fill('x') };
    const ref = new WeakRef(held);
    held = null;
    // A WeakRef's target lives to the end of the job that made it (or read it).
    await nextTurn();
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
