import type { Kysely } from 'kysely';

// table_version.changed_at: when a table's version was last raised, that is when a committed write last
// changed it (an ISO instant). A public page's footer says "Last updated" with the newest of these among the
// tables it read. Rows raised before this column existed keep null: their time is not known.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('table_version').addColumn('changed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('table_version').dropColumn('changed_at').execute();
}
