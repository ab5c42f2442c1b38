import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

// feedback: what visitors write through the public feedback form (GIGW), read by admins in the back office.
// The sender's network address is kept only as its SHA-256: enough to limit how often one address writes.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('feedback'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_address').on('feedback').columns(['address_hash', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
}
