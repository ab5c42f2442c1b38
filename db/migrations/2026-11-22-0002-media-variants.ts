import type { Kysely } from 'kysely';
import { bytesType } from './schema-helpers';

// Images get their pixel size recorded (pages need width/height to reserve space before the image arrives)
// and resized WebP copies, each made once and kept beside the original so every server shares them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').addColumn('width', 'integer').execute();
  await db.schema.alterTable('media').addColumn('height', 'integer').execute();
  await db.schema
    .createTable('media_variant')
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', bytesType(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_variant_pk', ['media_id', 'width'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_variant').execute();
  await db.schema.alterTable('media').dropColumn('height').execute();
  await db.schema.alterTable('media').dropColumn('width').execute();
}
