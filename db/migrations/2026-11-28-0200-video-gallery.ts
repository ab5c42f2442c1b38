import type { Kysely } from 'kysely';
import { mediaRef, withId } from './schema-helpers';

// The video gallery (src/features/videogallery): each video is an uploaded MP4/WebM file or a YouTube link
// (stored as its watch address, '' for an upload), with an optional poster picture of our own.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('video_gallery'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('youtube_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_media_id', 'integer', mediaRef)
    .addColumn('poster_media_id', 'integer', mediaRef)
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_gallery').execute();
}
