import type { Kysely } from 'kysely';

// grievance_event.visibility: whether the citizen reads an event's note ('public') or only staff do
// ('staff'). Every note written before this was shown to the citizen, so existing events stay public.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('grievance_event').addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('grievance_event').dropColumn('visibility').execute();
}
