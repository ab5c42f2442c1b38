import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

// A step an officer sent on the case page after their session had ended: kept for a short while, theirs
// alone, so that after signing in again the form comes back with the note and the photos already sent.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('case_draft'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('case_number', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('staff'))
    /** What else the form carried (the officer chosen), as JSON. */
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}'))
    /** The photos and documents sent, as JSON lists of media ids. */
    .addColumn('photo_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('document_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_draft_owner').on('case_draft').columns(['user_id', 'case_number']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('case_draft').execute();
}
