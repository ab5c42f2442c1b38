import type { Db } from '../db';
import { now } from '../clock';
import { cronFor, type JobDefinition } from './job';
import type { JobRunner } from './runner';

/**
 * The job runner on PostgreSQL: pg-boss, in its own schema (pgboss) of the same database, shared by every
 * instance. Each instance declares the same queues and schedules (idempotent); pg-boss's cron monitor lets
 * one instance at a time turn a due schedule into a job, at most one per minute per schedule, and a job is
 * fetched with SKIP LOCKED, so exactly one instance runs it. The 'stately' policy keeps at most one job of a
 * kind waiting and one running: a slow run is never overtaken by the next.
 */
const SCHEMA = 'pgboss';

/**
 * How often pg-boss looks for due schedules and for new jobs. Its defaults (30 s and 5 s, workers every 2 s)
 * suit a town's hourly and minutely jobs; a test server (NODE_ENV=test) looks every second, so a test of the
 * shared schedule waits for the minute to turn, not for the monitor's next look after it.
 */
const testing = process.env.NODE_ENV === 'test';
const MONITOR = testing ? { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } : {};
const WORKER_POLL_SECONDS = testing ? 1 : 2;

export async function startPgBossRunner(jobs: readonly JobDefinition[], database: Db, connectionString: string): Promise<JobRunner> {
  // Loaded here, not at start: a server on SQLite runs its jobs in process and never loads pg-boss.
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString, schema: SCHEMA, max: 4, application_name: 'council-jobs', ...MONITOR });
  boss.on('error', (err) => console.error('job queue:', err.message));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, { name: job.name, policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 });
    await boss.schedule(job.name, cronFor(job.everyMinutes), {}, { tz: 'UTC' });
    await boss.work(job.name, { pollingIntervalSeconds: WORKER_POLL_SECONDS }, async () => {
      try {
        await job.run({ database, now: now() });
      } catch (err) {
        console.error(`job ${job.name} failed:`, err);
        throw err;
      }
    });
  }
  return {
    // Waits for running handlers (at most 20 s) before the connections close.
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 20_000 }),
  };
}
