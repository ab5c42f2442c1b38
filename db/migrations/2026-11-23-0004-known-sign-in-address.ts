import type { Kysely } from 'kysely';

// sign_in_address: the addresses each account has signed in from, so that a stranger's failed guesses,
// which lock an account, do not lock out its owner signing in from where they usually do.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_address')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_address_pk', ['email', 'address'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_address').execute();
}
