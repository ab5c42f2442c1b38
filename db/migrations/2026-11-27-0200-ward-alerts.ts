import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

// Alerts for a ward (src/features/ward-alerts): who asked to hear of new and resolved grievances in a ward,
// how (email, or SMS to a signed-in citizen's mobile) and how often (at once, or a daily digest); the digests
// sent, one per subscription and day, so that a day's digest is never sent twice; and the List-Unsubscribe
// address an email carries out of the outbox.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('ward_alert_subscription'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('ward_id', 'integer', (c) => c.notNull().references('ward.id').onDelete('cascade'))
    /** new, resolved or both. */
    .addColumn('events', 'text', (c) => c.notNull())
    /** immediate or daily. */
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    /** Null until the email's link is followed; an SMS subscription is confirmed by the sign-in that made it. */
    .addColumn('confirmed_at', 'text')
    /** The secret the pending confirmation link is signed over; cleared when used, replaced by a new request. */
    .addColumn('confirm_nonce', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ward_alert_subscription_unique').on('ward_alert_subscription').columns(['channel', 'recipient', 'ward_id']).unique().execute();
  await db.schema.createIndex('ward_alert_subscription_ward').on('ward_alert_subscription').columns(['ward_id', 'frequency']).execute();
  await db.schema
    .createTable('ward_alert_digest')
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('ward_alert_subscription.id').onDelete('cascade'))
    /** The Indian date of the 08:00 the digest is for. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    /** How many grievance events it told of; 0: nothing happened, nothing was sent. */
    .addColumn('events', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ward_alert_digest_key', ['subscription_id', 'day'])
    .execute();
  await db.schema.alterTable('outbox_message').addColumn('list_unsubscribe', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_message').dropColumn('list_unsubscribe').execute();
  await db.schema.dropTable('ward_alert_digest').execute();
  await db.schema.dropTable('ward_alert_subscription').execute();
}
