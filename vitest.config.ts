import { defineConfig } from 'vitest/config';

/** In every project: after each test file, the temp folders its tests made go (tests/temp-dir.ts). */
const setupFiles = ['tests/setup/remove-temp-dirs.ts'];

/**
 * The tests that run the project's real builds or command lines in child processes (Vite builds,
 * `rslib build`, `npm run data`, a whole cold `npm run build`), and those that build or highlight
 * the whole of content/, a corpus shaped like it, or many sites of hundreds of pages in-process:
 * the `build` project. The
 * rest of tests/ (pure helpers, schemas, the pipeline on small fixture sites) is `unit`, the quick
 * tier (`npm run test:unit`, under a minute).
 */
const buildTests = [
  // The whole of content/, or a corpus calibrated to it.
  'tests/content/content.test.ts',
  'tests/bench/content-shape.test.ts',
  'tests/pipeline/compile/two-themes.test.ts',
  // Many builds of sites with hundreds of pages; worker threads.
  'tests/pipeline/build-incremental.test.ts',
  'tests/pipeline/workers/compile-pool.test.ts',
  // Child processes.
  'tests/scripts/build-site.test.ts',
  'tests/scripts/cold-build-processes.test.ts',
  'tests/scripts/check-samples.test.ts',
  'tests/scripts/check-translations.test.ts',
  'tests/scripts/check-samples/examples.test.ts',
  'tests/scripts/check-samples/coverage.test.ts',
  'tests/renderer/reproducible-build.test.ts',
  'tests/pipeline/cli.test.ts',
  'tests/runtime/copied-checkout.test.ts',
  'tests/examples/read-dist-data.test.ts',
  // The MCP server's bin, built and run as a child process on a fixture bundle.
  'tests/mcp/server.test.ts',
  'tests/mcp/bundle-errors.test.ts',
  'tests/mcp/transports/http.test.ts',
];

/**
 * Every project's. Not speed checks (benchmarks are): a test that starts workers or highlighters
 * has taken over 5 s on CI's 2 cores while the virtual machine's host took half their time, and
 * vitest's 10 s for a hook was once too short for the cleanup after a file of builds
 * (tests/setup/remove-temp-dirs.ts) or a browser test file's setup.
 */
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

/** The whole-site audits (axe-core on every route, html-validate on every HTML file): the `audit` project. */
const auditTests = ['tests/e2e/axe-light.test.ts', 'tests/e2e/axe-dark.test.ts', 'tests/e2e/axe.test.ts', 'tests/e2e/html-validate.test.ts'];

/**
 * Four projects (the fourth, `audit`, is the whole-site audits, run after e2e with the same site): `unit` and `build` (no browser) and `e2e` (the built site in headless Chromium;
 * one build, one server and one browser for the whole run, see tests/e2e/global-setup.ts).
 * `npm test` (scripts/test.ts) runs them all beside the static checks and check:samples.
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
          exclude: ['tests/e2e/**', 'tests/samples/**', '**/node_modules/**', ...buildTests],
          environment: 'node',
          setupFiles,
          ...timeouts,
          // Two files at a time on CI's two cores (vitest's default is one fewer than the cores: one
          // file at a time there, a core idle while a test waits on a child process or a worker).
          maxWorkers: 2,
          // The files of a worker share one module graph instead of importing the pipeline, shiki and
          // unified afresh each (half of this project's time went to imports): safe because no module
          // of pipeline/, renderer/ or schemas/ keeps mutable state (npm run check:state).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'build',
          include: buildTests,
          environment: 'node',
          setupFiles,
          ...timeouts,
          maxWorkers: 2,
          // Beside the unit project: the same worker limit, so the same group.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...auditTests, '**/node_modules/**'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles,
          ...timeouts,
          // One retry for browser tests: on a loaded 2-core machine a keystroke racing deferred
          // effects has been seen to time out once in ~10 runs; a test that fails twice still
          // fails the run.
          retry: 1,
          // Two files at a time on CI's two cores; every file connects to the one browser (its tabs: tests/e2e/recycled-tab.ts).
          maxWorkers: 2,
          // The files of a worker share the modules they import (playwright-core, the helpers)
          // instead of importing them afresh each: every file connects its own browser and keeps
          // its tabs by that connection, so no state crosses files.
          isolate: false,
          // After the unit and build projects: browser timing is kept away from their builds.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'audit',
          include: auditTests,
          environment: 'node',
          // The same built site and server as e2e (a second npm run build finds nothing changed).
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles,
          ...timeouts,
          // One sweep per theme side by side: axe runs single-threaded in its page, so two files
          // at a time keep both cores busy where one left the second idle.
          maxWorkers: 2,
          isolate: false,
          // Last, after e2e: the sweeps load every page of the site in turn, and beside the timing
          // tests of e2e (a scroll, a keystroke) they made those time out on two cores.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
