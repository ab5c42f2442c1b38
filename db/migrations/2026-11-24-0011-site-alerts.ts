import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

// site_alert: a banner admins put above every public page for a window of time (a water cut, a holiday).
// starts_at and ends_at are ISO instants; updated_at changes with every edit, so a visitor who dismissed
// an alert sees it again once it says something new.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('site_alert'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('text_hi', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('site_alert_window').on('site_alert').columns(['ends_at', 'starts_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_alert').execute();
}
