import type { Kysely } from 'kysely';

// A limit counted in grievance_attempt is checked and counted in one transaction that first takes the row of
// its kind and key here. Two attempts at once then take turns on that row in PostgreSQL as well (SQLite's
// write lock already serialises them): without it, both read the count before either wrote, and a burst of
// requests slipped past the limit together.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attempt_gate')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('attempt_gate_pk', ['kind', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attempt_gate').execute();
}
