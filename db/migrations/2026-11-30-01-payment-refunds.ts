import type { Kysely } from 'kysely';

/**
 * A payment the council must give back (paid, but not the billed amount; or paid after its bill was paid or
 * replaced) is refunded from the back office through the gateway. The transaction keeps what the gateway said
 * was captured, which is what goes back, and when a refund was last put to the gateway, so that two people
 * pressing Refund at once send one. Rows marked before this kept the captured amount only in their note.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_transaction').addColumn('paid_paise', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('payment_transaction').addColumn('refund_claimed_at', 'text').execute();
  // Paid after the bill was paid another way: the billed amount, to the paisa (anything else was a mismatch).
  await db.updateTable('payment_transaction').set((eb) => ({ paid_paise: eb.ref('amount_paise') })).where('state', '=', 'refund-due').execute();
  const mismatches = await db.selectFrom('payment_transaction').select(['id', 'note']).where('state', '=', 'mismatch').execute();
  for (const row of mismatches as { id: number; note: string }[]) {
    const paid = /reports (\d+) paise paid/.exec(row.note);
    if (paid) await db.updateTable('payment_transaction').set({ paid_paise: Number(paid[1]) }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['refund_claimed_at', 'paid_paise']) await db.schema.alterTable('payment_transaction').dropColumn(column).execute();
}
