import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

// The people who follow a case they did not lodge: a citizen who said "me too" to it, or the citizen (and
// followers) of a duplicate merged into it. Their contact is never public; one row per case and mobile.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('case_supporter'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('service_case.id').onDelete('cascade'))
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    /** 'me-too', or 'merge' (with the duplicate's number in merged_from). */
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('merged_from', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_supporter_once').on('case_supporter').columns(['case_id', 'mobile']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('case_supporter').execute();
}
