import type { Kysely } from 'kysely';

// Staff have names: the inbox, the case page and the audit show an officer by name, not by email. Accounts
// made before this have none until an admin gives one; until then their email stands in.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('name').execute();
}
