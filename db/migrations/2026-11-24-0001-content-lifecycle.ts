import type { Kysely } from 'kysely';

// content_state: where each managed record stands in its life (draft, in review, sent back, published,
// archived) and the moments that change what the public sees (publication, withdrawal, end of validity)
// plus the next content review. One side table for every content type, keyed by the type's API path and
// the record's id, so the content tables keep their shape. A record without a row counts as published and
// valid without end: everything written before this table existed stays exactly as public as it was.
// Moments are ISO instants in UTC ('2026-11-24T04:30:00.000Z'), which sort as text on both databases.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_state')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'text')
    .addColumn('unpublish_at', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('review_at', 'text')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author_id', 'integer')
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_state_pk', ['content_type', 'record_id'])
    .execute();
  await db.schema.createIndex('content_state_by_state').on('content_state').columns(['state', 'content_type']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_state').execute();
}
