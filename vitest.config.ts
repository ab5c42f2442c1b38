import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/slow-first';

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

const WORKERS = Number(process.env.TEST_WORKERS ?? 2);

const api = {
  environment: 'node' as const,
  globalSetup: ['tests/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 90_000,
  // One more try for a failed test: vitest names a test that passed only then, to be mended; a busy machine's
  // stall does not fail a whole run.
  retry: 1,
  // API files talk to servers over HTTP and keep no state in the modules they import, so one worker process
  // runs file after file and they share their imports, instead of a new process loading the app's modules
  // again for each file. The fork pool's own `isolate` (the root's, below) decides whether a process is
  // reused; this one, whether the modules are loaded again in it.
  poolOptions: { forks: { isolate: false } },
};

export default defineConfig({
  test: {
    // The API projects run in the fork pool, whose processes are reused (see `api`). The unit tests run in the
    // thread pool, a fresh thread for each file: they set the environment a module reads as it loads (a data
    // folder, the password cost) and mock modules, which must not leak into the next file; a thread is cheaper
    // to start than a process. Vitest makes one pool of each kind for the whole run, from these root settings.
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    // The longest files first, on a fresh clone too (tests/support/slow-first.ts).
    sequence: { sequencer: LongestFirst },
    // Most of an API test's time is spent waiting on a server in another process: two files at a time keep
    // both cores busy; more would crowd the one shared server (scripts/test.mjs asks for three in its passes,
    // where several files wait on processes and servers of their own).
    maxWorkers: WORKERS,
    // As many kept as started: the pool ends a worker it finds idle while it has more than this, and a reused
    // fork process can be ended so while it starts its next file, which fails the run ("Terminating worker
    // thread").
    minWorkers: WORKERS,
    projects: [
      {
        // Before the API files (a group runs after the one before it ends): the two pools would otherwise run
        // side by side, each with its own workers, twice as many as the cores.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000, pool: 'threads', sequence: { groupOrder: 0 } },
      },
      {
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: ALONE, ...api, sequence: { groupOrder: 1 } },
      },
      {
        test: { name: 'api-alone', include: ALONE, ...api, poolOptions: { forks: { isolate: false, singleFork: true } }, sequence: { groupOrder: 2 } },
      },
      {
        test: { name: 'api-schedule', include: SCHEDULE, ...api, globalSetup: [] },
      },
    ],
  },
});
