import type { Db } from '../../server/db';
import type { Database } from '../../server/db-schema';
import { TRANSACTION_WORKFLOW, type TransactionStep } from './transaction-workflow';
import type { Updateable } from 'kysely';

type TransactionChanges = Omit<Updateable<Database['payment_transaction']>, 'state' | 'id'>;

/**
 * Moves a transaction by a declared step (transaction-workflow.ts): one conditional update from the step's
 * `from` states to its `to`, with what else the step records. True when this call moved it; false when it was
 * not in a state the step leaves (another arrival moved it first), which is never an error.
 */
export async function moveTransaction(database: Db, id: number, step: TransactionStep, changes: TransactionChanges, where: { claimedAt?: string } = {}): Promise<boolean> {
  const rule = TRANSACTION_WORKFLOW.steps[step];
  let update = database.updateTable('payment_transaction').set({ ...changes, state: rule.to }).where('id', '=', id).where('state', 'in', [...rule.from]);
  if (where.claimedAt !== undefined) update = update.where('refund_claimed_at', '=', where.claimedAt);
  const done = await update.executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
