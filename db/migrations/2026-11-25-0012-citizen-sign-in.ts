import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

// Citizens sign in with their mobile number and a code sent by SMS (src/features/citizen).
// citizen_code: each code asked for, as a keyed hash only, with its expiry and the tries used; the rows also
// count the codes asked per mobile and per client address for the limits.
// citizen_session: a signed-in citizen, apart from staff sessions (user_session): the id is the SHA-256 of
// the secret the browser or app holds, which is never stored.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('citizen_code'))
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('citizen_code_mobile').on('citizen_code').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('citizen_code_address').on('citizen_code').columns(['client_address', 'created_at']).execute();

  await db.schema
    .createTable('citizen_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('citizen_session_expires').on('citizen_session').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('citizen_session').execute();
  await db.schema.dropTable('citizen_code').execute();
}
