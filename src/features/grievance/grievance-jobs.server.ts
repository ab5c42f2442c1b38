import { defineJob, type JobContext } from '../../server/jobs';
import { pokeOutbox } from '../../server/outbox';
import { closeStaleResolutions } from './grievance.server';
import { OPEN_STATES } from './grievance-workflow';
import { queueOverdueNotices } from './notifier.server';

/**
 * The grievance workflow's time-driven steps, as jobs (src/server/jobs). They are handed to the runner by the
 * entry's list of jobs (src/jobs.ts), so the server code knows no feature.
 */

/** Resolutions nobody rated close after the auto-close days; hourly is close enough to a matter of days. */
export const autoCloseJob = defineJob({
  name: 'grievance-auto-close',
  everyMinutes: 60,
  run: async ({ database, now }) => {
    await closeStaleResolutions({ now }, database);
  },
});

/** Grievances looked at per run; the next run takes the rest. */
const OVERDUE_BATCH = 200;

/**
 * Once an open grievance passes its due time, its officer and the admins are told, once per grievance and due
 * time: the notice row and the messages are written in one transaction, and the row's key refuses a second.
 */
export async function sendOverdueNotices({ database, now }: JobContext): Promise<number> {
  const at = new Date(now).toISOString();
  const due = await database
    .selectFrom('complaint')
    .leftJoin('app_user as officer', 'officer.id', 'complaint.officer_id')
    .leftJoin('grievance_overdue_notice as notice', (join) =>
      join.onRef('notice.complaint_id', '=', 'complaint.id').onRef('notice.due_at', '=', 'complaint.due_at'),
    )
    .select(['complaint.id', 'complaint.complaint_number', 'complaint.due_at', 'officer.email as officer_email'])
    .where('complaint.state', 'in', OPEN_STATES)
    .where('complaint.due_at', '<', at)
    .where('notice.complaint_id', 'is', null)
    .orderBy('complaint.due_at')
    .limit(OVERDUE_BATCH)
    .execute();
  let sent = 0;
  for (const row of due) {
    if (!row.complaint_number || !row.due_at) continue;
    const noticed = await database.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('grievance_overdue_notice')
        .values({ complaint_id: row.id, due_at: row.due_at!, sent_at: at })
        .onConflict((oc) => oc.columns(['complaint_id', 'due_at']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false; // another run noticed it first
      // Still open and still due then, as of this transaction: a step taken meanwhile is no reason to write.
      const still = await trx
        .selectFrom('complaint')
        .select('id')
        .where('id', '=', row.id)
        .where('state', 'in', OPEN_STATES)
        .where('due_at', '=', row.due_at!)
        .executeTakeFirst();
      if (!still) return false;
      await queueOverdueNotices(trx, { number: row.complaint_number!, dueAt: row.due_at!, officerEmail: row.officer_email });
      return true;
    });
    if (noticed) sent++;
  }
  if (sent > 0) void pokeOutbox(database);
  return sent;
}

export const overdueJob = defineJob({ name: 'grievance-overdue', everyMinutes: 1, run: async (context) => void (await sendOverdueNotices(context)) });

export const GRIEVANCE_JOBS = [autoCloseJob, overdueJob];
