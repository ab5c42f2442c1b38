import { defineConfig } from 'vitest/config';

/**
 * Files that hold a server to timings: they run before the others, one at a time, so that no other work on the
 * machine lands in the middle of what they measure. Every other file runs beside others (API files share the
 * one server of tests/support/global-setup.ts, or start their own: a file that asserts what a neighbour's write
 * would change, such as a cache's state or a count of stored rows, starts its own).
 */
export const ALONE = ['tests/api/availability.test.ts'];

/**
 * The PostgreSQL half of jobs.test.ts waits for two turns of pg-boss's minute on real time, one to two minutes
 * that use no CPU: scripts/test.mjs runs it in a vitest of its own (`--project api-schedule -t 'on PostgreSQL'`)
 * beside the other passes, instead of holding a worker of the PostgreSQL pass while the rest of it queues. Its
 * servers are its own, so it needs no shared server; its SQLite half runs in the 'api' project as any file.
 */
export const SCHEDULE = ['tests/api/jobs.test.ts'];

const api = {
  environment: 'node' as const,
  globalSetup: ['tests/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 90_000,
  // One more try for a failed test: vitest names a test that passed only then, to be mended; a busy machine's
  // stall does not fail a whole run.
  retry: 1,
  // API files talk to servers over HTTP and keep no state in the modules they import, so one worker's files
  // share their imports instead of loading the app's modules again for each file (a third of the pass's time).
  isolate: false,
};

export default defineConfig({
  test: {
    // Most of an API test's time is spent waiting on a server in another process: two files at a time keep
    // both cores busy; more would crowd the one shared server.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    minWorkers: 1,
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: ALONE, ...api },
      },
      {
        test: { name: 'api-alone', include: ALONE, ...api, poolOptions: { forks: { singleFork: true } }, sequence: { groupOrder: 1 } },
      },
      {
        test: { name: 'api-schedule', include: SCHEDULE, ...api, globalSetup: [] },
      },
    ],
  },
});
