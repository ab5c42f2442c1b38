import type { Kysely } from 'kysely';

// Open311's servicerequestupdates reads the grievances' steps by the time they were taken, between two
// times a client polls (every few minutes, for the last hours): without this index each poll read every
// step ever taken.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('case_event_time').on('case_event').columns(['at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('case_event_time').execute();
}
