import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../server/db';
import { defineJob, type JobContext } from '../../server/jobs';
import { claimOnce, onceKey, pokeOutbox } from '../../server/outbox';
import { HttpError } from '../../server/http';
import { indianDate } from '../../lib/india-time';
import { takeStep, SYSTEM_ACTOR } from './cases.server';
import { queueOverdueNotice } from './case-messages.server';
import { installedServices } from '../modules';
import { SYSTEM, type AnyService } from './service';

/**
 * The kernel's time-driven steps, for every declared service, as jobs (src/server/jobs): the overdue notice
 * when a case passes its due time, and the steps a service declares the system takes after a while
 * (`afterHours`: a grievance resolved and never rated closes; a licence past its last valid day expires).
 * Both are safe to run twice: the notice's send-once key refuses a second notice, and a step checks the
 * case's state again in its transaction.
 */

/** Cases looked at per run; the next run takes the rest. */
const BATCH = 200;

/** The send-once key of a case's overdue notice: one per case and due time. */
const OVERDUE = 'case-overdue';
export const overdueKey = (caseId: number, dueAt: string) => `${OVERDUE}:${caseId}:${dueAt}`;

/** Tells the assignee and the admins, once per case and due time, that an open case is past its due time. */
export async function sendCaseOverdueNotices({ database, now }: JobContext, services: readonly AnyService[] = installedServices()): Promise<number> {
  const at = new Date(now).toISOString();
  let sent = 0;
  for (const service of services) {
    if (service.openStates.length === 0) continue;
    const due = await database
      .selectFrom('service_case')
      .leftJoin('app_user as assignee', 'assignee.id', 'service_case.assignee_id')
      .leftJoin('sent_once as notice', (join) => join.on('notice.key', '=', onceKey(OVERDUE, sql.ref('service_case.id'), sql.ref('service_case.due_at'))))
      .select(['service_case.id', 'service_case.number', 'service_case.due_at', 'assignee.email as assignee_email'])
      .where('service_case.service', '=', service.name)
      .where('service_case.state', 'in', [...service.openStates])
      .where('service_case.due_at', '<', at)
      .where('notice.key', 'is', null)
      .orderBy('service_case.due_at')
      .limit(BATCH)
      .execute();
    for (const row of due) {
      const noticed = await database.transaction().execute(async (trx) => {
        if (!(await claimOnce(trx, overdueKey(row.id, row.due_at!), at))) return false; // another run noticed it first
        const still = await trx.selectFrom('service_case').select('id').where('id', '=', row.id).where('state', 'in', [...service.openStates]).where('due_at', '=', row.due_at!).executeTakeFirst();
        if (!still) return false;
        await queueOverdueNotice(trx, service, { number: row.number, dueAt: row.due_at!, assigneeEmail: row.assignee_email });
        return true;
      });
      if (noticed) sent++;
    }
  }
  if (sent > 0) void pokeOutbox(database);
  return sent;
}

/** A day ('YYYY-MM-DD') the case's data holds under `key`, read inside the query: each engine reads JSON its own way. */
function dayField(database: Db, key: string) {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`not a data field: ${key}`);
  return database.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string | null>`(service_case.data::jsonb ->> ${sql.lit(key)})`
    : sql<string | null>`json_extract(service_case.data, ${sql.lit(`$.${key}`)})`;
}

/**
 * Takes every step a service declares the system takes once a case has sat long enough in a state, or once
 * long enough has passed since a day its data names (a licence's last valid day). This one job takes the
 * timed steps of every service.
 */
export async function takeTimedSteps({ database, now }: JobContext, services: readonly AnyService[] = installedServices()): Promise<number> {
  let taken = 0;
  for (const service of services) {
    for (const [action, rule] of Object.entries(service.transitions)) {
      if (rule.afterHours === undefined || !rule.by.includes(SYSTEM)) continue;
      const hours = typeof rule.afterHours === 'number' ? rule.afterHours : await rule.afterHours(database);
      const cutoff = now - hours * 3_600_000;
      // Counted from entering the state, or from the start of the day a field of the case names: a day that
      // began at least `hours` ago is one on or before India's date `hours` ago.
      const since = rule.afterDayOf
        ? sql<boolean>`${dayField(database, rule.afterDayOf)} <= ${indianDate(cutoff)}`
        : sql<boolean>`${sql.ref('state_since')} <= ${new Date(cutoff).toISOString()}`;
      const waiting = await database
        .selectFrom('service_case')
        .select('number')
        .where('service', '=', service.name)
        .where('state', 'in', [...rule.from])
        .where(since)
        .limit(BATCH)
        .execute();
      for (const { number } of waiting) {
        try {
          await takeStep(service, number, action, { note: '' }, SYSTEM_ACTOR, database);
          taken++;
        } catch (err) {
          // Somebody moved it on meanwhile, or another instance took the step first: nothing to do.
          if (!(err instanceof HttpError)) throw err;
        }
      }
    }
  }
  return taken;
}

/** The kernel's clock, over every installed service (a round with no service finds nothing). */
export const CASE_JOBS = [
  defineJob({ name: 'case-overdue', everyMinutes: 1, run: async (context) => void (await sendCaseOverdueNotices(context)) }),
  defineJob({ name: 'case-timed-steps', everyMinutes: 5, run: async (context) => void (await takeTimedSteps(context)) }),
];
