import { defineJob, type JobContext } from '../../server/jobs';
import { settleTransaction } from './transactions.server';
import { LIVE_STATES } from './transaction-workflow';

/**
 * Nobody is left with money taken and no receipt: transactions still live after their payer should have
 * come back are asked about at the gateway, every 15 minutes while they are between 15 and 60 minutes old,
 * then once a day. settleTransaction is safe to repeat and to race a late callback.
 *
 * Failed ones are asked about again too, for FAILED_WINDOW_MS: a payment the gateway reported failed may
 * still be captured. Razorpay marks a payment failed when the bank has not answered in about 10 minutes, then
 * keeps asking the bank for 3 days counted from the payment's day, and captures what the bank confirms in that
 * time; the payer may also try again on the same order. Every 15 minutes in its first hour (most late captures
 * come within minutes), then in the daily run until five days have passed: three days of the bank being asked,
 * up to a day more for "counted from the day", and a day for the daily run to come round once after that.
 * The signed webhook usually tells us first; the job is for the webhook that never came.
 */
const MINUTE = 60_000;
const BATCH = 500;
export const FAILED_WINDOW_MS = 5 * 1440 * MINUTE;

async function settleLive({ database, now }: JobContext, olderThanMs: number, youngerThanMs: number | null): Promise<number> {
  let query = database
    .selectFrom('payment_transaction')
    .select('public_id')
    .where('state', 'in', [...LIVE_STATES])
    .where('created_at', '<=', new Date(now - olderThanMs).toISOString());
  if (youngerThanMs !== null) query = query.where('created_at', '>', new Date(now - youngerThanMs).toISOString());
  const due = await query.orderBy('created_at').limit(BATCH).execute();
  for (const row of due) await settleTransaction(row.public_id, database);
  return due.length;
}

/** Asks again about every transaction that failed and was started in the window, a batch at a time. */
async function recheckFailed({ database, now }: JobContext, olderThanMs: number, youngerThanMs: number): Promise<number> {
  let after = 0;
  let asked = 0;
  for (;;) {
    const batch = await database
      .selectFrom('payment_transaction')
      .select(['id', 'public_id'])
      .where('state', '=', 'failed')
      .where('created_at', '<=', new Date(now - olderThanMs).toISOString())
      .where('created_at', '>', new Date(now - youngerThanMs).toISOString())
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of batch) await settleTransaction(row.public_id, database, { failedToo: true });
    asked += batch.length;
    if (batch.length < BATCH) return asked;
    after = batch[batch.length - 1].id;
  }
}

export const reconcileRecentJob = defineJob({
  name: 'payments-reconcile-recent',
  everyMinutes: 15,
  run: async (context) => {
    await settleLive(context, 15 * MINUTE, 60 * MINUTE);
    await recheckFailed(context, 0, 60 * MINUTE);
  },
});

export const reconcileOldJob = defineJob({
  name: 'payments-reconcile-old',
  everyMinutes: 1440,
  run: async (context) => {
    await settleLive(context, 60 * MINUTE, null);
    await recheckFailed(context, 60 * MINUTE, FAILED_WINDOW_MS);
  },
});

export const PAYMENT_JOBS = [reconcileRecentJob, reconcileOldJob];
