import { defineConfig } from 'vitest/config';

/** In both projects: after each test file, the temp folders its tests made go (tests/temp-dir.ts). */
const setupFiles = ['tests/setup/remove-temp-dirs.ts'];

/**
 * Two projects: `unit` (pure helpers, schemas, pipeline; no browser) and `e2e` (the built site in
 * headless Chromium; one build, one server and one browser for the whole run, see
 * tests/e2e/global-setup.ts).
 */
export default defineConfig({
  test: {
    // The default output, then one plain `tests: N passed, N failed` line for CI.
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          // Example projects are the samples' fixtures (check:samples builds them), not tests of ours.
          exclude: ['tests/e2e/**', 'tests/samples/**', '**/node_modules/**'],
          environment: 'node',
          setupFiles,
          // Not a speed check (benchmarks are): a test that starts workers or highlighters has
          // taken over 5 s on CI's 2 cores while the virtual machine's host took half their time.
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles,
          testTimeout: 30_000,
          // One retry for browser tests: on a loaded 2-core machine a keystroke racing deferred
          // effects has been seen to time out once in ~10 runs; a test that fails twice still
          // fails the run.
          retry: 1,
          hookTimeout: 60_000,
          // Two files at a time on CI's two cores; every file opens its own browser contexts.
          maxWorkers: 2,
          // After the unit project (vitest needs distinct groups for different worker limits).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
