import type { Kysely } from 'kysely';
import { bytesType, withId } from './schema-helpers';

// Files sent with a public form that was refused, kept for a short while under a key only the refused answer
// carries, so that the corrected form does not have to carry them over the network again.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('kept_form_file'))
    /** SHA-256 of the random key the refused page holds; the key itself is never stored. */
    .addColumn('key_hash', 'text', (c) => c.notNull())
    /** The form the file was sent with ('postgrievance', 'tradelicense', 'inquiry'): it goes back into that form only. */
    .addColumn('scope', 'text', (c) => c.notNull())
    /** Who sent it (a network address, or a member of staff), to bound what one sender may have kept. */
    .addColumn('sender', 'text', (c) => c.notNull())
    /** The form's file field, and the file's place among that field's files. */
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', bytesType(db), (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kept_form_file_key').on('kept_form_file').columns(['key_hash']).execute();
  await db.schema.createIndex('kept_form_file_sender').on('kept_form_file').columns(['sender', 'expires_at']).execute();
  await db.schema.createIndex('kept_form_file_expiry').on('kept_form_file').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kept_form_file').execute();
}
