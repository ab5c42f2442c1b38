import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

// content_revision: every saved state of a content record, so an editor can see what changed and bring an
// earlier state back. Values and files are kept as JSON keyed by the type's field and slot keys (not by
// column), so a revision still reads the same after a column is renamed. Revisions outlive their record.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('content_revision'))
    .addColumn('type_path', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('values_json', 'text', (c) => c.notNull())
    .addColumn('files_json', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .execute();
  // One number per revision of a record. Saves of one record take turns already (each holds the record's row
  // lock while it numbers its revision); the index makes any other writer fail rather than share a number.
  await db.schema.createIndex('content_revision_record').unique().on('content_revision').columns(['type_path', 'record_id', 'revision']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_revision').execute();
}
