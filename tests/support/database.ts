import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { openPostgres, openSqlite, SQLITE_FILE_NAME, type Db } from '../../src/server/db';

/**
 * Which database a test gets. By default each data folder holds its own SQLite file. When TEST_POSTGRES_URL
 * names a PostgreSQL server (scripts/test.mjs starts a throwaway one), each data folder is paired instead
 * with a fresh database created there, so the same tests run on PostgreSQL too. A folder that already holds
 * a SQLite file (made by a command-line script before the server's first start) keeps it.
 */
export const testPostgresUrl = (): string | undefined => process.env.TEST_POSTGRES_URL || undefined;

const databaseByDataDir = new Map<string, string>();

/** Creates an empty database on the PostgreSQL server that serverUrl reaches; returns the new one's URL. */
export async function createFreshDatabase(serverUrl: string, label = 'council_test'): Promise<string> {
  const name = `${label}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A copy of the database at templateUrl, made by PostgreSQL itself (`CREATE DATABASE … TEMPLATE`); the
 * template must have no open connections. Two copies begun at once can refuse each other, so a refused one
 * is tried again.
 */
export async function createDatabaseFromTemplate(templateUrl: string): Promise<string> {
  const template = new URL(templateUrl);
  const name = `council_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${decodeURIComponent(template.pathname.slice(1))}"`);
      break;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
    } finally {
      await client.end();
    }
    await new Promise((r) => setTimeout(r, 100 * attempt));
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Pairs a data folder with a PostgreSQL database made for it elsewhere (a copy of a template). */
export function pairDataDirWithDatabase(dataDir: string, databaseUrl: string): void {
  databaseByDataDir.set(dataDir, databaseUrl);
}

/** Whether a data folder is already paired with a PostgreSQL database. */
export const hasPairedDatabase = (dataDir: string): boolean => databaseByDataDir.has(dataDir);

/**
 * The PostgreSQL database paired with a data folder (the one given, or one made on first use), or undefined
 * for SQLite. Given as an empty string, the folder stays on SQLite whatever TEST_POSTGRES_URL says.
 */
export async function testDatabaseUrlFor(dataDir: string, given?: string): Promise<string | undefined> {
  if (given === '') return undefined;
  if (given) databaseByDataDir.set(dataDir, given);
  const known = databaseByDataDir.get(dataDir);
  if (known) return known;
  const server = testPostgresUrl();
  if (!server) return undefined;
  if (fs.existsSync(path.join(dataDir, SQLITE_FILE_NAME))) return undefined;
  const url = await createFreshDatabase(server);
  databaseByDataDir.set(dataDir, url);
  return url;
}

/** An empty database for a data-layer test: SQLite in dataDir, or a fresh PostgreSQL one. */
export async function openTestDatabase(dataDir: string): Promise<Db> {
  const url = await testDatabaseUrlFor(dataDir);
  return url ? openPostgres(url, 4) : openSqlite(dataDir);
}

/** Opens the database that a test server on dataDir uses, to look inside it or change it behind its back. */
export function openServerDatabase(dataDir: string): Db {
  const url = databaseByDataDir.get(dataDir);
  return url ? openPostgres(url, 1) : openSqlite(dataDir);
}

/** Runs one statement on the database of the test server on dataDir and returns its rows. */
export async function queryServerDatabase<R = Record<string, unknown>>(dataDir: string, query: RawBuilder<R> | string): Promise<R[]> {
  const database = openServerDatabase(dataDir);
  try {
    const statement = typeof query === 'string' ? sql.raw<R>(query) : query;
    return (await statement.execute(database)).rows;
  } finally {
    await database.destroy();
  }
}

/** The number a `SELECT count(*) AS n …` statement answers on the test server's database. */
export async function countInServerDatabase(dataDir: string, query: string): Promise<number> {
  const [row] = await queryServerDatabase<{ n: number | string }>(dataDir, query);
  return Number(row.n);
}
