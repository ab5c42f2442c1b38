import type { OpenDatabase } from '../db';
import type { JobDefinition } from './job';
import { startInProcessRunner } from './in-process-runner';
import { startPgBossRunner } from './pg-boss-runner';

/** Starts the jobs on the runner of the database's engine; `stop` lets running handlers finish. */
export interface JobRunner {
  stop: () => Promise<void>;
}

export async function startJobs(jobs: readonly JobDefinition[], open: OpenDatabase, databaseUrl: string | undefined): Promise<JobRunner> {
  if (open.engine === 'postgres' && databaseUrl) return startPgBossRunner(jobs, open.db, databaseUrl);
  return startInProcessRunner(jobs, open.db);
}
