import type { Kysely } from 'kysely';

// Each ward's boundary, from the GeoJSON an admin uploads (src/features/wards): its polygons as JSON
// ([longitude, latitude] rings), read to find the ward of a point and given out as open data.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ward_boundary')
    .addColumn('ward_id', 'integer', (c) => c.primaryKey().references('ward.id').onDelete('cascade'))
    .addColumn('polygons', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ward_boundary').execute();
}
