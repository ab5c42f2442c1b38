import { sql, type Kysely } from 'kysely';

// When the person behind an account last chose its password themself. Null while they have only ever had a
// one-time password from an admin: their first sign-in is then that of a new account, not of a reset one.
// Accounts from before count as having chosen one, unless they still wait for their first change and never
// made one (the audit log records every change).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('password_chosen_at', 'text').execute();
  await sql`
    update app_user set password_chosen_at = created_at
    where must_change_password = 0
       or id in (select record_id from audit_log where entity = 'account' and action = 'change-password' and record_id is not null)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('password_chosen_at').execute();
}
