import { sql, type Kysely } from 'kysely';

/**
 * One table for every message sent at most once (src/server/outbox/sent-once.ts), instead of one per kind:
 * the overdue notices sent (`case_overdue_notice`), the ward alerts' daily digests (`ward_alert_digest`) and
 * the licences' renewal reminders (found until now by their outbox reference). Every claim already made is
 * carried over under its new key, so nothing sent before is sent again; the two old tables are dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sent_once')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`INSERT INTO sent_once (key, sent_at, detail)
    SELECT 'case-overdue:' || cast(case_id as text) || ':' || due_at, sent_at, '' FROM case_overdue_notice`.execute(db);
  await sql`INSERT INTO sent_once (key, sent_at, detail)
    SELECT 'ward-digest:' || cast(subscription_id as text) || ':' || day, sent_at, cast(events as text) FROM ward_alert_digest`.execute(db);
  // A reminder's outbox reference is `<licence>:renew-<days>`, once per channel: one claim each.
  const reminders = await db
    .selectFrom('outbox_message')
    .select(['reference'])
    .select((eb) => eb.fn.min('created_at').as('sent_at'))
    .where('reference', 'like', 'NPK-TLN-%:renew-%')
    .groupBy('reference')
    .execute();
  for (const { reference, sent_at } of reminders) {
    const [licence, days] = String(reference).split(':renew-');
    await db.insertInto('sent_once').values({ key: `licence-renewal:${licence}:${days}`, sent_at, detail: '' }).execute();
  }
  await db.schema.dropTable('case_overdue_notice').execute();
  await db.schema.dropTable('ward_alert_digest').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('case_overdue_notice')
    .addColumn('case_id', 'integer', (c) => c.notNull().references('service_case.id').onDelete('cascade'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_overdue_notice_pk', ['case_id', 'due_at'])
    .execute();
  await db.schema
    .createTable('ward_alert_digest')
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('ward_alert_subscription.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ward_alert_digest_key', ['subscription_id', 'day'])
    .execute();
  await db.schema.dropTable('sent_once').execute();
}
