import type { Kysely } from 'kysely';

// A staff session ends after SESSION_MINUTES without a request (its `expires_at`, moved forward by each
// request) or SESSION_MAX_HOURS after signing in, whatever its activity: that second end is kept here.
// Sessions from before have none and end with their token's `exp`.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_session').addColumn('absolute_expires_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_session').dropColumn('absolute_expires_at').execute();
}
