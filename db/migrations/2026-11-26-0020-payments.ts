import { type Kysely } from 'kysely';
import { withId } from './schema-helpers';

/**
 * Payments for any service: bills (what is owed for a payable thing, named by kind and reference), the
 * transactions that try to pay them at a gateway, every exchange with the gateway as sent and received, and
 * receipts numbered in one series per financial year. The gateway simulator's own orders live here too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('payment_bill'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('payer_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payer_mobile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payer_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    /** 'open', 'paid' or 'cancelled'. */
    .addColumn('state', 'text', (c) => c.notNull())
    /** kind and reference while the bill is open, null after: the unique index keeps one open bill per payable thing. */
    .addColumn('open_key', 'text', (c) => c.unique())
    /** What the service needs to apply the payment (its lines), as JSON it alone reads. */
    .addColumn('details_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_bill_payable').on('payment_bill').columns(['kind', 'reference']).execute();

  await withId(db, db.schema.createTable('payment_transaction'))
    /** The id citizens and apps see: random, so that nobody can walk through other people's payments. */
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('payment_bill.id'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    /** 'created', 'pending', 'success', 'failed', 'mismatch' (paid, but not the billed amount) or 'refund-due'. */
    .addColumn('state', 'text', (c) => c.notNull())
    /** The bill's id while this transaction is live (created or pending), null after: one live transaction per bill. */
    .addColumn('live_bill_id', 'integer', (c) => c.unique())
    .addColumn('gateway_order_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gateway_payment_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    /** Where the payer goes at the gateway (JSON), so a payer who comes back to pay again is sent to the same order. */
    .addColumn('next_json', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('payment_transaction_state').on('payment_transaction').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('payment_transaction_bill').on('payment_transaction').column('bill_id').execute();
  await db.schema.createIndex('payment_transaction_order').on('payment_transaction').columns(['gateway', 'gateway_order_id']).execute();

  await withId(db, db.schema.createTable('payment_exchange'))
    .addColumn('transaction_id', 'integer', (c) => c.notNull().references('payment_transaction.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    /** 'start', 'callback', 'webhook', 'status' or 'refund'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('payment_exchange_transaction').on('payment_exchange').column('transaction_id').execute();

  await db.schema
    .createTable('payment_receipt_series')
    .addColumn('fy', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('payment_receipt'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('fy', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('payment_bill.id'))
    /** The bill's id while the receipt is valid, null once cancelled: a bill is paid at most once. */
    .addColumn('valid_bill_id', 'integer', (c) => c.unique())
    .addColumn('transaction_id', 'integer', (c) => c.references('payment_transaction.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    /** 'online', 'cash', 'cheque', 'dd' or 'upi'. */
    .addColumn('mode', 'text', (c) => c.notNull())
    /** A cheque's or draft's number and bank, a UPI reference, the gateway's payment id. */
    .addColumn('instrument', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'text', (c) => c.notNull())
    .addColumn('cashier_id', 'integer')
    /** 'valid' or 'cancelled'. */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
    /** The secret in the address of the receipt's PDF, which names the payer. */
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema.createIndex('payment_receipt_paid').on('payment_receipt').columns(['paid_at']).execute();
  await db.schema.createIndex('payment_receipt_payable').on('payment_receipt').columns(['kind', 'reference']).execute();

  /** The built-in gateway simulator's orders and their one payment (it speaks Razorpay's protocol). */
  await db.schema
    .createTable('gateway_simulator_order')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('receipt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull().defaultTo(''))
    /** '' (no attempt), 'created' (left pending), 'captured' or 'failed'. */
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_amount_paise', 'integer', (c) => c.notNull().defaultTo(0))
    /** How many status questions to leave unanswered (the timeout test switch). */
    .addColumn('stall_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['gateway_simulator_order', 'payment_receipt', 'payment_receipt_series', 'payment_exchange', 'payment_transaction', 'payment_bill']) {
    await db.schema.dropTable(table).execute();
  }
}
