import type { Kysely } from 'kysely';

// A slide's words are text beside its picture, not pixels in it: a caption shown with the picture, and a
// description of the picture for people who cannot see it (its alt text). Both may be empty on old slides.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slider').addColumn('caption', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('slider').addColumn('picture_description', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slider').dropColumn('picture_description').execute();
  await db.schema.alterTable('slider').dropColumn('caption').execute();
}
