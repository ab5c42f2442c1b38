import type { Kysely } from 'kysely';

// A payer reading their payment (GET /api/Public/payments/{id}, the return page) finds its receipt by the
// transaction: without an index that is a scan of every receipt ever issued, once per look, and a council's
// receipt table grows by tens of thousands a year.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('payment_receipt_transaction').on('payment_receipt').column('transaction_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_receipt_transaction').execute();
}
