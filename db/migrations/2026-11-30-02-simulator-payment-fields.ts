import type { Kysely } from 'kysely';

/**
 * The gateway simulator answers Razorpay's order, payment and refund calls in their documented shapes: it
 * keeps the order's notes, the payer's contact and email from the checkout, when the payment was made, and how
 * much of it has been refunded (refunds are only ever added to it, never above what was captured).
 */
const COLUMNS = ['notes', 'contact', 'email', 'paid_at'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('gateway_simulator_order').addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute();
  }
  await db.schema.alterTable('gateway_simulator_order').addColumn('refunded_paise', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // A payment is fetched and refunded by its own id.
  await db.schema.createIndex('gateway_simulator_order_payment').on('gateway_simulator_order').column('payment_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gateway_simulator_order_payment').execute();
  for (const column of ['refunded_paise', ...COLUMNS]) await db.schema.alterTable('gateway_simulator_order').dropColumn(column).execute();
}
