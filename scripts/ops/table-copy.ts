import { sql, type Kysely } from 'kysely';

/**
 * Copying a council's tables between databases, row for row, whatever the engines: SQLite to PostgreSQL
 * (`npm run migrate-to-postgres`, a council's import), PostgreSQL to SQLite (a council's export). The shape of
 * the tables is read from the SQLite side, which both sides share once the same migrations ran on each.
 */
export type AnyDb = Kysely<any>;

/**
 * Kysely's own bookkeeping, and SQLite's full-text tables: each side has them from its own migration run
 * (PostgreSQL computes its search column from the copied search entries; SQLite's triggers fill its index).
 */
const SKIPPED = /^(sqlite_|kysely_|search_fts)/;
/** PostgreSQL takes at most 65,535 parameters per statement, SQLite 32,766; stay well below. */
const MAX_PARAMETERS = 30_000;
/** Rows that carry file bytes go in small batches, so memory stays flat however large the files are. */
const ROWS_PER_BYTES_BATCH = 50;

export interface TableShape {
  name: string;
  columns: string[];
  /** Columns holding bytes (blob on SQLite, bytea on PostgreSQL). */
  byteColumns: string[];
  references: string[];
}

export class CopyError extends Error {}

export async function sqliteTables(source: AnyDb): Promise<TableShape[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`.execute(source);
  const tables: TableShape[] = [];
  for (const { name } of rows.filter((r) => !SKIPPED.test(r.name))) {
    const columns = (await sql<{ name: string; type: string }>`SELECT name, type FROM pragma_table_info(${name})`.execute(source)).rows;
    const references = (await sql<{ table: string }>`SELECT "table" FROM pragma_foreign_key_list(${name})`.execute(source)).rows;
    tables.push({
      name,
      columns: columns.map((c) => c.name),
      byteColumns: columns.filter((c) => c.type.toLowerCase() === 'blob').map((c) => c.name),
      references: [...new Set(references.map((r) => r.table))].filter((t) => t !== name),
    });
  }
  return inReferenceOrder(tables);
}

/** Tables ordered so that every table comes after the tables it references. */
function inReferenceOrder(tables: TableShape[]): TableShape[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const place = (table: TableShape, path: string[]) => {
    if (placed.has(table.name)) return;
    if (path.includes(table.name)) throw new CopyError(`tables reference each other in a circle: ${[...path, table.name].join(' → ')}`);
    for (const referenced of table.references) {
      const target = byName.get(referenced);
      if (target) place(target, [...path, table.name]);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) place(table, []);
  return ordered;
}

export async function postgresColumns(target: AnyDb): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`.execute(target);
  const tables = new Map<string, Set<string>>();
  for (const row of rows.filter((r) => !SKIPPED.test(r.table_name))) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Set());
    tables.get(row.table_name)!.add(row.column_name);
  }
  return tables;
}

/** Both sides must have the same tables and columns: the same migrations ran on each. */
export function checkSameShape(tables: TableShape[], target: Map<string, Set<string>>): void {
  const problems: string[] = [];
  for (const table of tables) {
    const columns = target.get(table.name);
    if (!columns) problems.push(`table ${table.name} is missing in PostgreSQL`);
    else for (const column of table.columns) if (!columns.has(column)) problems.push(`column ${table.name}.${column} is missing in PostgreSQL`);
  }
  for (const name of target.keys()) if (!tables.some((t) => t.name === name)) problems.push(`table ${name} exists only in PostgreSQL`);
  if (problems.length > 0) throw new CopyError(`the two databases differ in shape:\n  ${problems.join('\n  ')}`);
}

export async function countRows(database: AnyDb, table: string): Promise<number> {
  const row = await database.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function byteTotal(database: AnyDb, table: string, column: string): Promise<number> {
  const { rows } = await sql<{ n: number | string | null }>`SELECT sum(length(${sql.ref(column)})) AS n FROM ${sql.table(table)}`.execute(database);
  return Number(rows[0]?.n ?? 0);
}

const batchSizeOf = (table: TableShape) => (table.byteColumns.length > 0 ? ROWS_PER_BYTES_BATCH : Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / table.columns.length))));

/** Copies a table of a SQLite database into the same table of `target`; answers the rows copied. */
export async function copyFromSqlite(source: AnyDb, target: AnyDb, table: TableShape): Promise<number> {
  const batchSize = batchSizeOf(table);
  const columns = table.columns.map((c) => sql.ref(c));
  let lastRowid = -Number.MAX_SAFE_INTEGER;
  let copied = 0;
  for (;;) {
    // Pages by SQLite's rowid, which every table here has, so each batch starts where the last one ended.
    const { rows } = await sql<Record<string, unknown> & { copy_rowid: number }>`
      SELECT rowid AS copy_rowid, ${sql.join(columns)} FROM ${sql.table(table.name)}
      WHERE rowid > ${lastRowid} ORDER BY rowid LIMIT ${batchSize}`.execute(source);
    if (rows.length === 0) return copied;
    lastRowid = rows[rows.length - 1].copy_rowid;
    const values = rows.map(({ copy_rowid: _rowid, ...row }) => row);
    await target.insertInto(table.name).values(values).execute();
    copied += rows.length;
  }
}

/**
 * Copies a table of a PostgreSQL schema into the same table of `target`, through a cursor: `source` must be a
 * transaction (whose snapshot every table is then read from). Only the columns SQLite's table has are read:
 * PostgreSQL's own search column stays behind.
 */
export async function copyFromPostgres(source: AnyDb, target: AnyDb, table: TableShape): Promise<number> {
  const batchSize = batchSizeOf(table);
  await sql`DECLARE council_copy NO SCROLL CURSOR FOR SELECT ${sql.join(table.columns.map((c) => sql.ref(c)))} FROM ${sql.table(table.name)}`.execute(source);
  let copied = 0;
  try {
    for (;;) {
      const { rows } = await sql<Record<string, unknown>>`FETCH ${sql.raw(String(batchSize))} FROM council_copy`.execute(source);
      if (rows.length === 0) return copied;
      await target.insertInto(table.name).values(rows).execute();
      copied += rows.length;
    }
  } finally {
    await sql`CLOSE council_copy`.execute(source);
  }
}

/** Empties every table, the referencing ones first: a database just migrated holds its migrations' default rows. */
export async function emptyTables(target: AnyDb, tables: TableShape[]): Promise<void> {
  for (const table of [...tables].reverse()) await target.deleteFrom(table.name).execute();
}

/** After rows arrive with their ids, each PostgreSQL id sequence must continue above the highest id copied. */
export async function resetSequences(target: AnyDb, tables: TableShape[]): Promise<void> {
  for (const table of tables.filter((t) => t.columns.includes('id'))) {
    const { rows } = await sql<{ seq: string | null }>`SELECT pg_get_serial_sequence(${table.name}, 'id') AS seq`.execute(target);
    const sequence = rows[0]?.seq;
    if (!sequence) continue; // an id that is not generated (the session's hash)
    await sql`SELECT setval(${sequence}::regclass, coalesce((SELECT max(id) FROM ${sql.table(table.name)}), 0) + 1, false)`.execute(target);
  }
}
