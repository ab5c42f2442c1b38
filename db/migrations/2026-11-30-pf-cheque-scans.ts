import type { Kysely } from 'kysely';

// A counter receipt's scan or photo of the cheque or demand draft taken: a private file (media.private = 1),
// read by the counter's staff only. Receipts from before have none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_receipt').addColumn('instrument_media_id', 'integer').execute();
  await db.schema.createIndex('payment_receipt_instrument_media').on('payment_receipt').column('instrument_media_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_receipt_instrument_media').execute();
  await db.schema.alterTable('payment_receipt').dropColumn('instrument_media_id').execute();
}
