import { sql, type Kysely } from 'kysely';
import { mediaRef } from './schema-helpers';

// council_identity: the one row that names and describes the council the database belongs to: its names, the
// short name that prefixes its numbers, address, contacts, hours, links, social accounts, logo and colour. Its
// id is always 1, so two first starts at once cannot leave two councils in one database. Addresses, links and
// social accounts are JSON, read and written whole.
// council_setup: the SHA-256 of the one-time setup address a first start prints while there is no identity;
// the setup that uses it deletes the row, so the address works once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('council_identity')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_hi', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('tagline_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tagline_hi', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_en', 'text', (c) => c.notNull())
    .addColumn('address_hi', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('toll_free', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hours_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hours_hi', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('links', 'text', (c) => c.notNull())
    .addColumn('social', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('logo_media_id', 'integer', mediaRef)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('council_setup')
    .addColumn('token_sha256', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('council_setup').execute();
  await db.schema.dropTable('council_identity').execute();
}
