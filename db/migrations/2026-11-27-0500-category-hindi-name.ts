import type { Kysely } from 'kysely';

// A grievance category's name in Hindi, set by an admin beside the English title on /grievance-settings.
// Null until someone gives one: Hindi pages then fall back to the catalogue's name, or the English title.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('grievance_type').addColumn('name_hi', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('grievance_type').dropColumn('name_hi').execute();
}
