import type { Kysely } from 'kysely';

// A ward's localities in both languages (comma-separated names), so that a citizen who knows where they live
// but not their ward's number can pick it from a list: "Ward 5 — Gandhi Nagar, Station Road".
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ward').addColumn('localities_en', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('ward').addColumn('localities_hi', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ward').dropColumn('localities_hi').execute();
  await db.schema.alterTable('ward').dropColumn('localities_en').execute();
}
