import type { Db } from '../db';
import type { Council } from '../council-context';
import type { JobDefinition } from './job';
import { startInProcessRunner } from './in-process-runner';
import { startPgBossRunner } from './pg-boss-runner';

/** Starts the jobs on the runner of the database's engine; `stop` lets running handlers finish. */
export interface JobRunner {
  stop: () => Promise<void>;
}

/**
 * The councils jobs run for, and how a council's database is made ready: handed in by the entry, so that the
 * runners know nothing of how councils are kept. Every job runs once per due time for each active council,
 * inside that council's context (council-context.ts).
 */
export interface JobCouncils {
  /** The councils that serve now. */
  active: () => Promise<Council[]>;
  /** The council's database, open and up to date; rejects when it cannot serve. */
  open: (council: Council) => Promise<Db>;
  /** One council by its id (a queued job names it), if it still serves. */
  byId: (id: number) => Promise<Council | undefined>;
}

export async function startJobs(jobs: readonly JobDefinition[], databaseUrl: string | undefined, councils: JobCouncils): Promise<JobRunner> {
  if (databaseUrl) return startPgBossRunner(jobs, databaseUrl, councils);
  return startInProcessRunner(jobs, councils);
}
