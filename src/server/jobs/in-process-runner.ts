import type { Db } from '../db';
import { now } from '../clock';
import type { JobDefinition } from './job';
import type { JobCouncils, JobRunner } from './runner';
import { withCouncil } from '../council-context';

/**
 * The job runner on SQLite: a timer in this process, with each job's last run in job_run. A job is due when
 * its interval has passed since that run (or it never ran), so one missed while the server was down runs as
 * soon as it is back. A run is taken with a compare-and-set on its row, so that two processes on one file
 * (a script beside the server) never run it twice. Time is the server's clock, which tests move. Each round
 * walks the active councils, each with its own job_run in its own database, one council after another.
 */

/** How often the timer looks: due times are in whole minutes, and a moved test clock is noticed at once. */
const TICK_MS = 1_000;
/**
 * Councils whose jobs begin in one round. A start with hundreds of councils would otherwise open and migrate
 * every council's database, and run every job that is due in each, before its first visitor is answered; so
 * they join a few a second (300 councils in a minute), and the first round waits a tick after the start.
 */
const NEW_COUNCILS_PER_ROUND = 5;

const iso = (ms: number) => new Date(ms).toISOString();

/** Takes the run: true when this process moved the job's last run from `seen` (undefined: no row yet) to `at`. */
async function takeRun(database: Db, name: string, seen: string | undefined, at: string): Promise<boolean> {
  if (seen === undefined) {
    const inserted = await database.insertInto('job_run').values({ name, last_run_at: at, last_finished_at: null }).onConflict((oc) => oc.column('name').doNothing()).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
  const updated = await database.updateTable('job_run').set({ last_run_at: at, last_finished_at: null }).where('name', '=', name).where('last_run_at', '=', seen).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function startInProcessRunner(jobs: readonly JobDefinition[], councils: JobCouncils): Promise<JobRunner> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  /** The councils this runner has begun to serve: a few more each round (see NEW_COUNCILS_PER_ROUND). */
  const serving = new Set<number>();
  const round = async () => {
    let added = 0;
    for (const council of await councils.active()) {
      if (stopped) return;
      if (!serving.has(council.id)) {
        if (added >= NEW_COUNCILS_PER_ROUND) continue;
        serving.add(council.id);
        added++;
      }
      let database: Db;
      try {
        database = await councils.open(council);
      } catch {
        continue; // reported as it failed; its site answers 503
      }
      await withCouncil(council, () => councilRound(database)).catch((err) => console.error(`job runner (${council.slug}):`, err));
      // SQLite answers at once, so a round's awaits are all microtasks and never let the event loop take a
      // request: a round over 300 councils whose jobs fall due in the same minute held every request for
      // seconds. Each council's turn ends with one turn of the loop.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };

  const councilRound = async (database: Db) => {
    const rows = await database.selectFrom('job_run').select(['name', 'last_run_at']).execute();
    const last = new Map(rows.map((r) => [r.name, r.last_run_at]));
    for (const job of jobs) {
      if (stopped) return;
      const seen = last.get(job.name);
      const at = now();
      if (seen !== undefined && Date.parse(seen) + job.everyMinutes * 60_000 > at) continue;
      if (!(await takeRun(database, job.name, seen, iso(at)))) continue;
      let error = '';
      try {
        await job.run({ database, now: at });
      } catch (err) {
        error = String((err as Error).message ?? err).slice(0, 1000);
        console.error(`job ${job.name} failed:`, err);
      }
      await database.updateTable('job_run').set({ last_error: error, last_finished_at: iso(now()) }).where('name', '=', job.name).where('last_run_at', '=', iso(at)).execute();
    }
  };

  const tick = () => {
    current = round()
      .catch((err) => console.error('job runner:', err))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, TICK_MS);
      });
  };
  timer = setTimeout(tick, TICK_MS);

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
