import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from '../../db/migrations/index';
import type { Database } from './db-schema';
import { processSingleton, resetProcessSingleton } from './singleton';
import { readConfig } from './config';

export type Db = Kysely<Database>;

/** Opens the embedded SQLite database in dataDir, creating the folder if needed. */
export function openSqlite(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SqliteDatabase(path.join(dataDir, 'council.sqlite'));
  // WAL lets readers go on while a write commits; the busy timeout makes a second writer wait instead of
  // failing; foreign keys are off by default in SQLite.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
}

/** The process's one database handle. */
export function db(): Db {
  return processSingleton('db', () => openSqlite(readConfig().dataDir));
}

export async function closeDb(): Promise<void> {
  const key = Symbol.for('council-portal:db');
  const handle = (globalThis as unknown as Record<symbol, Db | undefined>)[key];
  resetProcessSingleton('db');
  await handle?.destroy();
}

const staticMigrations: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateToLatest(database: Db = db()): Promise<string[]> {
  const migrator = new Migrator({ db: database, provider: staticMigrations });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export function nowIso(): string {
  return new Date().toISOString();
}
