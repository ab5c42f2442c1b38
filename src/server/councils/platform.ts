import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, SqliteDialect, sql, type Generated, type MigrationProvider } from 'kysely';
import { platformMigrations } from '../../../db/platform-migrations/index';
import { readConfig } from '../config';
import { processSingleton, resetProcessSingleton } from '../singleton';
import { quotedSchema, schemaDialect } from '../db';
import { BUSY_TIMEOUT_MS, openSqliteConnection } from '../sqlite-driver';
import { sharedPostgresPool } from './databases';

/**
 * The platform database: what belongs to the installation rather than to one council (the councils, their
 * host names, the state's administrators, their sessions and audit log). DATA_DIR/platform.sqlite, or the
 * `platform` schema of DATABASE_URL's database through the councils' shared pool.
 */
export interface PlatformSchema {
  council: {
    id: Generated<number>;
    slug: string;
    name: string;
    name_hindi: string;
    short_name: string;
    status: 'active' | 'disabled';
    first: number;
    created_at: string;
  };
  council_host: { host: string; council_id: number };
  state_admin: { id: Generated<number>; email: string; password_hash: string; created_at: string; disabled_at: string | null };
  state_session: { id: string; admin_id: number; expires_at: string };
  state_audit: { id: Generated<number>; at: string; admin_email: string; action: string; address: string; council_id: number | null; detail: string };
}

export type PlatformDb = Kysely<PlatformSchema>;

export const PLATFORM_FILE_NAME = 'platform.sqlite';
const PLATFORM_SCHEMA = 'platform';

function openPlatform(): PlatformDb {
  const config = readConfig();
  if (config.databaseUrl) {
    return new Kysely<PlatformSchema>({ dialect: schemaDialect(sharedPostgresPool(config.databaseUrl), PLATFORM_SCHEMA) });
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(config.dataDir, PLATFORM_FILE_NAME);
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // Little is written here (a council made, a state sign-in): one connection, waiting its turn on SQLite's lock.
  return new Kysely<PlatformSchema>({ dialect: new SqliteDialect({ database: openSqliteConnection(file, BUSY_TIMEOUT_MS) }) });
}

/** The process's handle on the platform database (not migrated: see migratePlatform). */
export function platformDb(): PlatformDb {
  return processSingleton('platform-db', openPlatform);
}

export async function closePlatformDb(): Promise<void> {
  const key = Symbol.for('council-portal:platform-db');
  const open = (globalThis as unknown as Record<symbol, PlatformDb | undefined>)[key];
  resetProcessSingleton('platform-db');
  await open?.destroy();
}

const provider: MigrationProvider = { getMigrations: async () => platformMigrations };

/** Brings the platform database up to date; answers the migrations it ran. */
export async function migratePlatform(database: PlatformDb = platformDb()): Promise<string[]> {
  const postgres = !!readConfig().databaseUrl;
  if (postgres) await sql.raw(`CREATE SCHEMA IF NOT EXISTS ${quotedSchema(PLATFORM_SCHEMA)}`).execute(database);
  const migrator = new Migrator({ db: database, provider, ...(postgres ? { migrationTableSchema: PLATFORM_SCHEMA } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
