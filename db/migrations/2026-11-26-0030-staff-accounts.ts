import type { Kysely } from 'kysely';

// Staff accounts kept from the back office: an admin can disable an account (it signs in no more and its
// sessions end) and force a password reset (the next sign-in must choose a new password before anything else).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('app_user').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('must_change_password').execute();
  await db.schema.alterTable('app_user').dropColumn('disabled_at').execute();
}
