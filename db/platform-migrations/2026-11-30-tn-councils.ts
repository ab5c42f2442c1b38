import type { Kysely } from 'kysely';
import { withId } from '../migrations/schema-helpers';

// The platform's own database: which councils this installation serves and on which host names, and the
// state's administrators who create and change them. Each council's own data stays in its own database.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('council'))
    /** Letters, digits and hyphens: names the council's folder or schema, and never changes. */
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_hindi', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    /** 'active' or 'disabled' (its site says so; its data is kept). */
    .addColumn('status', 'text', (c) => c.notNull())
    /** 1 for the council made on the installation's first start: its data stays where it always was. */
    .addColumn('first', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('council_host')
    /** Lower case, without a port: one host name belongs to one council at most. */
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('council_id', 'integer', (c) => c.notNull().references('council.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('council_host_council').on('council_host').column('council_id').execute();

  await withId(db, db.schema.createTable('state_admin'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .execute();

  await db.schema
    .createTable('state_session')
    /** SHA-256 of the session's secret, as a council's staff sessions keep it. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('state_admin.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('state_audit'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('admin_email', 'text', (c) => c.notNull())
    /** 'sign-in-attempt', 'sign-in', 'council-created', 'council-changed'. */
    .addColumn('action', 'text', (c) => c.notNull())
    /** The network address a sign-in came from (its attempts are counted by it). */
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('council_id', 'integer')
    /** What changed, as JSON: before and after. */
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('state_audit_attempts').on('state_audit').columns(['action', 'address', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['state_audit', 'state_session', 'state_admin', 'council_host', 'council']) await db.schema.dropTable(table).execute();
}
