import type { Kysely } from 'kysely';

// sign_in_address goes: no address is let past a refusal for having signed in before any more, since no
// account is locked for a stranger's failures in the first place; only an address's own failures refuse it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_address').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_address')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_address_pk', ['email', 'address'])
    .execute();
}
