import type { Kysely } from 'kysely';

// table_version replaces content_version: one row per table that content writes change, its number raised
// by every write to that table. A cached page remembers the numbers of the tables it read, so a write drops
// only the pages that read what it changed, on every instance sharing the database. A table without a row
// has never been written through the write path; it counts as version 0.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('table_version')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('content_version').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('content_version').values({ id: 1, version: 1 }).execute();
  await db.schema.dropTable('table_version').execute();
}
