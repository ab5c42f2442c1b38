import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type MigrationProvider, type SqliteDialectConfig, type SqliteDatabase as SqliteDialectDatabase } from 'kysely';
import { migrations } from '../../db/migrations/index';
import type { Database } from './db-schema';
import { processSingleton, resetProcessSingleton } from './singleton';
import { readConfig } from './config';
import { now } from './clock';
import { TableTrackingPlugin } from './cache/table-tracking';

/** Every handle sees its queries' tables, for the page cache's dependencies (cache/table-tracking.ts). */
const plugins = [new TableTrackingPlugin()];

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

/** An open database and what only its engine offers. */
export interface OpenDatabase {
  db: Db;
  engine: Engine;
  /** SQLite only: the file itself, for the one read that must answer without waiting for a promise. */
  sqliteFile?: SqliteDatabase.Database;
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
  const file = new SqliteDatabase(prepareDataDir(dataDir));
  // WAL lets readers go on while a write commits; the busy timeout makes a second writer wait instead of
  // failing; foreign keys are off by default in SQLite.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: keepingStatements(file) }), plugins }), engine: 'sqlite', sqliteFile: file };
}

/**
 * Every transaction takes SQLite's write lock as it begins (BEGIN IMMEDIATE), waiting up to the busy timeout
 * for it. A plain BEGIN takes the lock only at its first write, and when another process (a second server
 * process, SERVER_PROCESSES; a script beside the server) has written meanwhile, that upgrade fails at once
 * with SQLITE_BUSY instead of waiting. Within one process Kysely runs one transaction at a time anyway.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How many distinct statements are kept ready; the app's queries are a few hundred shapes. */
const KEPT_STATEMENTS = 1000;

/**
 * Kysely asks SQLite to prepare every query anew, and preparing costs as much as running a small query. The
 * app's queries come in a few hundred shapes (values are bound, not written into the SQL), so a statement
 * prepared once is kept by its text and run again, least recently used dropped first. A statement still being
 * iterated (a streamed read) is busy and cannot serve a second query meanwhile: that one gets its own.
 */
function keepingStatements(file: SqliteDatabase.Database): SqliteDialectDatabase {
  const kept = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => file.close(),
    prepare(sql) {
      const statement = kept.get(sql);
      if (statement && !statement.busy) {
        kept.delete(sql);
        kept.set(sql, statement);
        return statement;
      }
      const fresh = file.prepare(sql);
      if (!statement) {
        kept.set(sql, fresh);
        if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      }
      return fresh;
    },
  };
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
