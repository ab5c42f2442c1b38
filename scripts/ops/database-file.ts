import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { migrations } from '../../db/migrations/index';
import { platformMigrations } from '../../db/platform-migrations/index';
import { readConfig } from '../../src/server/config';
import { migrateToLatest, openSqlite, SQLITE_FILE_NAME } from '../../src/server/db';
import { councilDataDir } from '../../src/server/councils/databases';
import { PLATFORM_FILE_NAME } from '../../src/server/councils/platform';

/** The embedded database's files in a data folder, and checks shared by the backup and restore commands. */
/** Kysely's Migrator keeps its record of applied migrations in this table. */
const MIGRATIONS_TABLE = 'kysely_migration';

export function databasePath(dataDir: string): string {
  return path.join(dataDir, SQLITE_FILE_NAME);
}

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

export function platformPath(dataDir: string): string {
  return path.join(dataDir, PLATFORM_FILE_NAME);
}

/** A council's files on disk: its folder (the data folder itself for the first), its database and its backups. */
export interface CouncilFiles {
  slug: string;
  first: boolean;
  dir: string;
  database: string;
  backups: string;
}

function councilFiles(slug: string, first: boolean, dataDir: string): CouncilFiles {
  const dir = councilDataDir({ slug, first }, dataDir);
  return { slug, first, dir, database: path.join(dir, SQLITE_FILE_NAME), backups: backupsDir(dir) };
}

/**
 * The councils a platform database lists (read only, without migrating it). A data folder that has no platform
 * database yet (an installation from before several councils, never started since) is its one council.
 */
export function councilsOf(platformFile: string, dataDir: string): CouncilFiles[] {
  if (!fs.existsSync(platformFile)) return [councilFiles('first', true, dataDir)];
  const platform = new SqliteDatabase(platformFile, { readonly: true, fileMustExist: true });
  try {
    platform.pragma('busy_timeout = 5000');
    const rows = platform.prepare('SELECT slug, first FROM council ORDER BY first DESC, id').all() as { slug: string; first: number }[];
    return rows.map((row) => councilFiles(row.slug, row.first === 1, dataDir));
  } finally {
    platform.close();
  }
}

/** The council a command names with `--council <slug>`, or every council when it names none. */
export function chosenCouncils(dataDir: string, slug: string | undefined): CouncilFiles[] {
  const councils = councilsOf(platformPath(dataDir), dataDir);
  if (slug === undefined) return councils;
  const council = councils.find((c) => c.slug === slug);
  if (!council) throw new Error(`No council has the slug "${slug}" (the councils are ${councils.map((c) => c.slug).join(', ')}).`);
  return [council];
}

/** The files SQLite keeps beside a database in WAL mode; stale ones must never meet a different database. */
export function sidecarPaths(file: string): string[] {
  return [`${file}-wal`, `${file}-shm`];
}

/** The data folder, or null (after saying why) when the database is PostgreSQL, whose own tools do this. */
export function embeddedDataDir(command: string): string | null {
  const config = readConfig();
  if (config.databaseUrl) {
    console.error(
      `${command} works on the embedded SQLite databases only. DATABASE_URL is set: use pg_dump and pg_restore (one council is its schema: pg_dump --schema=council_<slug>, the first council's is public; the platform's is platform), or npm run council:export.`,
    );
    return null;
  }
  return config.dataDir;
}

/** UTC, second precision, sortable as text: 20261122-093015. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, '').replace(/-/g, '').replace('T', '-').replace(/:/g, '');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** PRAGMA integrity_check's answer: ['ok'] for a sound file, otherwise the problems it lists. */
export function integrityProblems(database: SqliteDatabase.Database): string[] {
  const rows = database.pragma('integrity_check') as { integrity_check: string }[];
  const lines = rows.map((r) => r.integrity_check);
  return lines.length === 1 && lines[0] === 'ok' ? [] : lines;
}

/**
 * Why a file is not an intact council database (or, with `platform`, platform database) this version can run, or
 * null when it is: SQLite must read it, integrity_check must pass, and its migrations must be ones this version
 * knows.
 */
export function councilDatabaseProblem(file: string, kind: 'council' | 'platform' = 'council'): string | null {
  const known: Record<string, unknown> = kind === 'council' ? migrations : platformMigrations;
  if (!fs.existsSync(file)) return `${file} does not exist.`;
  let database: SqliteDatabase.Database;
  try {
    database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    return `${file} cannot be opened as a database: ${(err as Error).message}`;
  }
  try {
    const problems = integrityProblems(database);
    if (problems.length > 0) return `${file} fails the integrity check: ${problems.slice(0, 5).join('; ')}`;
    const hasMigrations = database.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(MIGRATIONS_TABLE);
    if (!hasMigrations) return `${file} is not a ${kind} database (it has no ${MIGRATIONS_TABLE} table).`;
    const applied = (database.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all() as { name: string }[]).map((r) => r.name);
    if (applied.length === 0) return `${file} is an empty ${kind} database (no migrations applied).`;
    const unknown = applied.filter((name) => !(name in known));
    if (unknown.length > 0) {
      // A platform file offered as a council's (or the other way round) knows none of the other's migrations.
      if (unknown.length === applied.length) return `${file} is not a ${kind} database.`;
      return `${file} was written by a newer version of the portal (migrations ${unknown.join(', ')}).`;
    }
    return null;
  } catch (err) {
    return `${file} cannot be read: ${(err as Error).message}`;
  } finally {
    database.close();
  }
}

/** Makes a finished file survive a power cut: its bytes, then the folder entry that names it. */
export function syncToDisk(file: string): void {
  for (const target of [file, path.dirname(file)]) {
    const fd = fs.openSync(target, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
}

/**
 * Creates the migrated SQLite database in dataDir before a server's first start there, for runs that are
 * about the SQLite file itself: a test server then keeps to it even when tests are pointed at PostgreSQL.
 */
export async function createSqliteDatabase(dataDir: string): Promise<void> {
  const database = openSqlite(dataDir);
  try {
    await migrateToLatest(database);
  } finally {
    await database.destroy();
  }
}

/** Settings for a server that must use the SQLite file in its data folder, whatever the environment says. */
export const SQLITE_ONLY: Record<string, string> = { DATABASE_URL: '' };
