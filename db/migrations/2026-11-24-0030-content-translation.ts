import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

// content_translation: the Hindi (or any other language's) text of a translatable field, one row per
// record, field and language, for every content type at once. `source_hash` is the SHA-256 of the English
// text the translation was made from, so the back office can tell when the English changed afterwards.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('content_translation'))
    .addColumn('type_path', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('field_key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addUniqueConstraint('content_translation_one_text', ['type_path', 'record_id', 'field_key', 'lang'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_translation').execute();
}
