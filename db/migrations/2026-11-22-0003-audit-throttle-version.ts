import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

// Three small tables that hardening and running several servers need:
// - audit_log: who changed which record, when, with the record before and after (JSON text).
// - login_attempt: failed sign-ins, kept in the database so throttling holds across server instances.
// - content_version: one row whose number every content write raises, so each instance's page cache can
//   tell cheaply that another instance wrote.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

  await withId(db, db.schema.createTable('login_attempt'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempt_email').on('login_attempt').columns(['email', 'at']).execute();
  await db.schema.createIndex('login_attempt_address').on('login_attempt').columns(['address', 'at']).execute();

  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('content_version').values({ id: 1, version: 1 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_version').execute();
  await db.schema.dropTable('login_attempt').execute();
  await db.schema.dropTable('audit_log').execute();
}
