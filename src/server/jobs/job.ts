import type { Db } from '../db';

/**
 * A time-driven step, declared once and run by whichever runner the engine has (runner.ts): pg-boss on
 * PostgreSQL, shared by every instance; the in-process runner on SQLite. A handler may run again after a
 * crash mid-run, so it must be safe to repeat: each does its work through conditional writes.
 */
export interface JobDefinition {
  /** Also the pg-boss queue's name: letters, digits and hyphens. */
  name: string;
  /** How often it runs, in whole minutes: a divisor of 60, or a multiple of 60 that divides 1440. */
  everyMinutes: number;
  run: (context: JobContext) => Promise<void>;
}

export interface JobContext {
  database: Db;
  /** The moment of this run on the server's clock (clock.ts). */
  now: number;
}

export function defineJob(job: JobDefinition): JobDefinition {
  if (!/^[a-z0-9-]+$/.test(job.name)) throw new Error(`job name ${job.name}: letters, digits and hyphens only`);
  cronFor(job.everyMinutes);
  return job;
}

/** The cron expression of "every n minutes", for pg-boss's schedule. */
export function cronFor(everyMinutes: number): string {
  if (Number.isInteger(everyMinutes) && everyMinutes >= 1 && everyMinutes < 60 && 60 % everyMinutes === 0) {
    return everyMinutes === 1 ? '* * * * *' : `*/${everyMinutes} * * * *`;
  }
  const hours = everyMinutes / 60;
  if (Number.isInteger(hours) && hours >= 1 && 24 % hours === 0) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  throw new Error(`every ${everyMinutes} minutes cannot be written as a cron schedule`);
}
