import { defineJob, type JobContext } from '../../server/jobs';
import { settleTransaction } from './transactions.server';

/**
 * Nobody is left with money taken and no receipt: transactions still live after their payer should have
 * come back are asked about at the gateway, every 15 minutes while they are between 15 and 60 minutes old,
 * then once a day. settleTransaction is safe to repeat and to race a late callback.
 */
const MINUTE = 60_000;
const BATCH = 500;

async function settleLive({ database, now }: JobContext, olderThanMs: number, youngerThanMs: number | null): Promise<number> {
  let query = database
    .selectFrom('payment_transaction')
    .select('public_id')
    .where('state', 'in', ['created', 'pending'])
    .where('created_at', '<=', new Date(now - olderThanMs).toISOString());
  if (youngerThanMs !== null) query = query.where('created_at', '>', new Date(now - youngerThanMs).toISOString());
  const due = await query.orderBy('created_at').limit(BATCH).execute();
  for (const row of due) await settleTransaction(row.public_id, database);
  return due.length;
}

export const reconcileRecentJob = defineJob({
  name: 'payments-reconcile-recent',
  everyMinutes: 15,
  run: async (context) => void (await settleLive(context, 15 * MINUTE, 60 * MINUTE)),
});

export const reconcileOldJob = defineJob({
  name: 'payments-reconcile-old',
  everyMinutes: 1440,
  run: async (context) => void (await settleLive(context, 60 * MINUTE, null)),
});

export const PAYMENT_JOBS = [reconcileRecentJob, reconcileOldJob];
