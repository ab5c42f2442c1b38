import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * The few column types that differ between SQLite and PostgreSQL. Migrations are frozen in time, so they
 * use these helpers instead of anything under src/.
 */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function bytesType(db: Kysely<any>) {
  return isPostgres(db) ? ('bytea' as const) : ('blob' as const);
}

/** A nullable reference to an uploaded file; the file outlives nothing: deleting a record keeps the bytes. */
export function mediaRef(c: ColumnDefinitionBuilder) {
  return c.references('media.id').onDelete('set null');
}
