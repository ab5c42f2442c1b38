import type { Kysely } from 'kysely';

// When an account last signed in: the state console shows, for each council, when its admin last did, so the
// state can see a council nobody looks after. Null for an account that has not signed in since.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('last_signed_in_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('last_signed_in_at').execute();
}
