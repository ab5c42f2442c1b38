import type { Kysely } from 'kysely';

// Hindi names an admin gives the words staff type in English and citizens read on Hindi pages: a circular's
// department, a tender document's name, a tender's status, a ward (src/features/hindi-names). Keyed by the
// kind and the English word in lower case; a word without a row falls back to the catalogue or stays English.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('hindi_name')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('english_key', 'text', (c) => c.notNull())
    .addColumn('name_hi', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hindi_name_pk', ['kind', 'english_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hindi_name').execute();
}
