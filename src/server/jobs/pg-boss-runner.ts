import { now } from '../clock';
import { cronFor, type JobDefinition } from './job';
import type { JobCouncils, JobRunner } from './runner';
import { withCouncil } from '../council-context';

/**
 * The job runner on PostgreSQL: pg-boss, in its own schema (pgboss) of the same database, shared by every
 * instance. Each instance declares the same queues and schedules (idempotent); pg-boss's cron monitor lets
 * one instance at a time turn a due schedule into a job, at most one per minute per schedule, and a job is
 * fetched with SKIP LOCKED, so exactly one instance runs it. The 'stately' policy keeps at most one job of a
 * kind waiting and one running: a slow run is never overtaken by the next.
 *
 * One queue per job serves every council. The schedule's job names no council: whichever instance takes it
 * queues one job per active council on the same queue, naming the council in its data, with the council as
 * its singleton key, so that stately holds per council (one waiting and one running each) and each due run
 * happens once per council across instances. A council's job then runs inside that council's context.
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

/** The data of a council's job; the schedule's own job has no council. */
interface CouncilJobData {
  council?: number;
}

export async function startPgBossRunner(jobs: readonly JobDefinition[], connectionString: string, councils: JobCouncils): Promise<JobRunner> {
  // Loaded here, not at start: a server on SQLite runs its jobs in process and never loads pg-boss.
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString, schema: SCHEMA, max: 4, application_name: 'council-jobs', ...MONITOR });
  boss.on('error', (err) => console.error('job queue:', err.message));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, { name: job.name, policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 });
    await boss.schedule(job.name, cronFor(job.everyMinutes), {}, { tz: 'UTC' });
    await boss.work<CouncilJobData>(job.name, { pollingIntervalSeconds: WORKER_POLL_SECONDS }, async ([taken]) => {
      const id = taken?.data?.council;
      if (id === undefined) {
        for (const council of await councils.active()) {
          await boss.send(job.name, { council: council.id }, { singletonKey: `council-${council.id}` });
        }
        return;
      }
      const council = await councils.byId(id);
      if (!council) return; // disabled or gone since it was queued
      const database = await councils.open(council);
      try {
        await withCouncil(council, () => job.run({ database, now: now() }));
      } catch (err) {
        console.error(`job ${job.name} (${council.slug}) failed:`, err);
        throw err;
      }
    });
  }
  return {
    // Waits for running handlers (at most 20 s) before the connections close.
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 20_000 }),
  };
}
