import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import { migrations } from '../../db/migrations/index';
import type { Database } from './db-schema';
import { processSingleton, resetProcessSingleton } from './singleton';
import { readConfig } from './config';
import { now } from './clock';
import { TableTrackingPlugin } from './cache/table-tracking';
import { BUSY_TIMEOUT_MS, CouncilSqliteDialect, openSqliteConnection } from './sqlite-driver';

/** Every handle sees its queries' tables, for the page cache's dependencies (cache/table-tracking.ts). */
const plugins = [new TableTrackingPlugin()];

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

/** An open database and what only its engine offers. */
export interface OpenDatabase {
  db: Db;
  engine: Engine;
  /** SQLite only: the connection that writes (sqlite-driver.ts), whose commits check the log back into the file. */
  sqliteFile?: SqliteDatabase.Database;
  /** SQLite only: the connection that reads, for the one read that must answer without waiting for a promise. */
  sqliteReader?: SqliteDatabase.Database;
}

export const SQLITE_FILE_NAME = 'council.sqlite';

/**
 * Creates the data folder (0700) and an empty database file (0600) when they do not exist yet: they hold staff
 * accounts, sessions and the audit log, which nobody else on the machine has any business reading. SQLite
 * gives its -wal and -shm files the database file's permissions.
 */
export function prepareDataDir(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const databaseFile = path.join(dataDir, SQLITE_FILE_NAME);
  try {
    fs.closeSync(fs.openSync(databaseFile, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return databaseFile;
}

function openSqliteFile(dataDir: string): OpenDatabase {
  const file = prepareDataDir(dataDir);
  const writer = openSqliteConnection(file, BUSY_TIMEOUT_MS);
  const reader = openSqliteConnection(file, BUSY_TIMEOUT_MS);
  return { db: new Kysely<Database>({ dialect: new CouncilSqliteDialect(writer, reader), plugins }), engine: 'sqlite', sqliteFile: writer, sqliteReader: reader };
}

/** Opens the embedded SQLite database in dataDir, creating the folder if needed. */
export function openSqlite(dataDir: string): Db {
  return openSqliteFile(dataDir).db;
}

const PG_INT8 = 20;

/**
 * Opens a PostgreSQL database through a connection pool. PostgreSQL answers count(*) and sum() as 64-bit
 * integers, which pg hands over as strings; here they become numbers, as on SQLite (no count we make comes
 * near 2^53).
 */
export function openPostgres(connectionString: string, poolSize = 10): Db {
  // Loaded here, not at start: a server on SQLite never loads the PostgreSQL client.
  const { Pool, types } = createRequire(import.meta.url)('pg') as typeof pg;
  const pool = new Pool({
    connectionString,
    max: poolSize,
    types: { getTypeParser: (oid, format) => (oid === PG_INT8 ? Number : types.getTypeParser(oid, format)) },
  });
  // An idle pooled connection that the server drops (a restart, a failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
}

/** The database the settings name: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function openConfiguredDatabase(config = readConfig()): OpenDatabase {
  return config.databaseUrl ? { db: openPostgres(config.databaseUrl), engine: 'postgres' } : openSqliteFile(config.dataDir);
}

/** The process's one open database. */
export function processDatabase(): OpenDatabase {
  return processSingleton('db', () => openConfiguredDatabase());
}

/** The process's one database handle. */
export function db(): Db {
  return processDatabase().db;
}

export async function closeDb(): Promise<void> {
  const key = Symbol.for('council-portal:db');
  const open = (globalThis as unknown as Record<symbol, OpenDatabase | undefined>)[key];
  resetProcessSingleton('db');
  await open?.db.destroy();
}

const staticMigrations: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateToLatest(database: Db = db()): Promise<string[]> {
  const migrator = new Migrator({ db: database, provider: staticMigrations });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Now on the server's clock, as the ISO text rows are stamped with. */
export function nowIso(): string {
  return new Date(now()).toISOString();
}
