// `npm run migrate-to-postgres`: copies the SQLite database in DATA_DIR into the empty PostgreSQL database
// that DATABASE_URL names, uploaded files included, then compares both sides table by table and fails
// loudly if anything differs. Stop the server first (or accept that writes made during the copy are left
// behind: the copy reads one consistent snapshot).
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { readConfig } from '../src/server/config';
import { migrateToLatest, openPostgres, openSqlite, SQLITE_FILE_NAME } from '../src/server/db';

type AnyDb = Kysely<any>;

/**
 * Kysely's own bookkeeping, and SQLite's full-text tables: each side has them from its own migration run
 * (PostgreSQL computes its search column from the copied search entries).
 */
const SKIPPED = /^(sqlite_|kysely_|search_fts)/;
/** PostgreSQL takes at most 65,535 parameters per statement; stay well below. */
const MAX_PARAMETERS = 30_000;
/** Rows that carry file bytes go in small batches, so memory stays flat however large the files are. */
const ROWS_PER_BYTES_BATCH = 50;

interface TableShape {
  name: string;
  columns: string[];
  /** Columns holding bytes (blob on SQLite, bytea on PostgreSQL). */
  byteColumns: string[];
  references: string[];
}

class CopyError extends Error {}

async function sqliteTables(source: AnyDb): Promise<TableShape[]> {
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
  return tables;
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

async function postgresColumns(target: AnyDb): Promise<Map<string, Set<string>>> {
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
function checkSameShape(tables: TableShape[], target: Map<string, Set<string>>): void {
  const problems: string[] = [];
  for (const table of tables) {
    const columns = target.get(table.name);
    if (!columns) problems.push(`table ${table.name} is missing in PostgreSQL`);
    else for (const column of table.columns) if (!columns.has(column)) problems.push(`column ${table.name}.${column} is missing in PostgreSQL`);
  }
  for (const name of target.keys()) if (!tables.some((t) => t.name === name)) problems.push(`table ${name} exists only in PostgreSQL`);
  if (problems.length > 0) throw new CopyError(`the two databases differ in shape:\n  ${problems.join('\n  ')}`);
}

async function countRows(database: AnyDb, table: string): Promise<number> {
  const row = await database.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function byteTotal(database: AnyDb, table: string, column: string): Promise<number> {
  const { rows } = await sql<{ n: number | string | null }>`SELECT sum(length(${sql.ref(column)})) AS n FROM ${sql.table(table)}`.execute(database);
  return Number(rows[0]?.n ?? 0);
}

async function copyTable(source: AnyDb, target: AnyDb, table: TableShape): Promise<number> {
  const batchSize = table.byteColumns.length > 0 ? ROWS_PER_BYTES_BATCH : Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / table.columns.length)));
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

/** After rows arrive with their ids, each id sequence must continue above the highest id copied. */
async function resetSequences(target: AnyDb, tables: TableShape[]): Promise<void> {
  for (const table of tables.filter((t) => t.columns.includes('id'))) {
    const { rows } = await sql<{ seq: string | null }>`SELECT pg_get_serial_sequence(${table.name}, 'id') AS seq`.execute(target);
    const sequence = rows[0]?.seq;
    if (!sequence) continue; // an id that is not generated (the session's hash)
    await sql`SELECT setval(${sequence}::regclass, coalesce((SELECT max(id) FROM ${sql.table(table.name)}), 0) + 1, false)`.execute(target);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  if (!config.databaseUrl) throw new CopyError('set DATABASE_URL to the empty PostgreSQL database to copy into.');
  const sqliteFile = path.join(config.dataDir, SQLITE_FILE_NAME);
  if (!fs.existsSync(sqliteFile)) throw new CopyError(`there is no SQLite database at ${sqliteFile} (set DATA_DIR).`);

  const source = openSqlite(config.dataDir) as AnyDb;
  const target = openPostgres(config.databaseUrl, 2) as AnyDb;
  try {
    // Both sides at the latest schema, so their tables and columns match one to one.
    await migrateToLatest(source);
    const ran = await migrateToLatest(target);
    if (ran.length > 0) console.log(`PostgreSQL migrated: ${ran.join(', ')}`);
    const tables = inReferenceOrder(await sqliteTables(source));
    checkSameShape(tables, await postgresColumns(target));
    // Table versions say only that the cache must render afresh, and the property tax heads and settings are
    // the defaults their migration writes (replaced below by the council's own), as are the trade licence's
    // starting fee table and checklists and the water tariff; any other row means real data.
    const MIGRATION_FILLED = new Set(['table_version', 'property_tax_head', 'property_tax_setting', 'trade_type', 'trade_fee_rate', 'trade_fee_setting', 'trade_document_rule', 'water_setting']);
    for (const table of tables) {
      if (!MIGRATION_FILLED.has(table.name) && (await countRows(target, table.name)) > 0) {
        throw new CopyError(`the PostgreSQL database already holds data (table ${table.name}); point DATABASE_URL at an empty one.`);
      }
    }

    console.log(`Copying ${sqliteFile} into PostgreSQL…`);
    await source.transaction().execute(async (snapshot) => {
      await target.transaction().execute(async (trx) => {
        for (const table of [...tables].reverse()) await trx.deleteFrom(table.name).execute();
        for (const table of tables) {
          const started = Date.now();
          const copied = await copyTable(snapshot, trx, table);
          console.log(`  ${table.name}: ${copied} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
        await resetSequences(trx, tables);
      });
    });

    console.log('\nVerifying:');
    console.log(`  ${'table'.padEnd(22)} ${'SQLite'.padStart(10)} ${'PostgreSQL'.padStart(12)}`);
    const differences: string[] = [];
    for (const table of tables) {
      const figures: [string, number, number][] = [[table.name, await countRows(source, table.name), await countRows(target, table.name)]];
      for (const column of table.byteColumns) {
        figures.push([`  size of ${column}`, await byteTotal(source, table.name, column), await byteTotal(target, table.name, column)]);
      }
      for (const [label, left, right] of figures) {
        console.log(`  ${label.padEnd(22)} ${String(left).padStart(10)} ${String(right).padStart(12)}${left === right ? '' : '   DIFFERENT'}`);
        if (left !== right) differences.push(`${table.name} ${label.trim()}: ${left} in SQLite, ${right} in PostgreSQL`);
      }
    }
    if (differences.length > 0) throw new CopyError(`the copy does not match:\n  ${differences.join('\n  ')}`);
    console.log('\nEvery table matches. Start the server with this DATABASE_URL to use PostgreSQL.');
  } finally {
    await source.destroy();
    await target.destroy();
  }
}

try {
  await main();
} catch (err) {
  console.error(`migrate-to-postgres failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
