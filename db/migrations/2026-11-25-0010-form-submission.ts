import type { Kysely } from 'kysely';

// form_submission: the one-time token of each public form sent, with what it stored (a complaint number, a
// feedback reference), so that sending the same form again (a refresh, a double tap) stores nothing twice
// and leads to the same result. result is null while the first sending is still being handled.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('form_submission')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_submission_pk', ['scope', 'token_hash'])
    .execute();
  await db.schema.createIndex('form_submission_at').on('form_submission').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('form_submission').execute();
}
