// `npm run migrate-to-postgres`: copies the SQLite database in DATA_DIR into the empty PostgreSQL database
// that DATABASE_URL names, uploaded files included, then compares both sides table by table and fails
// loudly if anything differs. Stop the server first (or accept that writes made during the copy are left
// behind: the copy reads one consistent snapshot).
import fs from 'node:fs';
import path from 'node:path';
import { readConfig } from '../src/server/config';
import { migrateToLatest, openPostgres, openSqlite, SQLITE_FILE_NAME } from '../src/server/db';
import { byteTotal, checkSameShape, copyFromSqlite, CopyError, countRows, emptyTables, postgresColumns, resetSequences, sqliteTables, type AnyDb } from './ops/table-copy';

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
    const tables = await sqliteTables(source);
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
        await emptyTables(trx, tables);
        for (const table of tables) {
          const started = Date.now();
          const copied = await copyFromSqlite(snapshot, trx, table);
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
