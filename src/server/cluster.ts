/**
 * SERVER_PROCESSES above 1: several Node processes answer on the one port (node:cluster hands each new
 * connection to the next process in turn), so that a crowd is answered on every core instead of queueing on
 * one. The primary process prepares the database once, starts the workers, starts another when one dies and
 * stops them all when it is stopped; it answers no request itself. The workers share everything through the
 * database, as separate instances do (page cache versions, sign-in throttling, the outbox's claims); the jobs
 * run in worker 1 only, so that on SQLite one process runs them, as on PostgreSQL pg-boss would anyway.
 */
import cluster, { type Worker } from 'node:cluster';

/** How the primary tells a worker its number (1 to SERVER_PROCESSES); a replacement keeps the number. */
const WORKER_NUMBER = 'COUNCIL_SERVER_PROCESS';
/** A worker that dies is replaced after this pause, so that one failing at once does not spin a core. */
const REPLACE_AFTER_MS = 1_000;
/** How long the primary waits for its workers' own orderly stop (theirs is 10 s) before it ends them. */
const STOP_WAIT_MS = 15_000;

export interface WorkerRole {
  number: number;
  /** Whether this worker runs the jobs (and so the outbox's sweep). */
  runsJobs: boolean;
}

/** This process's place among the server's processes: undefined when it serves alone. */
export function workerRole(): WorkerRole | undefined {
  if (!cluster.isWorker) return undefined;
  const number = Number(process.env[WORKER_NUMBER]);
  return { number, runsJobs: number === 1 };
}

export function isClusterPrimary(processes: number): boolean {
  return processes > 1 && cluster.isPrimary;
}

/**
 * Starts `count` workers (each runs this same entry and serves); `onListening` once all of them listen. A
 * worker that ends before the server first served (the port taken, a bad setting) ends the whole server with
 * its code, as a single process would have ended.
 */
export function runWorkers(count: number, onListening: () => void): void {
  let stopping = false;
  /** Whether every process has listened once: the server started. */
  let started = false;
  const listened = new Set<number>();
  const running = new Set<Worker>();

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const worker of running) worker.process.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const worker of running) worker.process.kill('SIGKILL');
    }, STOP_WAIT_MS);
    const done = () => {
      if (running.size > 0) return;
      clearTimeout(killer);
      process.exit(code);
    };
    cluster.on('exit', done);
    done();
  };

  const fork = (number: number) => {
    const worker = cluster.fork({ [WORKER_NUMBER]: String(number) });
    running.add(worker);
    let ready = false;
    worker.once('listening', () => {
      ready = true;
      if (listened.has(number)) return;
      listened.add(number);
      if (listened.size === count) {
        started = true;
        onListening();
      }
    });
    worker.once('exit', (code, signal) => {
      running.delete(worker);
      if (stopping) return;
      // Before the server ever served, a process that could not start means the start failed (a taken port, a
      // bad setting). Afterwards, one that dies before it listens (killed while it started) is started again.
      if (!ready && !started) {
        stopAll(code || 1);
        return;
      }
      console.error(`Server process ${number} ended (${signal ?? `exit code ${code}`}); starting another in its place.`);
      setTimeout(() => {
        if (!stopping) fork(number);
      }, REPLACE_AFTER_MS);
    });
  };

  for (let number = 1; number <= count; number++) fork(number);
  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));
}
